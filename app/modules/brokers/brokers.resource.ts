import { sql } from "drizzle-orm";
import { z } from "zod";
import { brokers } from "~/db/schema";
import { optionalText, text } from "~/lib/fields";
import { slugOf } from "~/lib/slug";
import { defineResource } from "~/modules/admin/resource";
import { LISTING_STATUS } from "~/modules/listings/listing-status";

/** The URL part of a broker's name ("Lakeside Timeshare Brokers" -> "lakeside-timeshare-brokers"). */
export function brokerSlug(name: string) {
  return slugOf(name, "broker");
}

export const BrokerSchema = z.object({
  name: text({
    label: "The name",
    min: 2,
    max: 120,
    required: "Enter the broker's name.",
    tooShort: "Enter the broker's name (at least 2 characters).",
  }),
  website: z
    .url({ protocol: /^https?$/, error: "Enter the website as a full address, like https://example.com." })
    .max(300, "The website address is at most 300 characters.")
    .nullable(),
  commission_text: optionalText({
    label: "The commission text",
    max: 500,
    multiline: true,
    tooLong: "The commission text is at most 500 characters.",
  }).transform((v) => v ?? ""),
  is_active: z.boolean(),
});

/**
 * /admin/brokers (SPEC admin menu): the resale brokers whose listings the marketplace shows. An inactive broker's
 * name leaves the listing filters; its listings stay on record.
 */
export default defineResource({
  noun: "broker",
  title: "Brokers",
  description:
    "Licensed resale brokers whose listings appear beside members' own. The name, logo and commission text show on the broker's listings; only active brokers appear in the listing filters.",
  table: brokers,
  id: brokers.id,
  operations: ["create", "update", "delete", "import", "export"],
  schema: BrokerSchema,
  columns: [
    { key: "logo", label: "Logo", value: brokers.logoPath, format: "image" },
    { key: "name", label: "Name", value: brokers.name, sortable: true, searchable: true, primary: true },
    { key: "website", label: "Website", value: brokers.website, format: "url", searchable: true },
    { key: "commission", label: "Commission text", value: brokers.commissionText, optional: true, format: "multiline" },
    {
      key: "listings",
      label: "Active listings",
      // Qualified by hand: drizzle leaves column names unqualified in a one-table select, and inside this subquery
      // an unqualified "id" would be the listing's.
      value: sql<number>`(select count(*)::int from listings l where l.broker_id = "brokers"."id" and l.listing_status_id = ${LISTING_STATUS.active} and l.is_test = false)`,
      format: "number",
      sortable: true,
    },
    {
      key: "active",
      label: "Status",
      value: brokers.isActive,
      format: "boolean",
      booleanLabels: ["Active", "Inactive"],
      sortable: true,
      filter: { kind: "boolean", yes: "Active", no: "Inactive" },
    },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text" },
    {
      name: "logo",
      label: "Logo",
      kind: "image",
      column: brokers.logoPath,
      imageFolder: "brokers",
      help: "PNG, JPEG or WebP, at most 5 MB; shown at up to 600 px.",
    },
    {
      name: "website",
      label: "Website",
      kind: "url",
      help: "The full address, like https://example.com.",
    },
    {
      name: "commission_text",
      label: "Commission text",
      kind: "textarea",
      column: brokers.commissionText,
      help: "What the broker charges a seller, as shown on its listings.",
    },
    {
      name: "is_active",
      label: "Active (shown in the listing filters)",
      kind: "checkbox",
      column: brokers.isActive,
      default: true,
    },
  ],
  defaultSort: { key: "name", dir: "asc" },
  titleOf: (row) => String(row.name ?? ""),
  // The slug is the broker's address in links: set once at creation so shared links keep working.
  prepare: (cols, { existing }) => (existing ? cols : { ...cols, slug: brokerSlug(String(cols.name)) }),
});
