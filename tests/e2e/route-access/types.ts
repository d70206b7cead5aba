/**
 * The route-access table of issue 4 ("A test walks every route ... as each role"): one file of rows per area
 * (`<area>.rows.ts` beside this file, exporting `rows`), walked by tests/e2e/route-access.spec.ts.
 */
export const ROLES = ["anonymous", "buyer", "seller", "writer", "seniorWriter", "admin", "adminAsBuyer"] as const;
export type RoleKey = (typeof ROLES)[number];

/**
 * allow: a 2xx answer (for a POST row, also a 400/422: the permission check passed and the input was judged);
 * redirect: a 3xx answer (`redirectTo`, when given, must prefix the Location path);
 * refuse: 401, 403 or 404;
 * wrongMethod: 405 (a GET of something only a POST does, issue 28).
 */
export type Access = "allow" | "redirect" | "refuse" | "wrongMethod";

export type RouteAccessRow = {
  method?: "GET" | "POST";
  /** A concrete path; `{buyer.uniqid}`, `{seller.uniqid}`, `{buyer.id}`, `{seller.id}` are filled in by the walker. */
  path: string;
  /** For POST rows: a form body (sent with this site's Origin). Use input that changes nothing lasting. */
  form?: Record<string, string>;
  json?: unknown;
  expect: Record<RoleKey, Access>;
  /** Where redirects must go, per role, when it matters (a Location path prefix). */
  redirectTo?: Partial<Record<RoleKey, string>>;
};

/** Shorthands for the common shapes. */
export const everyone = (access: Access): Record<RoleKey, Access> =>
  Object.fromEntries(ROLES.map((r) => [r, access])) as Record<RoleKey, Access>;
