import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { listings } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { setTestListing } from "./admin-listings.server";
import { LISTING_COLUMNS, LISTING_JOINS, listingTitle } from "./listing-columns.resource";
import { LISTING_STATUS } from "./listing-status";

/** /admin/test-listings: listings used to try the site out, never in search; flag one by its code, or unflag it. */
export default defineResource({
  noun: "listing",
  title: "Test listings",
  description:
    "Listings used to try the site out. They are kept out of search, the listings call and the scores of other listings. Unflag one to let buyers see it again (if it is active).",
  caption: "Test listings",
  searchLabel: "Search by listing code, resort, seller or broker",
  emptyText: "No listing is flagged as a test.",
  table: listings,
  id: listings.id,
  operations: [],
  schema: z.object({}),
  scope: () => eq(listings.isTest, true),
  joins: LISTING_JOINS,
  columns: [
    ...LISTING_COLUMNS,
    {
      key: "updated",
      label: "Status, last change (Eastern)",
      value: listings.updatedAt,
      format: "datetime",
      sortable: true,
      detail: "status",
    },
    {
      key: "status",
      label: "Status",
      value: sql<string>`case ${listings.listingStatusId} when ${LISTING_STATUS.pending} then 'Pending review' when ${LISTING_STATUS.active} then 'Active' when ${LISTING_STATUS.underContract} then 'Under contract' when ${LISTING_STATUS.deactivated} then 'Deactivated' else 'Status ' || ${listings.listingStatusId} end`,
      hidden: true,
    },
  ],
  fields: [],
  defaultSort: { key: "updated", dir: "desc" },
  pageSize: 20,
  titleOf: listingTitle,
  toolbarActions: [
    {
      intent: "flag",
      title: "Flag a listing as a test listing",
      button: "Flag as test",
      help: "Its listing code, like VPM-10001. A test listing stays in the database but never shows in search.",
      fields: [{ name: "code", label: "Listing code", kind: "text", required: true, maxLength: 40 }],
      service: async ({ services, actor, input }) => {
        const row = await setTestListing(services, { actor, input: { code: input.code ?? "", isTest: true } });
        return `Listing ${row.listingCode} is now a test listing; buyers no longer see it.`;
      },
    },
  ],
  rowActions: [
    {
      intent: "unflag",
      label: "Unflag",
      accessibleLabel: (r) => `Unflag test listing ${r.code}`,
      service: async ({ services, actor, id }) => {
        const row = await setTestListing(services, { actor, input: { id, isTest: false } });
        return `Listing ${row.listingCode} is no longer a test listing.`;
      },
    },
  ],
});
