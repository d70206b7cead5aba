import { eq, sql } from "drizzle-orm";
import { brokers, listings, resorts, user } from "~/db/schema";
import type { ResourceColumn, ResourceJoin } from "~/modules/admin/resource";

/**
 * What the admin listing screens share (test listings, deactivated listings, reposts): the joins to the seller,
 * the broker and the resort, and the columns code, seller or broker, resort, points and price per point.
 */
export const LISTING_JOINS: ResourceJoin[] = [
  { table: resorts, on: () => eq(resorts.id, listings.resortId) },
  { table: user, on: () => eq(user.id, listings.sellerId) },
  { table: brokers, on: () => eq(brokers.id, listings.brokerId) },
];

export const LISTING_COLUMNS: ResourceColumn[] = [
  { key: "code", label: "Listing", value: listings.listingCode, sortable: true, searchable: true },
  {
    key: "owner",
    label: "Seller or broker",
    value: sql<string>`coalesce(${user.name}, ${brokers.name}, 'Deleted seller')`,
    sortable: true,
    searchable: true,
    detail: "ownerDetail",
    wrap: true,
    priority: 2,
  },
  {
    key: "ownerDetail",
    label: "Seller's email",
    value: sql<string>`case when ${listings.source} = 'broker' then 'Broker' else ${user.email} end`,
    searchable: true,
    hidden: true,
  },
  {
    key: "resort",
    label: "Resort",
    value: resorts.name,
    sortable: true,
    searchable: true,
    detail: "resortDetail",
    wrap: true,
    priority: 1,
  },
  {
    key: "resortDetail",
    label: "Resort code and use year",
    value: sql<string>`${resorts.code} || ' · ' || trim(to_char(make_date(2000, ${listings.useMonth}, 1), 'Mon')) || ' use year'`,
    searchable: true,
    hidden: true,
  },
  {
    key: "points",
    label: "Points",
    value: listings.contractPoints,
    format: "number",
    sortable: true,
    sortFirst: "desc",
    priority: 1,
  },
  { key: "ppp", label: "$/pt", value: listings.pricePerPointCents, format: "money", sortable: true, priority: 1 },
];

/** The listing's code, for a row's title and its buttons' names. */
export const listingTitle = (row: Record<string, unknown>) => `listing ${String(row.code ?? "")}`;
