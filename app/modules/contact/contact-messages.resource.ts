import { eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { contactMessages, listings } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { markContactMessageAsUnread, markContactMessageOpened } from "./contact-admin.server";

/**
 * /admin/contact-messages: what visitors wrote, newest first: the contact page's form ("Contact form: <topic>", no
 * listing), "Ask about this listing" and the dues question. Opening a message marks it read; "Mark as unread" puts it
 * back among the unread.
 */
export default defineResource({
  noun: "message",
  title: "Contact messages",
  description:
    "What visitors wrote with the contact form, about a listing or about a resort's dues, newest first. The contact form's messages and the listing questions were also emailed to the site's address. Opening a message marks it read.",
  searchLabel: "Search by name, email or subject",
  emptyText: "No messages yet.",
  table: contactMessages,
  id: contactMessages.id,
  operations: [],
  schema: z.object({}),
  joins: [{ table: listings, on: () => eq(listings.id, contactMessages.listingId) }],
  columns: [
    {
      key: "received",
      label: "Received (Eastern)",
      value: contactMessages.createdAt,
      format: "datetime",
      sortable: true,
    },
    { key: "name", label: "From", value: contactMessages.name, sortable: true, searchable: true, detail: "email" },
    { key: "email", label: "Email", value: contactMessages.email, searchable: true, hidden: true },
    {
      key: "subject",
      label: "Subject",
      value: contactMessages.subject,
      sortable: true,
      searchable: true,
      primary: true,
    },
    {
      key: "isRead",
      label: "Status",
      value: isNotNull(contactMessages.readAt),
      format: "boolean",
      booleanLabels: ["Read", "Unread"],
      filter: { kind: "boolean", yes: "Read", no: "Unread" },
    },
    { key: "listing", label: "Listing", value: listings.listingCode },
  ],
  detail: {
    columns: [
      { key: "d_name", label: "From", value: contactMessages.name },
      { key: "d_email", label: "Email", value: contactMessages.email, format: "email" },
      {
        key: "d_phone",
        label: "Phone",
        value: sql<string>`coalesce(nullif(${contactMessages.phone}, ''), 'Not given')`,
      },
      // A message from the contact form (or the dues question) is about no listing.
      {
        key: "d_listing",
        label: "Listing",
        value: sql<string>`coalesce(${listings.listingCode}, 'Not about a listing')`,
      },
      { key: "d_received", label: "Received (Eastern)", value: contactMessages.createdAt, format: "datetime" },
      { key: "d_message", label: "Message", value: contactMessages.message, format: "multiline" },
    ],
    onView: ({ services, actor, id }) => markContactMessageOpened(services, { actor, input: { id } }),
  },
  fields: [],
  defaultSort: { key: "received", dir: "desc" },
  pageSize: 20,
  titleOf: (row) => String(row.subject ?? ""),
  rowActions: [
    {
      intent: "unread",
      label: "Mark as unread",
      when: "isRead",
      accessibleLabel: (r) => `Mark as unread: ${r.subject}`,
      service: async ({ services, actor, id }) => {
        await markContactMessageAsUnread(services, { actor, input: { id } });
        return "The message is marked as unread.";
      },
    },
  ],
});
