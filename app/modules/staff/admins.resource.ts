import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { user } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { STAFF_ROLE_LABELS } from "./admin-users.schema";
import { setStaffRole } from "./admin-users.server";
import { USER_EMAIL_COLUMN, USER_NAME_COLUMN } from "./user-columns.resource";

const ROLE_OPTIONS = (["admin", "writer", "senior_writer", "none"] as const).map((r) => ({
  value: r,
  label: STAFF_ROLE_LABELS[r],
}));

/** The staff role as stored, where an administrator without one counts as one. */
const staffRole = sql<string>`coalesce(${user.staffRole}, case when ${user.role} = 'admin' then 'admin' else 'none' end)`;

/**
 * /admin/admins: staff and their roles. A row's role is changed in place; an existing account is added by email.
 * Nobody changes their own staff role (the service refuses it too), so an administrator always remains.
 */
export default defineResource({
  noun: "staff member",
  title: "Admins",
  description:
    "Staff and their roles. Administrators manage everything; writers and senior writers manage the blog, support pages and SEO only. You cannot change your own staff role.",
  caption: "Staff",
  searchLabel: "Search staff by name or email",
  emptyText: "No staff yet.",
  table: user,
  id: user.userUniqid,
  operations: [],
  schema: z.object({}),
  scope: () => and(isNull(user.deletedAt), or(eq(user.role, "admin"), isNotNull(user.staffRole))),
  columns: [
    USER_NAME_COLUMN,
    USER_EMAIL_COLUMN,
    {
      key: "staffRoleLabel",
      label: "Staff role",
      value: sql<string>`case ${staffRole} when 'admin' then 'Administrator' when 'writer' then 'Writer' when 'senior_writer' then 'Senior writer' else 'None' end`,
      sortable: true,
    },
    {
      key: "role",
      label: "Account role",
      value: sql<string>`case ${user.role} when 'admin' then 'Administrator' when 'seller' then 'Seller' else 'Buyer' end`,
    },
    // The code the row's role picker starts with, and the filter (by the column's label).
    {
      key: "staffRole",
      label: "Staff role",
      value: staffRole,
      hidden: true,
      filter: { kind: "select", options: ROLE_OPTIONS.filter((o) => o.value !== "none") },
    },
    { key: "uniqid", label: "User id", value: user.userUniqid, hidden: true },
    { key: "userId", label: "Account", value: user.id, hidden: true },
  ],
  fields: [],
  defaultSort: { key: "name", dir: "asc" },
  pageSize: 50,
  titleOf: (row) => String(row.name ?? ""),
  rowActions: [
    {
      intent: "change",
      label: "Save",
      accessibleLabel: (r) => `Save staff role of ${r.name}`,
      fields: [{ name: "staffRole", label: "Staff role", kind: "select", options: ROLE_OPTIONS }],
      when: (row, { actor }) => row.userId !== actor.id,
      otherwise: "You (cannot change your own)",
      service: async ({ services, actor, id, input }) => {
        const u = await setStaffRole(services, { actor, input: { uniqid: String(id), staffRole: input.staffRole } });
        return `${u.name}'s staff role is now ${STAFF_ROLE_LABELS[u.staffRole]}.`;
      },
    },
  ],
  toolbarActions: [
    {
      intent: "add",
      title: "Add an existing user as staff",
      button: "Add as staff",
      help: "The account keeps its buyer or seller role; an administrator gets every right.",
      ability: "update",
      fields: [
        { name: "email", label: "Email of the account", kind: "email", required: true, maxLength: 254 },
        {
          name: "staffRole",
          label: "Staff role",
          kind: "select",
          // The first choice is the one a new form starts with: the least power.
          options: (["writer", "senior_writer", "admin"] as const).map((r) => ({
            value: r,
            label: STAFF_ROLE_LABELS[r],
          })),
        },
      ],
      service: async ({ services, actor, input }) => {
        const u = await setStaffRole(services, {
          actor,
          input: { email: String(input.email ?? ""), staffRole: input.staffRole },
        });
        return `${u.name} is now staff: ${STAFF_ROLE_LABELS[u.staffRole]}.`;
      },
    },
  ],
});
