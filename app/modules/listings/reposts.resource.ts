import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { listings } from "~/db/schema";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { defineResource } from "~/modules/admin/resource";
import { getRepostTweaks } from "~/modules/settings/tweaks.server";
import { repostListing } from "./admin-listings.server";
import { autoRepostWords } from "./auto-repost.server";
import { LISTING_COLUMNS, LISTING_JOINS, listingTitle } from "./listing-columns.resource";
import { LISTING_STATUS } from "./listing-status";

/**
 * /admin/reposts: active listings, the longest on the market first; a repost puts one first among the newest. The
 * daily job reposts due listings automatically (the "Repost" tweaks, issue 33): the list says which kind the last
 * repost was and how many were automatic, and its description states the schedule.
 */
export default defineResource({
  noun: "listing",
  title: "Reposts",
  description:
    "Active listings, the longest on the market first. Reposting gives a listing today's date, so it comes first when buyers sort by newest.",
  caption: "Active listings to repost",
  searchLabel: "Search by listing code, resort, seller or broker",
  describe: async ({ db }) => autoRepostWords(await getRepostTweaks(db)),
  emptyText: "No listing is active.",
  table: listings,
  id: listings.id,
  operations: [],
  schema: z.object({}),
  scope: () => and(eq(listings.listingStatusId, LISTING_STATUS.active), eq(listings.isTest, false)),
  joins: LISTING_JOINS,
  columns: [
    ...LISTING_COLUMNS,
    {
      key: "posted",
      label: "Posted (Eastern)",
      value: listings.postedAt,
      format: "datetime",
      sortable: true,
      sortFirst: "desc",
      detail: "repostSummary",
      priority: 1,
    },
    {
      key: "repostSummary",
      label: "Reposts",
      value: sql<string>`case when ${listings.repostCount} = 0 then 'Never reposted' else (case when ${listings.repostCount} = 1 then '1 repost' else ${listings.repostCount} || ' reposts' end) || ', ' || ${listings.autoRepostCount} || ' automatic; last ' || (case when ${listings.lastRepostKind} = 'automatic' then 'automatic' else 'manual' end) end`,
      hidden: true,
    },
    {
      key: "reposted",
      label: "Last repost (Eastern)",
      value: listings.repostedAt,
      format: "datetime",
      sortable: true,
      optional: true,
      priority: 3,
    },
    {
      key: "lastKind",
      label: "Last repost by",
      value: sql<string>`case ${listings.lastRepostKind} when 'automatic' then 'Automatic' when 'manual' then 'Manual' else 'Never reposted' end`,
      sortable: true,
      // Gives way on narrower tables (listed under the row's name); the Posted column's second line says it too.
      priority: 4,
    },
    {
      key: "autoReposts",
      label: "Automatic reposts",
      value: listings.autoRepostCount,
      format: "number",
      sortable: true,
      optional: true,
      priority: 3,
    },
    {
      key: "reposts",
      label: "All reposts",
      value: listings.repostCount,
      format: "number",
      sortable: true,
      optional: true,
      priority: 3,
    },
  ],
  fields: [],
  defaultSort: { key: "posted", dir: "asc" },
  pageSize: 20,
  titleOf: listingTitle,
  rowActions: [
    {
      intent: "repost",
      label: "Repost",
      accessibleLabel: (r) => `Repost listing ${r.code}`,
      service: async ({ services, actor, id }) => {
        const row = await repostListing(services, { actor, input: { id } });
        return `Listing ${row.listingCode} was reposted ${formatDateTimeEastern(row.postedAt)} Eastern and is first among the newest listings.`;
      },
    },
  ],
});
