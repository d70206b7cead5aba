import { href } from "react-router";
import { user } from "~/db/schema";
import type { ResourceColumn } from "~/modules/admin/resource";

/** An account's name, linked to its own admin page (the list selects `uniqid`), and its email: Users and Admins. */
export const USER_NAME_COLUMN: ResourceColumn = {
  key: "name",
  label: "Name",
  value: user.name,
  sortable: true,
  searchable: true,
  primary: true,
  href: (row) => href("/admin/users/:uniqid/edit", { uniqid: String(row.uniqid) }),
};
export const USER_EMAIL_COLUMN: ResourceColumn = {
  key: "email",
  label: "Email",
  value: user.email,
  format: "email",
  sortable: true,
  searchable: true,
};
