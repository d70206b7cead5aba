import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { href } from "react-router";
import { useMonthName as monthName, formatAgreementNumber } from "~/lib/format";
import { z } from "zod";
import { agreements, listings, resorts, user } from "~/db/schema";
import { defineResource, type ResourceRowAction } from "~/modules/admin/resource";
import { AGREEMENT_STATUS_LABELS, AGREEMENT_TABLES, OPEN_AGREEMENT } from "~/modules/agreements/agreement.workflow";
import { createAddendum, withdrawAddendum } from "~/modules/agreements/addenda.server";
import { AMENDABLE_AGREEMENT } from "~/modules/agreements/addendum.workflow";
import { ADDENDUM_LIMITS } from "~/modules/agreements/agreements.schema";
import { SEAL_TRIES } from "~/modules/agreements/agreement-seal.server";
import {
  answerRofr,
  cancelAgreement,
  messageParties,
  closeAgreement,
  sendAgreementForSignature,
  submitForRofr,
  takeAgreementStep,
} from "~/modules/agreements/agreements.server";

const buyer = alias(user, "agreement_buyer");
const seller = alias(user, "agreement_seller");

const USE_MONTHS = Array.from({ length: 12 }, (_, i) => monthName(i + 1));
const useYear = sql<string>`(array[${sql.raw(USE_MONTHS.map((m) => `'${m}'`).join(","))}])[${agreements.useMonth}]`;

