import { eq } from "drizzle-orm";
import { z } from "zod";
import { listings } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { reviewListing } from "./inventory.server";
import { LISTING_COLUMNS, LISTING_JOINS, listingTitle } from "./listing-columns.resource";
import { LISTING_STATUS } from "./listing-status";

/**
 * /admin/pending-listings: new listings from sellers wait here, oldest first, until an administrator approves them
 * (they go live) or rejects them (confirmed first: the seller's listing leaves the queue). Both go through the
 * listing workflow (`reviewListing`), which checks, writes and journals.
 */
export default defineResource({
  noun: "listing",
  title: "Pending listings",
  description: "New listings from sellers wait here until you approve them (they go live) or reject them.",
  caption: "Listings waiting for review",
  searchLabel: "Search by listing code, resort, seller or broker",
  emptyText: "No listings are waiting for review.",
  table: listings,
  id: listings.id,
  operations: [],
  schema: z.object({}),
  scope: () => eq(listings.listingStatusId, LISTING_STATUS.pending),
  joins: LISTING_JOINS,
  columns: [
    ...LISTING_COLUMNS,
    {
      key: "submitted",
      label: "Submitted (Eastern)",
      value: listings.createdAt,
      format: "datetime",
      sortable: true,
      priority: 3,
    },
  ],
  fields: [],
  defaultSort: { key: "submitted", dir: "asc" },
  pageSize: 20,
  titleOf: listingTitle,
  rowActions: [
    {
      intent: "approve",
      label: "Approve",
      accessibleLabel: (r) => `Approve listing ${r.code}`,
      service: async ({ services, actor, id }) => {
        const row = await reviewListing(services, { actor, input: { id: Number(id), decision: "approve" } });
        return `Listing ${row.listingCode} is approved and live.`;
      },
    },
    {
      intent: "reject",
      label: "Reject",
      accessibleLabel: (r) => `Reject listing ${r.code}`,
      confirm: (r) =>
        `Reject listing ${r.code} (${r.resort}, ${r.points} points)? It leaves the review queue and is listed under Deactivated listings, where it can be sent back for review.`,
      service: async ({ services, actor, id }) => {
        const row = await reviewListing(services, { actor, input: { id: Number(id), decision: "reject" } });
        return `Listing ${row.listingCode} was rejected.`;
      },
    },
  ],
});
