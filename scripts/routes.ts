/**
 * `npm run routes`: every route of the product with its methods, path, id and who may call it.
 *
 * "Who" comes, for each method, from the first of these that knows the route:
 *  1. walk: the route-access rows (tests/e2e/route-access/*.rows.ts), which the end-to-end walk
 *     (tests/e2e/route-access.spec.ts) requests as every role and checks. This is what the running app answers,
 *     layouts, helpers and all, so it is the truth.
 *  2. GUARD_SOURCES below: guards declared elsewhere (a registry that generates routes says what it requires).
 *  3. code: a reading of the route module, the layouts above it and the route helpers it imports (requireAbility,
 *     requireUser). Marked as such: nothing has proved it; add a route-access row to prove it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { RESOURCES, registryRouteIds } from "../app/modules/admin/resources.registry";
import routes from "../app/routes";
import { rows as accessRows } from "../tests/e2e/route-access/index";
import { ROLES, type RoleKey, type RouteAccessRow } from "../tests/e2e/route-access/types";

type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };
export type Method = "GET" | "POST";

export type RouteInfo = {
  id: string;
  /** The route module, relative to app/. */
  file: string;
  /** The URL pattern, e.g. /admin/users/:uniqid/edit. */
  path: string;
  methods: Method[];
  /** The layout modules above it, outermost first. */
  layouts: string[];
};

export type Guard = {
  who: string;
  from: "walk" | "declared" | "code";
  /** For a walked guard: the roles every walked request of this method let in. */
  roles?: RoleKey[];
};

/**
 * A source of guards besides the walk: answers for the routes it knows (by id or file), null for the rest.
 * The admin resource engine's registry plugs in here, so the routes it generates into app/routes.ts report the
 * permission the registry declares until route-access rows prove them.
 */
export type GuardSource = (route: RouteInfo, method: Method) => string | null;
export const GUARD_SOURCES: GuardSource[] = [
  // The admin resource engine's routes: the registry line names the CASL subject; reading needs `read`, a change
  // the action's own right (create, update or delete); only administrators hold them unless abilities.ts says so.
  (route, method) => {
    // By exact id: `admin.companies.costs` is its own line, not one of `admin.companies`'s routes.
    const entry = RESOURCES.find((r) => registryRouteIds(r).includes(route.id));
    if (!entry) return null;
    return method === "GET" ? `can read ${entry.subject}` : `can create/update/delete ${entry.subject}`;
  },
];

const ROLE_LABEL: Record<RoleKey, string> = {
  anonymous: "anonymous",
  buyer: "buyer",
  seller: "seller",
  writer: "writer",
  seniorWriter: "senior writer",
  admin: "admin",
  adminAsBuyer: "admin as buyer",
};

// ---- the route tree ------------------------------------------------------------------------------------------

function methodsOf(file: string): Method[] {
  const src = readFileSync(path.join("app", file), "utf8");
  const m: Method[] = [];
  if (/export (async )?function loader\b/.test(src)) m.push("GET");
  if (/export (async )?function action\b/.test(src)) m.push("POST");
  return m.length ? m : ["GET"];
}

export function listRoutes(entries: Entry[] = routes as Entry[]): RouteInfo[] {
  const out: RouteInfo[] = [];
  const walk = (list: Entry[], prefix: string, layouts: string[]) => {
    for (const e of list) {
      const full = (e.path ? `${prefix}/${e.path}` : prefix).replace(/\/+/g, "/");
      if (e.children) walk(e.children, full, [...layouts, e.file]);
      else out.push({ id: e.id ?? e.file, file: e.file, path: full || "/", methods: methodsOf(e.file), layouts });
    }
  };
  walk(entries, "", []);
  return out;
}

// ---- 1. the walk ---------------------------------------------------------------------------------------------

