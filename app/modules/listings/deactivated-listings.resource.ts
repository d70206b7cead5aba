import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { listings } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { reactivateListing } from "./admin-listings.server";
import { DEACTIVATION_REASONS, OTHER_REASON } from "./inventory.schema";
import { LISTING_COLUMNS, LISTING_JOINS, listingTitle } from "./listing-columns.resource";
import { LISTING_STATUS } from "./listing-status";

/** The reason a deactivated listing shows: one of SPEC section 5's reasons, Other with its text, or a rejection. */
const reasonLabel = sql<string>`case
  when ${listings.deactivationReasonId} = ${Number(OTHER_REASON)} then 'Other: ' || coalesce(nullif(${listings.deactivationReasonText}, ''), 'no text given')
  ${sql.join(
    DEACTIVATION_REASONS.filter((r) => r.value !== OTHER_REASON).map(
      (r) => sql`when ${listings.deactivationReasonId} = ${Number(r.value)} then ${r.label}`,
    ),
    sql` `,
  )}
  when ${listings.approvedAt} is null then 'Rejected in review'
  else 'No reason recorded' end`;

/** /admin/deactivated-listings: listings taken off the market, with when and why; an administrator reactivates. */
export default defineResource({
  noun: "listing",
  title: "Deactivated listings",
  description:
    "Listings taken off the market by their seller, by an administrator or in review, newest change first. Reactivating puts a listing back on sale; one that was never approved goes back to Pending listings for review.",
  caption: "Deactivated listings",
  searchLabel: "Search by listing code, resort, seller or broker",
  emptyText: "No listing is deactivated.",
  table: listings,
  id: listings.id,
  operations: [],
  schema: z.object({}),
  scope: () => and(eq(listings.listingStatusId, LISTING_STATUS.deactivated), eq(listings.isTest, false)),
  joins: LISTING_JOINS,
  columns: [
    ...LISTING_COLUMNS,
    {
      key: "updated",
      label: "When and why (Eastern)",
      value: listings.updatedAt,
      format: "datetime",
      sortable: true,
      detail: "reason",
    },
    { key: "reason", label: "Reason", value: reasonLabel, hidden: true, searchable: true },
  ],
  fields: [],
  defaultSort: { key: "updated", dir: "desc" },
  pageSize: 20,
  titleOf: listingTitle,
  rowActions: [
    {
      intent: "reactivate",
      label: "Reactivate",
      accessibleLabel: (r) => `Reactivate listing ${r.code}`,
      service: async ({ services, actor, id }) => {
        const row = await reactivateListing(services, { actor, input: { id } });
        return row.listingStatusId === LISTING_STATUS.pending
          ? `Listing ${row.listingCode} was never approved, so it went back to Pending listings for review.`
          : `Listing ${row.listingCode} is active again.`;
      },
    },
  ],
});
