import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GUARD_SOURCES, listRoutes, type RouteRow, routeOfPath, routeTable } from "./routes";

const rowOf = (table: RouteRow[], p: string) => {
  const row = table.find((r) => r.path === p);
  if (!row) throw new Error(`no route ${p}`);
  return row;
};

describe("npm run routes", () => {
  // The plugged-in sources as shipped (the registry's); a test that adds one gets them back afterwards.
  const SHIPPED = [...GUARD_SOURCES];
  afterEach(() => {
    GUARD_SOURCES.splice(0, GUARD_SOURCES.length, ...SHIPPED);
  });

  it("reports the user admin screens as administrators' only, not open to writers", () => {
    const users = rowOf(routeTable(), "/admin/users");
    for (const method of ["GET", "POST"] as const) {
      const guard = users.guards[method];
      expect(guard?.from).toBe("walk");
      expect(guard?.roles).toContain("admin");
      expect(guard?.roles).not.toContain("writer");
      expect(guard?.roles).not.toContain("seniorWriter");
      expect(guard?.roles).not.toContain("buyer");
    }
    expect(users.guards.POST?.roles).toEqual(["admin"]);
  });

  it("reports the posts workspace as open to writers", () => {
    const posts = rowOf(routeTable(), "/admin/posts").guards.GET;
    expect(posts?.from).toBe("walk");
    expect(posts?.roles).toEqual(expect.arrayContaining(["writer", "seniorWriter", "admin"]));
    expect(posts?.roles).not.toContain("buyer");
  });

  it("matches a walked path to the most specific route", () => {
    const all = listRoutes();
    expect(routeOfPath(all, "/admin/users/impersonate-leave")?.id).toBe("admin.users.impersonate-leave");
    expect(routeOfPath(all, "/admin/users/{buyer.uniqid}/edit?x=1")?.id).toBe("admin.users.edit");
    expect(routeOfPath(all, "/no/such/page")?.id).toBe("not-found");
  });

  it("takes a guard from a plugged-in source for a route the walk does not cover", () => {
    const unwalked = routeTable().find((r) => r.guards.POST && r.guards.POST.from === "code");
    if (!unwalked) throw new Error("every POST is walked: pick another example");
    GUARD_SOURCES.push((route, method) => (route.id === unwalked.id && method === "POST" ? "can manage Thing" : null));
    expect(rowOf(routeTable(), unwalked.path).guards.POST).toEqual({ who: "can manage Thing", from: "declared" });
  });

  it("takes a registry line's guard by exact route id (admin.companies.costs is not one of admin.companies's)", () => {
    const [registry] = SHIPPED;
    const all = listRoutes();
    const costs = all.find((r) => r.id === "admin.companies.costs");
    if (!costs) throw new Error("no admin.companies.costs");
    expect(registry(costs, "GET")).toBe("can read TitleCompanyAdmin");
    expect(registry({ ...costs, id: "admin.companies.nothing" }, "GET")).toBeNull();
  });

  it("prints one line per route, each with who may call it", () => {
    const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
    const out = spawnSync(process.execPath, [tsx, "scripts/routes.ts"], { encoding: "utf8" });
    expect(out.status, out.stderr).toBe(0);
    const line = (p: string) => out.stdout.split("\n").find((l) => l.split(/\s{2,}/)[1] === p) ?? "";
    expect(line("/admin/users")).toMatch(/GET: admin, admin as buyer \(others redirected\) \(walk\)/);
    expect(line("/admin/users")).not.toMatch(/writer/);
    expect(line("/admin/posts")).toMatch(/GET: writer, senior writer, admin/);
    expect(out.stdout.split("\n").filter((l) => l.includes("(walk)")).length).toBeGreaterThan(40);
  });
});
