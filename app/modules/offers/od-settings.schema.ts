import { href } from "react-router";
import { defineSettings, type SectionOf, type SectionValues } from "~/modules/admin/settings";
import { OFFER_STATUS_LABELS } from "./offers.schema";

/**
 * /admin/od-settings (SPEC admin menu): the offer dashboard's starting view, saved for every administrator, as a
 * settings record of the admin engine (issue 30, decision 0064), kept as one row (`od_settings`). The query string
 * still overrides each part (a tab, a sort or a page size chosen on the dashboard). Safe for the browser.
 */
export const OD_SETTINGS_KEY = "od_settings";

export const OD_STATUS_OPTIONS = [
  { value: "all", label: "All offers" },
  ...Object.entries(OFFER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** The dashboard's sort choices: a sortable column of the dashboard and its direction. */
export const OD_SORTS = {
  updated: { key: "updated", dir: "desc", label: "Last change, newest first" },
  oid: { key: "oid", dir: "desc", label: "Offer number, newest first" },
  expires: { key: "expires", dir: "asc", label: "Expiry, soonest first" },
  total: { key: "total", dir: "desc", label: "Total, largest first" },
} as const;
type OdSort = keyof typeof OD_SORTS;
/** The dashboard's optional columns (the table settings cog's), by column key. */
export const OD_COLUMNS = [
  { value: "total", label: "Total" },
  { value: "seller", label: "Seller" },
  { value: "expires", label: "Expires" },
] as const;
const SORT_OPTIONS = (Object.keys(OD_SORTS) as OdSort[]).map((value) => ({ value, label: OD_SORTS[value].label }));

export const OD_SETTINGS = defineSettings({
  id: "od-settings",
  title: "Offer dashboard settings",
  subject: "OfferAdmin",
  redirectTo: href("/admin/offer-dashboard"),
  sections: [
    {
      id: "defaults",
      title: "Starting view",
      submitLabel: "Save settings",
      storedAs: OD_SETTINGS_KEY,
      keys: {
        status: {
          kind: "select",
          name: "status",
          storage: "status",
          label: "Opens on the tab",
          options: OD_STATUS_OPTIONS,
          default: "all",
          message: "Choose the tab the dashboard opens on.",
        },
        sort: {
          kind: "select",
          name: "sort",
          storage: "sort",
          label: "Sorted by",
          options: SORT_OPTIONS,
          default: "updated",
          message: "Choose how the offers are sorted.",
        },
        perPage: {
          kind: "select",
          numeric: true,
          name: "perPage",
          storage: "perPage",
          label: "Offers a page",
          options: [
            { value: "10", label: "10" },
            { value: "25", label: "25" },
            { value: "50", label: "50" },
            { value: "100", label: "100" },
          ],
          default: "25",
          message: "Choose 10, 25, 50 or 100 offers a page.",
        },
        columns: {
          kind: "multiselect",
          name: "columns",
          storage: "columns",
          label: "Extra columns",
          options: OD_COLUMNS,
          default: [],
        },
        /** Only offers made in the last so many days (0: any time). */
        days: {
          kind: "integer",
          name: "days",
          storage: "days",
          label: "Only offers of the last (days)",
          help: "0 shows offers of any date.",
          unit: "days",
          min: 0,
          max: 3650,
          default: 0,
        },
      },
      saved: (v) => `Offer dashboard settings saved: it ${odWords(v)}.`,
    },
  ],
});

export type OdSettings = SectionValues<SectionOf<typeof OD_SETTINGS, "defaults">>;

/** The starting view in words (the toast). */
function odWords(v: Record<string, unknown>): string {
  const s = v as { status: string; perPage: number; sort: OdSort; columns: string[]; days: number };
  return [
    `opens on ${OD_STATUS_OPTIONS.find((o) => o.value === s.status)?.label ?? s.status}`,
    `${s.perPage} a page`,
    OD_SORTS[s.sort].label.toLowerCase(),
    s.columns.length
      ? `also shows ${s.columns.map((c) => OD_COLUMNS.find((o) => o.value === c)?.label ?? c).join(", ")}`
      : "no extra columns",
    s.days > 0 ? `offers of the last ${s.days} days` : "offers of any date",
  ].join("; ");
}
