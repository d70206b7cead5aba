import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { listings, offers, resorts, user } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { href } from "react-router";
import { formatTerms } from "~/lib/format";
import { offerDashboardDefaults } from "./od-settings.server";
import { acceptOffer, declineOffer, withdrawOffer } from "./offers.server";
import { OFFER_STATUS_LABELS } from "./ui/offer-ui";

const buyer = alias(user, "offer_buyer");
const seller = alias(user, "offer_seller");

const statusLabel = sql<string>`case ${offers.status} ${sql.raw(
  Object.entries(OFFER_STATUS_LABELS)
    .map(([k, v]) => `when '${k}' then '${v.replace(/'/g, "''")}'`)
    .join(" "),
)} end`;
const isOpen = sql<boolean>`${offers.status} in ('submitted', 'countered_by_seller', 'countered_by_buyer')`;
const sellersTurn = sql<boolean>`${offers.status} in ('submitted', 'countered_by_buyer')`;
// Qualified by hand: the engine's selects leave Drizzle's columns unqualified inside subqueries. The price per point
// is written as formatPerPoint writes it (decision 0050): $140/pt, $140.50/pt.
const history = sql<string>`(select string_agg('Round ' || r.round || ', ' || r.proposed_by || ': $' || (case when r.price_per_point_cents % 100 = 0 then to_char(r.price_per_point_cents / 100, 'FM999,999,990') else to_char(r.price_per_point_cents / 100.0, 'FM999,999,990.00') end) || '/pt' || coalesce(' — “' || nullif(r.message, '') || '”', ''), E'\\n' order by r.round) from offer_rounds r where r.offer_id = "offers"."id")`;

/**
 * /admin/offer-dashboard (SPEC: the admin's offer dashboard and offers table): every offer with its status (a filter
 * for each), search by resort, listing or buyer, the settings cog, a page per offer with the negotiation, and the
 * answers an administrator gives for a side (named in the journal as acting for it). The agreements tables come with
 * the agreements issue. Status tabs count the offers under the other filters; resort and date filters; the saved
 * starting view comes from /admin/od-settings.
 */
export default defineResource({
  noun: "offer",
  title: "Offer dashboard",
  description:
    "Every offer, newest activity first. Open offers wait for the seller (submitted, buyer countered) or the buyer (seller countered) until they expire. An administrator may answer for either side; the journal names them.",
  caption: "Offers",
  searchLabel: "Search by resort, listing code or buyer",
  emptyText: "No offers yet.",
  table: offers,
  id: offers.id,
  operations: ["export"],
  schema: z.object({}),
  joins: [
    { table: listings, on: () => eq(listings.id, offers.listingId) },
    { table: resorts, on: () => eq(resorts.id, listings.resortId) },
    { table: buyer, on: () => eq(buyer.id, offers.buyerId) },
    { table: seller, on: () => eq(seller.id, offers.sellerId) },
  ],
  columns: [
    { key: "oid", label: "Offer", value: offers.id, format: "number", sortable: true, sortFirst: "desc" },
    {
      key: "resort",
      label: "Listing",
      value: sql<string>`${resorts.name} || ', ' || ${offers.points} || ' points'`,
      searchable: true,
      primary: true,
      detail: "code",
    },
    { key: "code", label: "Code", value: listings.listingCode, searchable: true, hidden: true },
    {
      key: "status",
      label: "Status",
      value: statusLabel,
      filter: {
        kind: "select",
        tabs: true,
        match: offers.status,
        options: Object.entries(OFFER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
      },
    },
    {
      key: "resortId",
      label: "Resort",
      value: resorts.id,
      hidden: true,
      filter: { kind: "relation", relation: { table: resorts, value: resorts.id, label: resorts.name } },
    },
    { key: "created", label: "Offer made", value: offers.createdAt, hidden: true, filter: { kind: "date" } },
    { key: "ppp", label: "Per point", value: offers.pricePerPointCents, format: "money", sortable: true },
    { key: "total", label: "Total", value: offers.totalCents, format: "money", sortable: true, optional: true },
    { key: "buyer", label: "Buyer", value: buyer.name, searchable: true, sortable: true },
    { key: "seller", label: "Seller", value: sql<string>`coalesce(${seller.name}, 'Broker listing')`, optional: true },
    { key: "updated", label: "Last change (Eastern)", value: offers.updatedAt, format: "datetime", sortable: true },
    {
      key: "expires",
      label: "Expires (Eastern)",
      value: offers.expiresAt,
      format: "datetime",
      optional: true,
      sortable: true,
      sortFirst: "asc",
    },
    { key: "pts", label: "Points", value: offers.points, hidden: true },
    { key: "isOpen", label: "Open", value: isOpen, hidden: true },
    { key: "sellersTurn", label: "Seller's turn", value: sellersTurn, hidden: true },
  ],
  detail: {
    columns: [
      { key: "d_status", label: "Status", value: statusLabel },
      { key: "d_listing", label: "Listing", value: listings.listingCode },
      { key: "d_buyer", label: "Buyer", value: buyer.name },
      { key: "d_seller", label: "Seller", value: sql<string>`coalesce(${seller.name}, 'Broker listing')` },
      { key: "d_ppp", label: "Price per point", value: offers.pricePerPointCents, format: "money" },
      { key: "d_asking", label: "Asking per point", value: offers.askingPricePerPointCents, format: "money" },
      { key: "d_total", label: "Total", value: offers.totalCents, format: "money" },
      { key: "d_dues", label: "Dues paid by", value: offers.duesPaidBy },
      { key: "d_closing", label: "Closing costs paid by", value: offers.closingCostsPaidBy },
      { key: "d_financing", label: "Financing", value: offers.financing },
      { key: "d_expires", label: "Expires (Eastern)", value: offers.expiresAt, format: "datetime" },
      { key: "d_reason", label: "Reason declined", value: offers.declineReason },
      { key: "d_history", label: "Negotiation", value: history, format: "preformatted" },
    ],
  },
  fields: [],
  defaultSort: { key: "updated", dir: "desc" },
  listDefaults: ({ db }) => offerDashboardDefaults(db),
  settingsLink: { href: href("/admin/od-settings"), label: "Dashboard defaults" },
  pageSize: 25,
  titleOf: (row) => `Offer #${row.oid} on ${row.resort}`,
  rowActions: [
    {
      intent: "accept",
      label: "Accept",
      when: "isOpen",
      accessibleLabel: (r) => `Accept offer #${r.oid} for the side whose turn it is`,
      confirm: (r) =>
        `Accept offer #${r.oid} on ${r.resort} for the ${r.sellersTurn ? "seller" : "buyer"}: ${formatTerms(
          Number(r.pts),
          Number(r.ppp),
          Number(r.total),
        )}. The listing goes under contract, every other open offer on it is declined, and the purchase agreement is drawn up for both sides to sign.`,
      service: async ({ services, actor, id }) => {
        await acceptOffer(services, { actor, input: { offerId: id } });
        return `Offer #${id} accepted for the side whose turn it was: the listing is under contract.`;
      },
    },
    {
      intent: "decline",
      label: "Decline",
      when: "sellersTurn",
      accessibleLabel: (r) => `Decline offer #${r.oid} for the seller`,
      fields: [{ name: "reason", label: "Reason", kind: "text", maxLength: 500 }],
      service: async ({ services, actor, id, input }) => {
        await declineOffer(services, { actor, input: { offerId: id, reason: input.reason } });
        return `Offer #${id} declined for the seller.`;
      },
    },
    {
      intent: "withdraw",
      label: "Withdraw",
      when: "isOpen",
      accessibleLabel: (r) => `Withdraw offer #${r.oid} for the buyer`,
      service: async ({ services, actor, id }) => {
        await withdrawOffer(services, { actor, input: { offerId: id } });
        return `Offer #${id} withdrawn for the buyer.`;
      },
    },
  ],
});
