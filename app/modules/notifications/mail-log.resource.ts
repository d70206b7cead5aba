import { sql } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";
import { mailOutbox } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { withoutTracking } from "./mail-view";

const STATUSES = [
  { value: "queued", label: "Queued: waiting to be sent" },
  { value: "sent", label: "Sent: delivered to the mail server" },
  { value: "kept", label: "Kept: no mail server is set up" },
  { value: "failed", label: "Failed: could not be delivered" },
  { value: "skipped", label: "Not sent: its event is switched off" },
];

/** A status with what it means ("kept: kept here; no mail server is set up"). */
const statusText = sql<string>`case ${mailOutbox.status}
  when 'queued' then 'Queued: waiting to be sent'
  when 'sent' then 'Sent: delivered to the mail server'
  when 'kept' then 'Kept here: no mail server is set up'
  when 'skipped' then 'Not sent: its event is switched off'
  else 'Failed: could not be delivered' end`;

/**
 * /admin/mail: every message the site sends (the outbox), newest first. Read only; a message's page shows its HTML
 * version in a sandboxed frame and its text version as it is.
 */
export default defineResource({
  noun: "message",
  title: "Mail log",
  description:
    "Every message the site sends, newest first. Without a mail server set up, messages are kept here instead of being delivered.",
  caption: "Outgoing messages",
  searchLabel: "Search by recipient or subject",
  emptyText: "No messages yet.",
  table: mailOutbox,
  id: mailOutbox.id,
  operations: [],
  schema: z.object({}),
  columns: [
    { key: "date", label: "Date (Eastern)", value: mailOutbox.createdAt, format: "datetime", sortable: true },
    { key: "to", label: "To", value: mailOutbox.to, sortable: true, searchable: true },
    { key: "subject", label: "Subject", value: mailOutbox.subject, searchable: true, primary: true },
    { key: "template", label: "Template", value: mailOutbox.template, searchable: true, priority: 3 },
    {
      key: "status",
      label: "Status",
      value: mailOutbox.status,
      priority: 2,
      filter: { kind: "select", options: STATUSES },
    },
    { key: "attempts", label: "Attempts", value: mailOutbox.attempts, format: "number", sortable: true },
  ],
  detail: {
    columns: [
      { key: "d_to", label: "To", value: mailOutbox.to },
      { key: "d_created", label: "Created (Eastern)", value: mailOutbox.createdAt, format: "datetime" },
      { key: "d_sent", label: "Sent (Eastern)", value: mailOutbox.sentAt, format: "datetime" },
      { key: "d_template", label: "Template", value: sql<string>`coalesce(${mailOutbox.template}, 'none')` },
      { key: "d_status", label: "Status", value: statusText },
      { key: "d_attempts", label: "Attempts", value: mailOutbox.attempts, format: "number" },
      { key: "d_error", label: "Last error or reason", value: mailOutbox.lastError },
      {
        key: "d_attachments",
        label: "Attachments",
        value: sql<string>`(select string_agg((a->>'filename') || ' (' || (a->>'contentType') || ', ' || round((a->>'size')::numeric / 1024, 1) || ' KB)', '; ') from jsonb_array_elements(coalesce(${mailOutbox.attachments}, '[]'::jsonb)) a)`,
      },
      { key: "d_id", label: "Message", value: mailOutbox.id, hidden: true },
      { key: "d_html", label: "HTML version", value: mailOutbox.html, hidden: true },
      { key: "d_text", label: "Text version", value: mailOutbox.text, hidden: true },
    ],
    // The message as built for the mail server, attachments included (the development sink's way to open it too).
    links: (row) => [
      { label: "Download the message (.eml)", href: href("/admin/mail/:id/message.eml", { id: String(row.d_id) }) },
    ],
    // Shown without its tracking (decision 0091): an administrator reading it is nobody's open or click.
    sections: async ({ row }) => [
      {
        title: "HTML version",
        description: "As sent, without its open image and with its links pointing straight where they lead.",
        items: [{ label: "Mail", format: "document", value: withoutTracking(String(row.d_html ?? "")) }],
      },
      { title: "Text version", items: [{ label: "Text", format: "preformatted", value: String(row.d_text ?? "") }] },
    ],
  },
  fields: [],
  defaultSort: { key: "date", dir: "desc" },
  pageSize: 25,
  titleOf: (row) => String(row.subject ?? ""),
});
