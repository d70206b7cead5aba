import { z } from "zod";
import { int } from "~/lib/fields";
import { OFFER_STATUS_LABELS } from "./offers.schema";

/**
 * /admin/od-settings (SPEC admin menu): the offer dashboard's starting view, saved for every administrator. The
 * query string still overrides each part (a tab, a sort or a page size chosen on the dashboard). Safe for the browser.
 */
export const OD_SETTINGS_KEY = "od_settings";

export const OD_STATUS_OPTIONS = [
  { value: "all", label: "All offers" },
  ...Object.entries(OFFER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
] as const;

/** The dashboard's sort choices: a sortable column of the dashboard and its direction. */
export const OD_SORTS = {
  updated: { key: "updated", dir: "desc", label: "Last change, newest first" },
  oid: { key: "oid", dir: "desc", label: "Offer number, newest first" },
  expires: { key: "expires", dir: "asc", label: "Expiry, soonest first" },
  total: { key: "total", dir: "desc", label: "Total, largest first" },
} as const;

/** The dashboard's optional columns (the table settings cog's), by column key. */
export const OD_COLUMNS = [
  { value: "total", label: "Total" },
  { value: "seller", label: "Seller" },
  { value: "expires", label: "Expires" },
] as const;

export const OD_PAGE_SIZES = [10, 25, 50, 100] as const;
export const OD_DAYS = { min: 0, max: 3650 } as const;

export type OdSettings = {
  status: (typeof OD_STATUS_OPTIONS)[number]["value"];
  perPage: (typeof OD_PAGE_SIZES)[number];
  sort: keyof typeof OD_SORTS;
  columns: (typeof OD_COLUMNS)[number]["value"][];
  /** Only offers made in the last so many days (0: any time). */
  days: number;
};

export const OD_DEFAULTS: OdSettings = { status: "all", perPage: 25, sort: "updated", columns: [], days: 0 };

const statusValues = OD_STATUS_OPTIONS.map((o) => o.value) as [OdSettings["status"], ...OdSettings["status"][]];
const columnValues = OD_COLUMNS.map((o) => o.value) as [OdSettings["columns"][number], ...OdSettings["columns"]];

export const OdSettingsSchema = z.object({
  status: z.enum(statusValues, { error: "Choose the tab the dashboard opens on." }),
  perPage: int({ min: 10, max: 100, message: "Choose 10, 25, 50 or 100 offers a page." })
    .refine((n) => (OD_PAGE_SIZES as readonly number[]).includes(n), "Choose 10, 25, 50 or 100 offers a page.")
    .transform((n) => n as OdSettings["perPage"]),
  sort: z.enum(Object.keys(OD_SORTS) as [OdSettings["sort"], ...OdSettings["sort"][]], {
    error: "Choose how the offers are sorted.",
  }),
  columns: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(columnValues, { error: "Choose columns from the list." })).max(OD_COLUMNS.length),
  ),
  days: int({
    min: OD_DAYS.min,
    max: OD_DAYS.max,
    message: "Enter a whole number of days.",
    tooSmall: "Enter 0 (any time) or more days.",
    tooLarge: `Enter at most ${OD_DAYS.max} days.`,
  }),
});

/** The stored value as settings (defaults for anything missing or no longer valid). */
export function odSettingsOf(stored: unknown): OdSettings {
  const parsed = OdSettingsSchema.safeParse({ ...OD_DEFAULTS, ...(typeof stored === "object" ? stored : {}) });
  return parsed.success ? parsed.data : OD_DEFAULTS;
}
