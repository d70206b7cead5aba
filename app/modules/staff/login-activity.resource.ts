import { eq, sql } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";
import { loginActivity, user } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { describeUserAgent, FAILURE_REASONS } from "./admin-users.schema";

const resultLabel = sql<string>`case when ${loginActivity.success} then 'Signed in'
  when ${loginActivity.reason} is null then 'Failed'
  ${sql.join(
    Object.entries(FAILURE_REASONS).map(
      ([k, label]) => sql`when ${loginActivity.reason} = ${k} then ${`Failed: ${label}`}`,
    ),
    sql` `,
  )}
  else 'Failed: ' || ${loginActivity.reason} end`;

/** /admin/login-activity: every sign-in and failed attempt, newest first, with its address and browser. */
export default defineResource({
  noun: "sign-in",
  title: "Login activity",
  description: "Every sign-in and failed attempt, newest first, with the address and browser it came from.",
  caption: "Sign-ins and failed attempts",
  searchLabel: "Search by email, name or IP address",
  emptyText: "No sign-ins recorded.",
  table: loginActivity,
  id: loginActivity.id,
  operations: [],
  schema: z.object({}),
  joins: [{ table: user, on: () => eq(user.id, loginActivity.userId) }],
  columns: [
    {
      key: "time",
      label: "When (Eastern)",
      value: loginActivity.createdAt,
      format: "datetime",
      sortable: true,
      sortFirst: "desc",
    },
    {
      key: "email",
      label: "Email",
      value: loginActivity.email,
      sortable: true,
      searchable: true,
      wrap: true,
    },
    {
      key: "user",
      label: "User",
      value: sql<string>`coalesce(${user.name}, 'No account')`,
      searchable: true,
      wrap: true,
      priority: 2,
      href: (row) => (row.uniqid ? href("/admin/users/:uniqid/edit", { uniqid: String(row.uniqid) }) : null),
    },
    {
      key: "result",
      label: "Result",
      value: resultLabel,
      priority: 1,
      filter: {
        kind: "select",
        options: [
          { value: "success", label: "Successful sign-ins" },
          { value: "failure", label: "Failed attempts" },
        ],
        match: sql`case when ${loginActivity.success} then 'success' else 'failure' end`,
      },
    },
    {
      key: "ip",
      label: "IP address",
      value: sql<string>`coalesce(${loginActivity.ipAddress}, 'Unknown')`,
      searchable: true,
      priority: 4,
    },
    // The browser in a few words ("Chrome on Mac"), from the header it sent (computed below).
    { key: "browser", label: "Browser", value: loginActivity.userAgent, priority: 3 },
    { key: "agent", label: "Browser, as sent", value: loginActivity.userAgent, optional: true, wrap: true },
    { key: "uniqid", label: "User id", value: user.userUniqid, hidden: true },
  ],
  fields: [],
  defaultSort: { key: "time", dir: "desc" },
  pageSize: 25,
  titleOf: (row) => `sign-in of ${String(row.email ?? "")}`,
  // The filter's name before the list was declared (/admin/login-activity?result=failure).
  queryAliases: { result: "f.result" },
  computed: async (rows) => {
    for (const r of rows) r.browser = describeUserAgent((r.browser as string | null) ?? null);
  },
});