const statusLabel = sql<string>`case ${agreements.status} ${sql.raw(
  Object.entries(AGREEMENT_STATUS_LABELS)
    .map(([k, v]) => `when '${k}' then '${v.replace(/'/g, "''")}'`)
    .join(" "),
)} end`;

/** The table (tab) a row belongs to, by its state. */
const tableOf = sql<string>`case ${sql.raw(
  AGREEMENT_TABLES.map(
    (t) => `when "agreements"."status" in (${t.states.map((x) => `'${x}'`).join(", ")}) then '${t.value}'`,
  ).join(" "),
)} end`;

/** A back-office step offered on rows in `states`; the service's answer is the toast. */
const stepAction = (
  intent: string,
  label: string,
  states: readonly string[],
  service: ResourceRowAction["service"],
  extra: Partial<ResourceRowAction> = {},
): ResourceRowAction => ({
  intent,
  label,
  when: (row) => states.includes(String(row.status)),
  accessibleLabel: (r) => `${label} for agreement ${formatAgreementNumber(Number(r.aid))}`,
  service,
  ...extra,
});

/**
 * /admin/agreements (SPEC: the offer dashboard's agreements tables, agreement detail and actions): every agreement an
 * accepted offer created, with tabs by stage and counts, and the back office's steps as row actions: send to sign,
 * deposit received (make-deposit), submit for ROFR, ROFR waived or exercised (buy-back), estoppel, closing documents,
 * close, cancel with a reason. Each step mails both parties and writes the audit trail and the journal.
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
    // The row's id, for the links and the actions; the number shown is the one every page and mail uses.
    { key: "aid", label: "Id", value: agreements.id, format: "number", hidden: true },
    {
      key: "number",
      label: "Agreement",
      // formatAgreementNumber in SQL: VPM- and the id on six digits (sorts as the id does).
      value: sql<string>`'VPM-' || lpad(${agreements.id}::text, 6, '0')`,
      searchable: true,
      sortable: true,
      sortFirst: "desc",
      // The number opens the deal page (timeline, closing statement, files, audit trail); the contract its row page.
      href: (r) => href("/admin/agreements/:id/deal", { id: String(r.aid) }),
    },
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
      optional: true,
      href: (r) => href("/admin/offer-dashboard/:id", { id: String(r.offer) }),
    },
    { key: "buyer", label: "Buyer", value: buyer.name, searchable: true, sortable: true },
    {
      key: "seller",
      label: "Seller",
      value: sql<string>`coalesce(${seller.name}, 'Broker listing')`,
      searchable: true,
      optional: true,
    },
    { key: "total", label: "Total", value: agreements.totalCents, format: "money", sortable: true },
    {
      key: "stage",
      label: "Stage",
      value: statusLabel,
      detail: "sealProblem",
      filter: {
        kind: "select",
        tabs: true,
        match: tableOf,
        options: AGREEMENT_TABLES.map((t) => ({ value: t.value, label: t.label })),
      },
    },
    {
      key: "status",
      label: "Step",
      value: agreements.status,
      hidden: true,
      filter: {
        kind: "select",
        options: Object.entries(AGREEMENT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
      },
    },
    {
      key: "resortId",
      label: "Resort",
      value: resorts.id,
      hidden: true,
      filter: { kind: "relation", relation: { table: resorts, value: resorts.id, label: resorts.name } },
    },
    {
      // The deed upload, from the list as well as from the row's page.
      key: "deed",
      label: "Deed",
      value: sql<string>`(select case when count(*) > 0 then 'Deed on file' else 'Upload deed' end from agreement_documents d where d.agreement_id = "agreements"."id" and d.kind = 'deed')`,
      href: (r) => href("/admin/agreements/:id/deed", { id: String(r.aid) }),
    },
    {
      key: "created",
      label: "Created (Eastern)",
      value: agreements.createdAt,
      format: "datetime",
      sortable: true,
      filter: { kind: "date" },
    },
    // Issue 28: a seal the job gave up on says so in the list, with its last error (the deal page retries it).
    {
      key: "sealProblem",
      label: "Sealing",
      value: sql<string | null>`case when ${agreements.status} = 'sealing' then (
        select 'Seal stuck after ' || count(*) || ' tries: ' || (array_agg(e.note order by e.id desc))[1]
        from agreement_events e
        where e.agreement_id = "agreements"."id" and e.event = 'seal-failed' and e.id > coalesce(
          (select max(r.id) from agreement_events r where r.agreement_id = "agreements"."id" and r.event = 'seal-retried'), 0)
        having count(*) >= ${SEAL_TRIES}) end`,
      hidden: true,
    },
    // Decision 0036: the number of the addendum out for signature, if any (the addendum row actions need it).
    {
      key: "openAddendum",
      label: "Addendum out for signature",
      value: sql<
        number | null
      >`(select x.number from agreement_addenda x where x.agreement_id = "agreements"."id" and x.status in ('out_for_signature', 'signed_by_buyer', 'signed_by_seller') limit 1)`,
      hidden: true,
    },
  ],
  detail: {
    links: (row) => [
      {
        label: "Deal timeline and closing statement",
        href: href("/admin/agreements/:id/deal", { id: String(row.aid) }),
      },
      { label: "Recorded deed", href: href("/admin/agreements/:id/deed", { id: String(row.aid) }) },
    ],
    columns: [
      { key: "d_status", label: "Stage", value: statusLabel },
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
      { key: "d_deposit", label: "Deposit", value: agreements.depositCents, format: "money" },
      { key: "d_deposit_due", label: "Deposit due (Eastern)", value: agreements.depositDueAt, format: "datetime" },
      { key: "d_cancel", label: "Reason cancelled", value: agreements.cancelReason },
      {
        key: "d_trail",
        label: "Audit trail (UTC)",
        // Qualified by hand: the engine's selects leave Drizzle's columns unqualified inside subqueries.
        value: sql<string>`(select string_agg(to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || '  ' || e.note || coalesce('  [' || e.ip_address || ']', ''), E'\n' order by e.id) from agreement_events e where e.agreement_id = "agreements"."id")`,
        format: "preformatted",
      },
      {
        key: "d_addenda",
        label: "Addenda",
        value: sql<string>`(select string_agg('Addendum ' || x.number || ': ' || x.title || ' (' || replace(x.status, '_', ' ') || ')', E'\n' order by x.number) from agreement_addenda x where x.agreement_id = "agreements"."id")`,
        format: "preformatted",
      },
    ],
  },
  fields: [],
  defaultSort: { key: "number", dir: "desc" },
  pageSize: 25,
  titleOf: (row) => `Agreement ${formatAgreementNumber(Number(row.aid))}: ${row.resort}`,
  rowActions: [
    stepAction("send", "Send to sign", ["created", "out_for_signature"], async ({ services, actor, id }) => {
      return (await sendAgreementForSignature(services, { actor, input: { agreementId: id } })).message;
    }),
    stepAction("deposit-received", "Deposit received", ["deposit_due"], async ({ services, actor, id }) => {
      return (await takeAgreementStep(services, { actor, input: { agreementId: id }, step: "receiveDeposit" })).message;
    }),
    stepAction(
      "submit-rofr",
      "Submitted for ROFR",
      ["deposit_received"],
      async ({ services, actor, id, input }) =>
        (await submitForRofr(services, { actor, input: { agreementId: id, submittedOn: input.submittedOn } })).message,
      { fields: [{ name: "submittedOn", label: "Submitted on", kind: "date", required: true }] },
    ),
    stepAction("rofr-waived", "ROFR waived", ["rofr_submitted"], async ({ services, actor, id }) => {
      return (await answerRofr(services, { actor, input: { agreementId: id, result: "waived" } })).message;
    }),
    stepAction("rofr-exercised", "ROFR exercised (buy-back)", ["rofr_submitted"], async ({ services, actor, id }) => {
      return (await answerRofr(services, { actor, input: { agreementId: id, result: "exercised" } })).message;
    }),
    stepAction("estoppel", "Estoppel received", ["rofr_waived"], async ({ services, actor, id }) => {
      return (await takeAgreementStep(services, { actor, input: { agreementId: id }, step: "receiveEstoppel" }))
        .message;
    }),
    stepAction(
      "closing-documents",
      "Closing documents sent",
      ["estoppel_received"],
      async ({ services, actor, id }) => {
        return (await takeAgreementStep(services, { actor, input: { agreementId: id }, step: "sendClosingDocuments" }))
          .message;
      },
    ),
    stepAction("close", "Close (deed recorded)", ["closing_documents_out"], async ({ services, actor, id }) => {
      return (await closeAgreement(services, { actor, input: { agreementId: id } })).message;
    }),
    stepAction(
      "message",
      "Email",
      [...OPEN_AGREEMENT, "closed", "rofr_exercised", "cancelled"],
      async ({ services, actor, id, input }) =>
        (await messageParties(services, { actor, input: { agreementId: id, to: input.to, message: input.message } }))
          .message,
      {
        fields: [
          {
            name: "to",
            label: "To",
            kind: "select",
            required: true,
            options: [
              { value: "both", label: "Both parties" },
              { value: "buyer", label: "The buyer" },
              { value: "seller", label: "The seller" },
            ],
          },
          { name: "message", label: "Message", kind: "textarea", maxLength: 1000, required: true },
        ],
      },
    ),
    stepAction(
      "cancel",
      "Cancel",
      OPEN_AGREEMENT,
      async ({ services, actor, id, input }) =>
        (await cancelAgreement(services, { actor, input: { agreementId: id, reason: input.reason } })).message,
      { fields: [{ name: "reason", label: "Reason", kind: "text", maxLength: 500, required: true }] },
    ),
    // Decision 0036: corrections to a sealed agreement are addenda, signed by both parties the same way.
    stepAction(
      "write-addendum",
      "Write an addendum",
      AMENDABLE_AGREEMENT,
      async ({ services, actor, id, input }) =>
        (await createAddendum(services, { actor, input: { agreementId: id, title: input.title, text: input.text } }))
          .message,
      {
        when: (row) => AMENDABLE_AGREEMENT.includes(row.status as never) && !row.openAddendum,
        fields: [
          { name: "title", label: "Addendum title", kind: "text", maxLength: ADDENDUM_LIMITS.titleMax, required: true },
          {
            name: "text",
            label: "Addendum text",
            kind: "textarea",
            maxLength: ADDENDUM_LIMITS.textMax,
            required: true,
          },
        ],
      },
    ),
    stepAction(
      "withdraw-addendum",
      "Withdraw addendum",
      OPEN_AGREEMENT,
      async ({ services, actor, id, input }) =>
        (await withdrawAddendum(services, { actor, input: { agreementId: id, reason: input.reason } })).message,
      {
        when: (row) => !!row.openAddendum,
        fields: [{ name: "reason", label: "Reason to withdraw", kind: "text", maxLength: 500, required: true }],
      },
    ),
  ],
});
