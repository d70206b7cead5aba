import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { href } from "react-router";
import { z } from "zod";
import { agreements, listings, resorts, user } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";

const buyer = alias(user, "agreement_buyer");
const seller = alias(user, "agreement_seller");

const USE_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const useYear = sql<string>`(array[${sql.raw(USE_MONTHS.map((m) => `'${m}'`).join(","))}])[${agreements.useMonth}]`;

/**
 * /admin/agreements (SPEC: the offer dashboard's agreements tables): every agreement an accepted offer created, with
 * its parties and terms. Read-only here: its documents, signing, deposit, right of first refusal and closing, and the
 * tables by stage, come with the agreements issue (issue 11).
 */
export default defineResource({
  noun: "agreement",
  title: "Agreements",
  description:
    "Every accepted offer becomes an agreement: the parties, the price and who pays what, as accepted. Newest first.",
  caption: "Agreements",
  searchLabel: "Search by resort, listing code, buyer or seller",
  emptyText: "No agreements yet: an accepted offer creates one.",
  table: agreements,
  id: agreements.id,
  operations: ["export"],
  schema: z.object({}),
  joins: [
    { table: listings, on: () => eq(listings.id, agreements.listingId) },
    { table: resorts, on: () => eq(resorts.id, agreements.resortId) },
    { table: buyer, on: () => eq(buyer.id, agreements.buyerId) },
    { table: seller, on: () => eq(seller.id, agreements.sellerId) },
  ],
  columns: [
    { key: "aid", label: "Agreement", value: agreements.id, format: "number", sortable: true, sortFirst: "desc" },
    {
      key: "resort",
      label: "Contract",
      value: sql<string>`${resorts.name} || ', ' || ${agreements.points} || ' points, ' || ${useYear} || ' use year'`,
      searchable: true,
      primary: true,
      detail: "code",
    },
    { key: "code", label: "Code", value: listings.listingCode, searchable: true, hidden: true },
    {
      key: "offer",
      label: "Offer",
      value: agreements.offerId,
      format: "number",
      href: (r) => href("/admin/offer-dashboard/:id", { id: String(r.offer) }),
    },
    { key: "buyer", label: "Buyer", value: buyer.name, searchable: true, sortable: true },
    {
      key: "seller",
      label: "Seller",
      value: sql<string>`coalesce(${seller.name}, 'Broker listing')`,
      searchable: true,
    },
    { key: "total", label: "Total", value: agreements.totalCents, format: "money", sortable: true },
    {
      key: "resortId",
      label: "Resort",
      value: resorts.id,
      hidden: true,
      filter: { kind: "relation", relation: { table: resorts, value: resorts.id, label: resorts.name } },
    },
    {
      key: "created",
      label: "Created (Eastern)",
      value: agreements.createdAt,
      format: "datetime",
      sortable: true,
      filter: { kind: "date" },
    },
  ],
  detail: {
    columns: [
      { key: "d_status", label: "Stage", value: sql<string>`initcap(${agreements.status})` },
      { key: "d_ppp", label: "Price per point", value: agreements.pricePerPointCents, format: "money" },
      { key: "d_total", label: "Total", value: agreements.totalCents, format: "money" },
      { key: "d_dues", label: "Current year's dues paid by", value: agreements.duesPaidBy },
      { key: "d_closing", label: "Closing costs paid by", value: agreements.closingCostsPaidBy },
      { key: "d_financing", label: "Financing", value: agreements.financing },
      {
        key: "d_deed",
        label: "Names on the deed",
        value: sql<string>`(select string_agg(n, ', ') from jsonb_array_elements_text("agreements"."deed_names") n)`,
      },
    ],
  },
  fields: [],
  defaultSort: { key: "aid", dir: "desc" },
  pageSize: 25,
  titleOf: (row) => `Agreement #${row.aid}: ${row.resort}`,
});
