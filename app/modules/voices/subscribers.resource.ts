import { sql } from "drizzle-orm";
import { z } from "zod";
import { subscribers } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";

const TYPES = [
  { value: "phone", label: "Phone (app download)" },
  { value: "email", label: "Newsletter email" },
];

/**
 * /admin/subscribers (SPEC section 2, section 3 "Subscriber contact"): the phone numbers left in the footer's app
 * capture and the newsletter's addresses with their double opt-in state; exported as CSV for the mailing tool.
 */
export default defineResource({
  noun: "subscriber",
  title: "Subscribers",
  description:
    "Phone numbers left in the footer to hear when the apps are out, and newsletter addresses. Only addresses marked Confirmed asked twice (sign-up and the mail's link) and may be mailed; Unsubscribed ones must not be.",
  caption: "Subscribers, newest first",
  searchLabel: "Search by number or address",
  emptyText: "No subscribers yet.",
  table: subscribers,
  id: subscribers.id,
  operations: ["delete", "export"],
  schema: z.object({}),
  columns: [
    {
      key: "contact",
      label: "Contact",
      // Phones as (407) 555-0123, addresses as typed.
      value: sql<string>`case when ${subscribers.contact} ~ '^\\+1[0-9]{10}$' then '(' || substr(${subscribers.contact}, 3, 3) || ') ' || substr(${subscribers.contact}, 6, 3) || '-' || substr(${subscribers.contact}, 9, 4) else ${subscribers.contact} end`,
      primary: true,
      searchable: true,
      priority: 1,
    },
    {
      key: "type",
      label: "Type",
      value: sql<string>`case ${subscribers.type} when 'phone' then 'Phone' else 'Email' end`,
      priority: 1,
      filter: { kind: "select", tabs: true, options: TYPES, match: subscribers.type },
    },
    {
      key: "state",
      label: "Newsletter",
      value: sql<string>`case when ${subscribers.type} <> 'email' then '' when ${subscribers.unsubscribedAt} is not null then 'Unsubscribed' when ${subscribers.confirmedAt} is not null then 'Confirmed' else 'Waiting for confirmation' end`,
      priority: 2,
    },
    {
      key: "createdAt",
      label: "Signed up (Eastern)",
      value: subscribers.createdAt,
      format: "datetime",
      sortable: true,
      priority: 2,
    },
    {
      key: "confirmedAt",
      label: "Confirmed (Eastern)",
      value: subscribers.confirmedAt,
      format: "datetime",
      priority: 3,
    },
    {
      key: "unsubscribedAt",
      label: "Unsubscribed (Eastern)",
      value: subscribers.unsubscribedAt,
      format: "datetime",
      priority: 4,
    },
  ],
  fields: [],
  defaultSort: { key: "createdAt", dir: "desc" },
  titleOf: (row) => String(row.contact),
});
