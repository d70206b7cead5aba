import { defineSettings, type SectionOf, type SectionValues } from "~/modules/admin/settings";

/**
 * /admin/fb-settings (SPEC admin menu; issue 33, decision 0086): the Facebook app id (the `fb:app_id` meta tag), the
 * Meta Pixel id (the pixel's script, loaded only after a visitor accepts the cookie prompt) and Meta's domain
 * verification token (a meta tag). Each is left out of the pages while empty. Safe for the browser.
 */
export const SOCIAL_SETTINGS = defineSettings({
  id: "fb-settings",
  title: "Facebook settings",
  description: "The Facebook app and Meta Pixel the public pages name. Empty: left out of the pages.",
  subject: "SiteSettings",
  sections: [
    {
      id: "facebook",
      title: "Facebook and Meta Pixel",
      submitLabel: "Save Facebook settings",
      // One JSON row: a value of digits alone kept in a row of its own comes back from jsonb as a number (decision 0086).
      storedAs: "fb_settings",
      description:
        "The app id goes into every public page's fb:app_id tag (for link previews and insights). With a pixel id, public pages ask visitors whether they accept marketing cookies, and load the Meta Pixel only for those who accept.",
      keys: {
        appId: {
          kind: "text",
          name: "fb_app_id",
          storage: "fb_app_id",
          label: "Facebook app id",
          help: "The number on the app's page at developers.facebook.com. Empty: no fb:app_id tag.",
          maxLength: 20,
          default: "",
          optional: true,
        },
        pixelId: {
          kind: "text",
          name: "fb_pixel_id",
          storage: "fb_pixel_id",
          label: "Meta Pixel id",
          help: "The number of the pixel in Meta's Events Manager. Empty: no pixel and no cookie prompt.",
          maxLength: 20,
          default: "",
          optional: true,
        },
        domainVerification: {
          kind: "text",
          name: "fb_domain_verification",
          storage: "fb_domain_verification",
          label: "Domain verification token",
          help: "The content of the facebook-domain-verification meta tag Meta's Business settings give. Empty: no tag.",
          maxLength: 64,
          default: "",
          optional: true,
        },
      },
      check: (values) => {
        const problems: Record<string, string> = {};
        const digits = (v: unknown) => v === "" || /^\d{5,20}$/.test(String(v));
        if (!digits(values.appId))
          problems.appId = "Enter the Facebook app id as its digits only (5 to 20), or leave it empty.";
        if (!digits(values.pixelId))
          problems.pixelId = "Enter the Meta Pixel id as its digits only (5 to 20), or leave it empty.";
        if (values.domainVerification !== "" && !/^[a-z0-9]{10,64}$/i.test(String(values.domainVerification))) {
          problems.domainVerification =
            "Enter the domain verification token as Meta gives it: 10 to 64 letters and digits, or leave it empty.";
        }
        return Object.keys(problems).length ? problems : null;
      },
    },
  ],
});

export type SocialSettings = SectionValues<SectionOf<typeof SOCIAL_SETTINGS, "facebook">>;
