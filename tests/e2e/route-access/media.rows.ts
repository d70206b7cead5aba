import type { RouteAccessRow } from "./types";

/**
 * The media library's calls (decision 0067): administrators, writers and senior writers; nobody else (401 signed
 * out, 403 otherwise, an administrator impersonating a buyer too). The POSTs send input that is refused (400: no
 * picture named, no file), so nothing is written.
 */
const staffOnly = {
  anonymous: "refuse",
  buyer: "refuse",
  seller: "refuse",
  writer: "allow",
  seniorWriter: "allow",
  admin: "allow",
  adminAsBuyer: "refuse",
} as const;

export const rows: RouteAccessRow[] = [
  { path: "/media/picker", expect: staffOnly },
  { path: "/media/picker?q=%25_%5C&page=-4", expect: staffOnly },
  { method: "POST", path: "/media/meta/save", form: { alt: "nothing named" }, expect: staffOnly },
  { method: "POST", path: "/media/upload", form: { note: "no file" }, expect: staffOnly },
];
