/**
 * `npm run routes`: every route of the product with its methods, path, id and the guard its module calls.
 * The guard is read from the route module's source (requireAbility / requireUser), so it cannot drift.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import routes from "../app/routes";

type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };

function guardOf(file: string) {
  const src = readFileSync(path.join("app", file), "utf8");
  const ability = [...src.matchAll(/requireAbility\(request,\s*"(\w+)",\s*"(\w+)"\)/g)].map((m) => `${m[1]} ${m[2]}`);
  if (ability.length) return `can ${[...new Set(ability)].join(", ")}`;
  if (/requireUser\(/.test(src)) return "signed-in user";
  return "anyone";
}

function methodsOf(file: string) {
  const src = readFileSync(path.join("app", file), "utf8");
  const m: string[] = [];
  if (/export (async )?function loader/.test(src)) m.push("GET");
  if (/export (async )?function action/.test(src)) m.push("POST");
  return m.join(",") || "GET";
}

const rows: string[][] = [];
function walk(entries: Entry[], prefix: string, layoutGuard: string | null) {
  for (const e of entries) {
    const full = e.path ? `${prefix}/${e.path}`.replace(/\/+/g, "/") : prefix;
    const own = guardOf(e.file);
    const guard = own !== "anyone" ? own : (layoutGuard ?? "anyone");
    if (e.children) walk(e.children, full, own !== "anyone" ? own : layoutGuard);
    else rows.push([methodsOf(e.file), full || "/", e.id ?? "", guard]);
  }
}
walk(routes as Entry[], "", null);
const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i])).join("  "));
