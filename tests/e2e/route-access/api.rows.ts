import { everyone, type RouteAccessRow } from "./types";

/**
 * Issue 33: the partners' feeds answer an API key, never a session: every role, signed in or not, is refused (401)
 * without a key. The admin screen's rows (/admin/apis) come from the registry.
 */
export const rows: RouteAccessRow[] = [
  { path: "/api/v1/listings", expect: everyone("refuse") },
  { path: "/api/v1/market/prices", expect: everyone("refuse") },
];
