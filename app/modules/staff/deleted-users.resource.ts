import { isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { user } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { restoreUser } from "./admin-users.server";

/**
 * /admin/deleted-users: accounts deleted by their owner or an administrator (soft deletes); Restore brings one
 * back. Its listings stay deactivated until the seller activates them.
 */
export default defineResource({
  noun: "deleted user",
  title: "Deleted users",
  description:
    "Accounts deleted by their owner or by an administrator. They cannot sign in and their listings were deactivated. Restore brings the account back; its listings stay deactivated until the seller activates them.",
  searchLabel: "Search by name, email or user id",
  emptyText: "No deleted users.",
  table: user,
  // The public user id (SPEC: user_uniqid), never the database id, names a row in forms and links.
  id: user.userUniqid,
  operations: [],
  schema: z.object({}),
  scope: () => isNotNull(user.deletedAt),
  columns: [
    { key: "name", label: "Name", value: user.name, sortable: true, searchable: true },
    { key: "email", label: "Email", value: user.email, format: "email", sortable: true, searchable: true },
    {
      key: "role",
      label: "Role",
      value: sql<string>`case ${user.role} when 'admin' then 'Administrator' when 'seller' then 'Seller' else 'Buyer' end`,
      sortable: true,
    },
    { key: "deleted", label: "Deleted (Eastern)", value: user.deletedAt, format: "datetime", sortable: true },
    { key: "uniqid", label: "User id", value: user.userUniqid, searchable: true, hidden: true },
  ],
  fields: [],
  defaultSort: { key: "deleted", dir: "desc" },
  pageSize: 25,
  titleOf: (row) => String(row.name ?? ""),
  rowActions: [
    {
      intent: "restore",
      label: "Restore",
      accessibleLabel: (r) => `Restore ${r.name}`,
      service: async ({ services, actor, id }) => {
        const u = await restoreUser(services, { actor, input: { uniqid: String(id) } });
        return `${u.name}'s account was restored and can sign in again. Their listings stay deactivated.`;
      },
    },
  ],
});
