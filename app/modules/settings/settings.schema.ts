import { z } from "zod";

/** Keys of settings that anyone may read through the /settings call. Everything else stays private. */
export const PUBLIC_SETTING_KEYS = [
  "site_name",
  "site_email",
  "site_phone",
  "site_phone_secondary",
  "business_hours",
  "is_show_plane_banner",
  "use_years_membership_page",
  "copyright_start_year",
] as const;

export const SettingsRequestSchema = z.object({
  columns: z
    .array(z.enum(PUBLIC_SETTING_KEYS, { error: "Unknown setting." }), {
      error: "columns must be a list of setting keys.",
    })
    .min(1, "Ask for at least one setting.")
    .max(PUBLIC_SETTING_KEYS.length),
});
export type SettingsRequest = z.infer<typeof SettingsRequestSchema>;

export type SiteInfo = {
  siteName: string;
  email: string;
  phone: string;
  phoneSecondary: string;
  hours: { label: string; value: string }[];
  copyrightStartYear: number;
};
