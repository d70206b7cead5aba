import { isNull, sql } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";
import { user } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { DEFAULT_USER_PAGE_SIZE, STAFF_ROLE_LABELS } from "./admin-users.schema";
import { createUserByAdmin } from "./admin-users.server";
import { USER_EMAIL_COLUMN, USER_NAME_COLUMN } from "./user-columns.resource";

/** A user's status as the list shows it (`userStatusOf` in SQL): suspended, unverified email, or active. */
const status = sql<string>`case when ${user.banned} then 'suspended' when ${user.emailVerified} then 'active' else 'unverified' end`;
const STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "unverified", label: "Unverified email" },
  { value: "suspended", label: "Suspended" },
];
const ROLE_OPTIONS = [
  { value: "buyer", label: "Buyers" },
  { value: "seller", label: "Sellers" },
  { value: "admin", label: "Administrators" },
];

/**
 * /admin/users: every account but the deleted ones (Deleted users). A name opens the user's own page
 * (/admin/users/:uniqid/edit: edit, suspend, staff role, delete); Login signs in as a buyer or seller
 * (administrators cannot be impersonated); an administrator creates an account above the list.
 */
export default defineResource({
  noun: "user",
  title: "Users",
  description:
    "Every buyer, seller and administrator with an account (deleted accounts are under Deleted users). Open a name to edit the account; use Login to see the site as a buyer or seller.",
  caption: "Users",
  searchLabel: "Search by name, email or user id",
  emptyText: "No users match these filters.",
  table: user,
  id: user.userUniqid,
  operations: [],
  schema: z.object({}),
  scope: () => isNull(user.deletedAt),
  columns: [
    { ...USER_NAME_COLUMN, wrap: true, detail: "staff" },
    {
      key: "staff",
      label: "Staff role",
      value: sql<string>`case ${user.staffRole} when 'writer' then ${`Staff: ${STAFF_ROLE_LABELS.writer}`} when 'senior_writer' then ${`Staff: ${STAFF_ROLE_LABELS.senior_writer}`} else '' end`,
      hidden: true,
    },
    USER_EMAIL_COLUMN,
    {
      key: "role",
      label: "Role",
      value: sql<string>`case ${user.role} when 'admin' then 'Administrator' when 'seller' then 'Seller' else 'Buyer' end`,
      sortable: true,
      priority: 2,
      filter: { kind: "select", options: ROLE_OPTIONS, match: user.role },
    },
    {
      key: "status",
      label: "Status",
      value: sql<string>`case ${status} when 'suspended' then 'Suspended' when 'active' then 'Active' else 'Unverified' end`,
      filter: { kind: "select", options: STATUS_OPTIONS, match: status },
    },
    { key: "uniqid", label: "User id", value: user.userUniqid, searchable: true, optional: true, priority: 3 },
    {
      key: "created",
      label: "Joined (Eastern)",
      value: user.createdAt,
      format: "datetime",
      sortable: true,
      optional: true,
      priority: 3,
    },
    {
      key: "lastActive",
      label: "Last active (Eastern)",
      value: user.lastActiveAt,
      format: "datetime",
      sortable: true,
      optional: true,
      priority: 3,
    },
    { key: "accountRole", label: "Account role", value: user.role, hidden: true },
  ],
  fields: [],
  defaultSort: { key: "created", dir: "desc" },
  pageSize: DEFAULT_USER_PAGE_SIZE,
  titleOf: (row) => String(row.name ?? ""),
  // Every optional column shows until the table settings say otherwise, as before the list was declared.
  listDefaults: async () => ({ shown: ["uniqid", "created", "lastActive"] }),
  queryAliases: { role: "f.role", status: "f.status" },
  rowActions: [
    {
      intent: "login",
      label: "Login",
      accessibleLabel: (r) => `Login as ${r.name}`,
      // Administrators cannot be impersonated (better-auth allowImpersonatingAdmins: false).
      when: (row) => row.accountRole !== "admin",
      postTo: (row) => href("/admin/users/impersonate/:user_uniqid", { user_uniqid: String(row.uniqid) }),
    },
  ],
  toolbarActions: [
    {
      intent: "create",
      title: "Create a user",
      button: "Create user",
      help: "A buyer or seller account. Set a password now (at least 6 characters; tell the person, they can change it on their profile), or leave it empty and choose the email: we send a link, valid for 3 days, to choose one.",
      ability: "create",
      fields: [
        { name: "name", label: "Name", kind: "text", required: true, maxLength: 100 },
        { name: "email", label: "Email", kind: "email", required: true, maxLength: 254 },
        {
          name: "role",
          label: "Role",
          kind: "select",
          options: [
            { value: "buyer", label: "Buyer" },
            { value: "seller", label: "Seller" },
          ],
        },
        {
          name: "passwordMode",
          label: "Password",
          kind: "select",
          options: [
            { value: "set", label: "Set a password now" },
            { value: "email", label: "Send a set-password email" },
          ],
        },
        { name: "password", label: "New password", kind: "password" },
        { name: "emailVerified", label: "Email verified (no pin needed)", kind: "checkbox" },
      ],
      service: async ({ services, actor, input }) => {
        const created = await createUserByAdmin(services, { actor, input });
        return input.passwordMode === "email"
          ? `${created.name} was created. We emailed a link to choose a password.`
          : `${created.name} was created.`;
      },
    },
  ],
});