/** How specific a pattern is, as React Router ranks them: static segments beat params, params beat a splat. */
function patternOf(route: RouteInfo) {
  const segments = route.path.split("/").filter(Boolean);
  let score = 0;
  const parts = segments.map((s) => {
    if (s === "*") return "(?:/.*)?";
    if (s.startsWith(":")) {
      score += 2;
      return s.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
    }
    score += 3;
    return `/${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  });
  return { re: new RegExp(`^${parts.join("") || "/"}/?$`), score };
}

/** The route a row's concrete path lands on (placeholders like {buyer.uniqid} stand for one segment). */
export function routeOfPath(all: RouteInfo[], concrete: string): RouteInfo | null {
  const p = concrete.split("?")[0];
  let best: { route: RouteInfo; score: number } | null = null;
  for (const route of all) {
    const { re, score } = patternOf(route);
    if (re.test(p) && (!best || score > best.score)) best = { route, score };
  }
  return best?.route ?? null;
}

/**
 * What the walked rows of one route and method show: roles every row lets in, roles only some rows let in, and how
 * the rest are kept out (sent elsewhere, or refused with 401/403/404).
 */
export function walkedAccess(rows: RouteAccessRow[]) {
  const always = ROLES.filter((r) => rows.every((row) => row.expect[r] === "allow"));
  const sometimes = ROLES.filter((r) => !always.includes(r) && rows.some((row) => row.expect[r] === "allow"));
  const keptOut = ROLES.filter((r) => !always.includes(r) && !sometimes.includes(r));
  const outcome = (r: RoleKey) => {
    const seen = new Set(rows.map((row) => row.expect[r]));
    return seen.size === 1 ? (seen.has("redirect") ? "redirected" : "refused") : "redirected or refused";
  };
  return { always, sometimes, keptOut: keptOut.map((r) => ({ role: r, outcome: outcome(r) })) };
}

export function describeWalk({ always, sometimes, keptOut }: ReturnType<typeof walkedAccess>) {
  if (always.length === ROLES.length) return "everyone";
  const signedIn = ROLES.filter((r) => r !== "anonymous");
  const who =
    sometimes.length === 0 && !always.includes("anonymous") && signedIn.every((r) => always.includes(r))
      ? "any signed-in person"
      : [...always.map((r) => ROLE_LABEL[r]), ...sometimes.map((r) => `${ROLE_LABEL[r]}*`)].join(", ") || "nobody";
  const outcomes = [...new Set(keptOut.map((k) => k.outcome))];
  const rest =
    outcomes.length === 1
      ? `${always.length + sometimes.length ? "others" : "all"} ${outcomes[0]}`
      : outcomes
          .map(
            (o) =>
              `${keptOut
                .filter((k) => k.outcome === o)
                .map((k) => ROLE_LABEL[k.role])
                .join(", ")} ${o}`,
          )
          .join("; ");
  return `${who} (${rest})`;
}

function walkGuards(all: RouteInfo[]) {
  const byRoute = new Map<string, RouteAccessRow[]>();
  for (const row of accessRows) {
    const route = routeOfPath(all, row.path);
    if (!route) continue;
    const key = `${route.id} ${row.method ?? "GET"}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), row]);
  }
  return (route: RouteInfo, method: Method): Guard | null => {
    const rows = byRoute.get(`${route.id} ${method}`);
    if (!rows) return null;
    const access = walkedAccess(rows);
    return { who: describeWalk(access), from: "walk", roles: access.always };
  };
}

// ---- 3. the code ---------------------------------------------------------------------------------------------

/** The checks a module and the route helpers it imports make (requireAbility / requireUser). */
function checksIn(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const src = readFileSync(path.join("app", file), "utf8");
  const checks = [...src.matchAll(/requireAbility\(\s*request,\s*"(\w+)",\s*"(\w+)"\s*\)/g)].map(
    (m) => `can ${m[1]} ${m[2]}`,
  );
  if (/requireUser\(/.test(src)) checks.push("signed in");
  // Helpers beside the routes (users-route.server.ts, admin-listing-view.server.ts ...) guard on a route's behalf.
  for (const m of src.matchAll(/from\s+"(\.{1,2}\/[^"]+|~\/routes\/[^"]+)"/g)) {
    const spec = m[1].startsWith("~/") ? m[1].slice(2) : path.join(path.dirname(file), m[1]);
    const helper = [".ts", ".tsx"].map((ext) => `${spec}${ext}`).find((f) => existsSync(path.join("app", f)));
    if (helper && !helper.includes("+types")) checks.push(...checksIn(helper, seen));
  }
  return checks;
}

function codeGuard(route: RouteInfo): string {
  const checks = [...new Set([...route.layouts, route.file].flatMap((f) => checksIn(f)))];
  const abilities = checks.filter((c) => c !== "signed in");
  if (abilities.length) return abilities.join(" + ");
  return checks.length ? "signed in" : "no check in the code";
}

// ---- the table -----------------------------------------------------------------------------------------------

export type RouteRow = RouteInfo & { guards: Partial<Record<Method, Guard>> };

export function routeTable(all: RouteInfo[] = listRoutes()): RouteRow[] {
  const walked = walkGuards(all);
  return all.map((route) => {
    const guards: Partial<Record<Method, Guard>> = {};
    for (const method of route.methods) {
      const fromWalk = walked(route, method);
      const declared = fromWalk ? null : GUARD_SOURCES.map((s) => s(route, method)).find(Boolean);
      guards[method] = fromWalk
        ? fromWalk
        : declared
          ? { who: declared, from: "declared" }
          : { who: codeGuard(route), from: "code" };
    }
    return { ...route, guards };
  });
}

export function formatTable(table: RouteRow[]): string {
  const lines = table.map((r) => [
    r.methods.join(","),
    r.path,
    r.id,
    r.methods.map((m) => `${m}: ${r.guards[m]?.who} (${r.guards[m]?.from})`).join(" | "),
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...lines.map((l) => l[i].length)));
  const body = lines.map((l) =>
    l
      .map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c))
      .join("  ")
      .trimEnd(),
  );
  const walkedCount = table.filter((r) => Object.values(r.guards).some((g) => g?.from === "walk")).length;
  return [
    ...body,
    "",
    `(walk) proved for every role by tests/e2e/route-access.spec.ts; "admin as buyer" is an administrator impersonating a buyer; * only for some of the walked targets.`,
    "(declared) from a guard source in scripts/routes.ts; (code) read from the route module, its layouts and helpers, not proved: add a route-access row.",
    `${walkedCount} of ${table.length} routes walked.`,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(formatTable(routeTable()));
}
