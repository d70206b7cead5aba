import { everyone, type RouteAccessRow } from "./types";

/**
 * Issue 11, /verify: a public page. Everyone may read it and post a file to check; a post without a file is judged
 * (400) and changes nothing.
 */
export const rows: RouteAccessRow[] = [
  { path: "/verify", expect: everyone("allow") },
  { method: "POST", path: "/verify", form: { file: "" }, expect: everyone("allow") },
];
