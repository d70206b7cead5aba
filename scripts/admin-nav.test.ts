/**
 * The admin sidebar is built from the screens' places alone (ADMIN_PAGES and the registry's `nav`, decision 0066),
 * and shows a link when the viewer may `read` its subject. Against the route-access walk (tests/e2e/route-access,
 * which the end-to-end walk proves for every role): every link a staff role sees opens for that role, and every
 * admin page a staff role may open is in its sidebar, or listed below with the reason it is not.
 */
import { describe, expect, it } from "vitest";
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import {
  ADMIN_PAGES,
  type AdminNavNode,
  buildAdminSidebar,
  type VisibleNavNode,
  visibleAdminNav,
} from "~/components/shell/admin-nav";
import { resourceNavPlaces } from "~/modules/admin/resource-nav.server";
import { RESOURCES } from "~/modules/admin/resources.registry";
import { rows } from "../tests/e2e/route-access/index";
import type { RoleKey } from "../tests/e2e/route-access/types";
import { listRoutes, routeOfPath } from "./routes";

/** Admin pages a staff role may open that the sidebar does not list, by route id, with the reason. */
const NOT_IN_SIDEBAR: Record<string, string> = {
  "admin.index": "/admin itself: it sends each role to its landing page",
  "admin.profile.index": "a writer's own profile: the header's Profile button links it for every staff role",
};
/** Bespoke pages the route-access walk does not request yet (their loaders' checks are read, not proved). */
const NOT_WALKED: string[] = [];

/** Route ids of pages below a listed screen (a row's page, a form): reached from the screen, not the sidebar. */
const BELOW_A_SCREEN = /\.(create|edit|show|import|export)$|^admin\.users\.edit$|^admin\.agreements\.(deal|deed)$/;

const VIEWERS: Partial<Record<RoleKey, Viewer>> = {
  admin: viewer("admin", "admin"),
  writer: viewer("buyer", "writer"),
  seniorWriter: viewer("buyer", "senior_writer"),
};
function viewer(role: Viewer["role"], staffRole: Viewer["staffRole"]): Viewer {
  return {
    id: `u-${staffRole}`,
    name: "Staff",
    email: "staff@example.com",
    role,
    staffRole,
    userUniqid: "x",
    emailVerified: true,
    impersonatedBy: null,
  };
}

const sidebar: AdminNavNode[] = buildAdminSidebar([...ADMIN_PAGES, ...resourceNavPlaces()]);
const hrefs = (nodes: VisibleNavNode[]): string[] =>
  nodes.flatMap((n) => ("children" in n ? hrefs(n.children) : [n.href]));
const routes = listRoutes();
const getRows = rows.filter((r) => (r.method ?? "GET") === "GET");

describe("the admin sidebar", () => {
  it("places every registered resource (none is linked by hand twice)", () => {
    const all = hrefs(visibleAdminNav(defineAbilityFor(VIEWERS.admin!), sidebar));
    expect(new Set(all).size, "a link is listed twice").toBe(all.length);
    for (const e of RESOURCES) expect(e.nav, `${e.id} has no sidebar place`).toBeDefined();
  });

  for (const [role, v] of Object.entries(VIEWERS) as [RoleKey, Viewer][]) {
    const shown = hrefs(visibleAdminNav(defineAbilityFor(v), sidebar));

    it(`${role}: every link shown opens for ${role} (the walk allows it)`, () => {
      const unwalked = new Set<string>();
      expect(shown.length).toBeGreaterThan(0);
      for (const href of shown) {
        const walked = getRows.filter((r) => r.path === href);
        if (walked.length === 0) {
          // Not walked: an engine resource, whose loader asks `read` of the same subject as the link.
          const route = routeOfPath(routes, href);
          if (!RESOURCES.some((e) => e.id === route?.id)) unwalked.add(href);
          continue;
        }
        for (const r of walked) expect(r.expect[role], `${role} GET ${href}`).toBe("allow");
      }
      // A bespoke page with no route-access row is unproven: add a row, then take it off this list.
      expect([...unwalked].filter((h) => !NOT_WALKED.includes(h))).toEqual([]);
    });

    it(`${role}: every admin page ${role} may open is in the sidebar or listed with a reason`, () => {
      const missing: string[] = [];
      for (const r of getRows) {
        if (!r.path.startsWith("/admin") || r.expect[role] !== "allow") continue;
        const path = r.path.split("?")[0];
        const route = routeOfPath(routes, path);
        if (!route || BELOW_A_SCREEN.test(route.id) || route.id in NOT_IN_SIDEBAR) continue;
        if (!route.layouts.some((l) => l.includes("routes/admin/layout"))) continue; // a file or a call, not a page
        if (!shown.includes(path)) missing.push(`${path} (${route.id})`);
      }
      expect(missing).toEqual([]);
    });
  }
});
