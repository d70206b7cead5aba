import { defineSettings } from "~/modules/admin/settings";

/**
 * /admin/seo/defaults (issue 32, decision 0085): what a page without an SEO entry of its own shows in link previews.
 * Writers, senior writers and administrators (subject `Seo`). Safe for the browser.
 */
export const SEO_SETTINGS = defineSettings({
  id: "seo-defaults",
  title: "SEO defaults",
  description:
    "What every public page says to search engines and link previews when neither the page nor the SEO manager sets it.",
  subject: "Seo",
  sections: [
    {
      id: "preview",
      title: "Link previews",
      description:
        "The picture shown when a page is shared on social sites or in messages and has no picture of its own (a page's picture, or its entry in the SEO manager, comes first).",
      keys: {
        defaultImage: {
          kind: "image",
          name: "default_image",
          storage: "seo_default_image",
          label: "Default link-preview picture",
          default: "",
          help: "1200 by 630 pixels reads best. Empty: previews show no picture.",
        },
      },
    },
  ],
});
