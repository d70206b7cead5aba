import { AA_NORMAL_TEXT, contrastRatio } from "~/lib/contrast";
import { formatRatio } from "~/lib/format";
import { defineSettings, type SectionValues, type SectionOf } from "~/modules/admin/settings";

/**
 * /admin/frontend-design-settings (SPEC admin menu; issue 32): the site's name and logo, the public header's colours,
 * the footer's words and the home page's plane banner, a settings record of the admin engine (decision 0064). The
 * public shell reads them through `getDesignSettings` (design-settings.server.ts). A header text colour that reads
 * below WCAG AA (4.5 to 1) on its background is refused. Safe for the browser.
 */
export const DESIGN_SETTINGS = defineSettings({
  id: "frontend-design-settings",
  title: "Front-end design",
  description: "The site's name and logo, the header's colours and the footer's words on every public page.",
  subject: "SiteSettings",
  sections: [
    {
      id: "identity",
      title: "Name and logo",
      description: "The name shown in the header, the footer, page titles and mails; the logo beside it in the header.",
      keys: {
        siteName: {
          kind: "text",
          name: "site_name",
          storage: "site_name",
          label: "Site name",
          maxLength: 60,
          default: "Vacation Points Market",
          message: "Enter the site name in 1 to 60 characters, without control characters.",
        },
        logo: {
          kind: "image",
          name: "logo",
          storage: "site_logo",
          label: "Logo",
          default: "",
          help: "A square picture reads best (shown 32 pixels high). Empty: the site's own mark.",
        },
      },
      check: (v) => (String(v.siteName).trim() ? null : { siteName: "Enter the site name in 1 to 60 characters." }),
    },
    {
      id: "header",
      title: "Header colours",
      description:
        "The header's background and the colour of its words, for visitors and signed-in members (an administrator acting as a member keeps the amber warning colour).",
      keys: {
        background: {
          kind: "colour",
          name: "header_background",
          storage: "header_background_colour",
          label: "Header background",
          default: "#0f172a",
        },
        text: {
          kind: "colour",
          name: "header_text",
          storage: "header_text_colour",
          label: "Header text",
          default: "#ffffff",
          help: `It must contrast with the background at least ${AA_NORMAL_TEXT} to 1 (WCAG AA).`,
        },
      },
      check: (v) => {
        const ratio = contrastRatio(String(v.text), String(v.background));
        return ratio < AA_NORMAL_TEXT
          ? {
              text: `The header text on its background has a contrast of ${formatRatio(ratio)}; it must be at least ${AA_NORMAL_TEXT} to 1 to be readable. Choose a darker or lighter colour.`,
            }
          : null;
      },
    },
    {
      id: "footer",
      title: "Footer",
      keys: {
        text: {
          kind: "text",
          name: "footer_text",
          storage: "footer_text",
          label: "Footer text",
          maxLength: 300,
          default:
            "A licensed and insured resale broker for Disney Vacation Club contracts: we help owners sell and families buy DVC points for less than buying direct.",
          help: "One or two sentences above the copyright line of every public page. Empty: none.",
        },
      },
    },
    {
      id: "home",
      title: "Home page plane banner",
      description: "A small plane towing a banner across the top of the home page, linking to the listings for sale.",
      keys: {
        showPlane: {
          kind: "boolean",
          name: "is_show_plane_banner",
          storage: "is_show_plane_banner",
          label: "Show the plane banner on the home page",
          default: false,
        },
        planeText: {
          kind: "text",
          name: "plane_banner_text",
          storage: "plane_banner_text",
          label: "Words on the plane's banner",
          maxLength: 60,
          default: "Buy DVC points resale and save",
        },
      },
      check: (v) =>
        v.showPlane && !String(v.planeText).trim()
          ? { planeText: "Enter the words on the banner, or untick “Show the plane banner”." }
          : null,
    },
  ],
});

export type DesignSettings = {
  identity: SectionValues<SectionOf<typeof DESIGN_SETTINGS, "identity">>;
  header: SectionValues<SectionOf<typeof DESIGN_SETTINGS, "header">>;
  footer: SectionValues<SectionOf<typeof DESIGN_SETTINGS, "footer">>;
  home: SectionValues<SectionOf<typeof DESIGN_SETTINGS, "home">>;
};
