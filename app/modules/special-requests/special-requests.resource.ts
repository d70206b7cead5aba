import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { specialRequests, user } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { closeSpecialRequest } from "./special-requests.server";

// Qualified by hand: the engine's one-table selects leave Drizzle's columns unqualified inside subqueries.
const resortNames = sql<string>`coalesce((select string_agg(r.name, ', ' order by r.sort_order) from resorts r where r.id = any("special_requests"."resort_ids")), 'Any resort')`;
const pointsRange = sql<string>`case when "special_requests"."min_points" is null and "special_requests"."max_points" is null then 'Any' else coalesce("special_requests"."min_points"::text, 'any') || ' to ' || coalesce("special_requests"."max_points"::text, 'any') end`;
const months = sql<string>`coalesce(nullif(array_to_string(array(select (array['January','February','March','April','May','June','July','August','September','October','November','December'])[m] from unnest("special_requests"."use_months") m order by m), ', '), ''), 'Any month')`;
const emailed = sql<number>`(select count(*)::int from special_request_matches m where m.request_id = "special_requests"."id")`;
const emailedCodes = sql<string>`coalesce((select string_agg(l.listing_code, ', ' order by m.notified_at) from special_request_matches m join listings l on l.id = m.listing_id where m.request_id = "special_requests"."id"), 'None yet')`;

/**
 * /admin/special-requests (SPEC admin menu): every buyer's special request, with what it asks for and the listings
 * emailed for it. An administrator can close an open request (its buyer is told on their page).
 */
export default defineResource({
  noun: "special request",
  title: "Special requests",
  description:
    "What buyers are looking for. Each open request is matched against every listing that goes live or drops its price, and its buyer is emailed once per listing.",
  searchLabel: "Search by buyer name or email",
  emptyText: "No special requests yet.",
  table: specialRequests,
  id: specialRequests.id,
  operations: ["export"],
  schema: z.object({}),
  joins: [{ table: user, on: () => eq(user.id, specialRequests.buyerId) }],
  columns: [
    { key: "filed", label: "Filed (Eastern)", value: specialRequests.createdAt, format: "datetime", sortable: true },
    {
      key: "buyer",
      label: "Buyer",
      value: user.name,
      sortable: true,
      searchable: true,
      primary: true,
      detail: "email",
    },
    { key: "email", label: "Email", value: user.email, searchable: true, hidden: true },
    { key: "rid", label: "Number", value: specialRequests.id, hidden: true },
    { key: "resorts", label: "Resorts", value: resortNames },
    { key: "points", label: "Points", value: pointsRange },
    { key: "maxPpp", label: "Most per point", value: specialRequests.maxPricePerPointCents, format: "money" },
    { key: "budget", label: "Budget", value: specialRequests.budgetCents, format: "money", optional: true },
    { key: "months", label: "Use year", value: months, optional: true },
    { key: "emailed", label: "Listings emailed", value: emailed, format: "number", sortable: true },
    {
      key: "isOpen",
      label: "Status",
      value: sql<boolean>`"special_requests"."status" = 'open'`,
      format: "boolean",
      booleanLabels: ["Open", "Closed"],
      filter: { kind: "boolean", yes: "Open", no: "Closed" },
    },
  ],
  detail: {
    columns: [
      { key: "d_buyer", label: "Buyer", value: user.name },
      { key: "d_email", label: "Email", value: user.email, format: "email" },
      {
        key: "d_status",
        label: "Status",
        value: sql<string>`initcap("special_requests"."status") || coalesce(': ' || "special_requests"."closed_reason", '')`,
      },
      { key: "d_resorts", label: "Resorts", value: resortNames },
      { key: "d_points", label: "Points", value: pointsRange },
      { key: "d_months", label: "Use year", value: months },
      { key: "d_ppp", label: "Most per point", value: specialRequests.maxPricePerPointCents, format: "money" },
      { key: "d_budget", label: "Budget", value: specialRequests.budgetCents, format: "money" },
      { key: "d_needed", label: "Needed by", value: specialRequests.neededBy, format: "date" },
      { key: "d_notes", label: "Notes", value: specialRequests.notes, format: "multiline" },
      { key: "d_emailed", label: "Listings emailed", value: emailedCodes },
      { key: "d_filed", label: "Filed (Eastern)", value: specialRequests.createdAt, format: "datetime" },
    ],
  },
  fields: [],
  defaultSort: { key: "filed", dir: "desc" },
  pageSize: 25,
  titleOf: (row) => `Special request #${row.rid} by ${row.buyer}`,
  rowActions: [
    {
      intent: "close",
      label: "Close",
      when: "isOpen",
      accessibleLabel: (r) => `Close special request by ${r.buyer}`,
      service: async ({ services, actor, id }) => {
        await closeSpecialRequest(services, { actor, input: { id } });
        return `Special request #${id} is closed; its buyer will not be emailed about it again.`;
      },
    },
  ],
});
