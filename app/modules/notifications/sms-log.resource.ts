import { z } from "zod";
import { smsOutbox } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";

/**
 * /admin/sms: every text message the site sends (the SMS outbox), beside the mail log. Without an SMS provider
 * (SMS_URL) messages are kept here instead of being delivered.
 */
export default defineResource({
  noun: "text message",
  title: "SMS log",
  description:
    "Every text message the site sends, newest first, to people who turned text messages on and gave a US number. Without an SMS provider set up, messages are kept here instead of being delivered.",
  caption: "Outgoing text messages",
  searchLabel: "Search by number or text",
  emptyText: "No text messages yet.",
  table: smsOutbox,
  id: smsOutbox.id,
  operations: [],
  schema: z.object({}),
  columns: [
    { key: "date", label: "Date (Eastern)", value: smsOutbox.createdAt, format: "datetime", sortable: true },
    { key: "to", label: "To", value: smsOutbox.to, searchable: true, sortable: true },
    { key: "body", label: "Text", value: smsOutbox.body, searchable: true, primary: true, format: "multiline" },
    { key: "template", label: "Template", value: smsOutbox.template },
    {
      key: "status",
      label: "Status",
      value: smsOutbox.status,
      filter: {
        kind: "select",
        options: [
          { value: "queued", label: "Queued: waiting to be sent" },
          { value: "sent", label: "Sent: accepted by the provider" },
          { value: "kept", label: "Kept: no SMS provider is set up" },
          { value: "failed", label: "Failed: could not be delivered" },
        ],
      },
    },
    { key: "attempts", label: "Attempts", value: smsOutbox.attempts, format: "number", optional: true },
  ],
  detail: {
    columns: [
      { key: "d_to", label: "To", value: smsOutbox.to },
      { key: "d_created", label: "Created (Eastern)", value: smsOutbox.createdAt, format: "datetime" },
      { key: "d_sent", label: "Sent (Eastern)", value: smsOutbox.sentAt, format: "datetime" },
      { key: "d_status", label: "Status", value: smsOutbox.status },
      { key: "d_provider", label: "Provider's id", value: smsOutbox.providerId },
      { key: "d_error", label: "Last error", value: smsOutbox.lastError },
      { key: "d_text", label: "Text", value: smsOutbox.body, format: "preformatted" },
    ],
  },
  fields: [],
  defaultSort: { key: "date", dir: "desc" },
  pageSize: 25,
  titleOf: (row) => `Text message to ${row.to}`,
});
