import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { menuItems } from "~/db/schema";
import { MENU_ITEMS } from "~/db/seed/reference-data";
import { getMenus } from "~/modules/content/content.server";
import { action as formAction, loader as formLoader } from "~/routes/admin/resource/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { latestJournalEntry } from "../fixtures/journal";

// Issue 30: nested order in the resource engine (decision 0065), over the header's and the footer's menus.
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
const writerCookie = await sessionCookieFor(services, "writer@example.com");

const LEFT = "/admin/left-menu-settings";
const RIGHT = "/admin/right-menu-settings";

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  const url = new URL(request.url);
  return callRoute(((a: object) => fn({ ...a, pattern, url })) as never, request, params);
}
const list = (path: string, cookie = adminCookie) => call(listLoader, path.split("?")[0], path, { cookie });
const post = (base: string, form: Record<string, string>, cookie = adminCookie) =>
  call(listAction, base, base, { method: "POST", form, cookie });
const move = (base: string, id: number, direction: "up" | "down", cookie = adminCookie) =>
  post(base, { intent: "move", id: String(id), direction }, cookie);
const create = (base: string, form: Record<string, string>, cookie = adminCookie) =>
  call(formAction, `${base}/create`, `${base}/create`, { method: "POST", form, cookie });
const edit = (base: string, id: number, form: Record<string, string>, cookie = adminCookie) =>
  call(formAction, `${base}/:id/edit`, `${base}/${id}/edit`, { method: "POST", form, cookie }, { id: String(id) });
const editForm = (base: string, id: number) =>
  call(formLoader, `${base}/:id/edit`, `${base}/${id}/edit`, { cookie: adminCookie }, { id: String(id) });

/** A menu's rows under a parent (null: top level), in order: label and position. */
async function place(menu: string, parentId: number | null) {
  return db
    .select({ id: menuItems.id, label: menuItems.label, position: menuItems.sortOrder })
    .from(menuItems)
    .where(
      and(eq(menuItems.menu, menu), parentId === null ? isNull(menuItems.parentId) : eq(menuItems.parentId, parentId)),
    )
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}
const item = async (menu: string, label: string) =>
  (
    await db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.menu, menu), eq(menuItems.label, label)))
  )[0];
const latestJournal = () => latestJournalEntry(db);
const fields = (form: Record<string, unknown>) =>
  ({ visible: "on", description: "", ...form }) as Record<string, string>;

describe("the header and footer menus (nested order)", () => {
  it("seeds today's menus in order, 1..n within each menu, and the shell reads them so", async () => {
    const buyers = await place("buyers", null);
    expect(buyers.map((r) => r.label)).toEqual(MENU_ITEMS.filter((m) => m.menu === "buyers").map((m) => m.label));
    expect(buyers.map((r) => r.position)).toEqual(buyers.map((_, i) => i + 1));
    const menus = await getMenus(db);
    expect(menus.buyers.map((l) => l.label)).toEqual(buyers.map((r) => r.label));
    expect(menus.footer_company.map((l) => l.label)).toEqual(
      MENU_ITEMS.filter((m) => m.menu === "footer_company").map((m) => m.label),
    );
    expect(menus.footer_company.map((l) => l.label).slice(0, 4)).toEqual([
      "About us",
      "Privacy policy",
      "Terms and conditions",
      "Blog",
    ]);
  });

  it("lists each settings screen's own menus as a tree, groups in the shell's order", async () => {
    const left = await list(LEFT);
    expect(left.status).toBe(200);
    expect(left.body.nested).toBe(true);
    expect(left.body.meta.can.order).toBe(true);
    const menus = [...new Set(left.body.rows.map((r: { cells: { menu: string } }) => r.cells.menu))];
    expect(menus).toEqual(["Buyers", "Sellers", "Quick facts"]);
    const right = await list(RIGHT);
    expect([...new Set(right.body.rows.map((r: { cells: { menu: string } }) => r.cells.menu))]).toEqual([
      "Buying",
      "Selling",
      "Rental",
      "Company",
      "Accreditations",
    ]);
    expect((await list(`${LEFT}?f.menu=sellers`)).body.rows).toHaveLength(4);
    // A row of the other screen is not found here.
    const about = await item("footer_company", "About us");
    expect((await editForm(LEFT, about.id)).status).toBe(404);
  });

  it("moves an item up and down within its menu, renumbering 1..n; at the top or bottom nothing changes", async () => {
    const [first, second] = await place("sellers", null);
    const up = await move(LEFT, second.id, "up");
    expect(up.status).toBe(303);
    const after = await place("sellers", null);
    expect(after.slice(0, 2).map((r) => r.id)).toEqual([second.id, first.id]);
    expect(after.map((r) => r.position)).toEqual(after.map((_, i) => i + 1));
    expect((await latestJournal()).summary).toBe(`Moved menu item “${second.label}” up.`);
    // Other menus keep their order.
    expect((await place("buyers", null)).map((r) => r.position)).toEqual(
      (await place("buyers", null)).map((_, i) => i + 1),
    );
    const journal = (await latestJournal()).id;
    const top = await move(LEFT, second.id, "up");
    expect(top.status).toBe(303); // "already first": nothing written, nothing journaled
    expect((await latestJournal()).id).toBe(journal);
    const last = after[after.length - 1];
    await move(LEFT, last.id, "down");
    expect((await place("sellers", null)).map((r) => r.id)).toEqual(after.map((r) => r.id));
    await move(LEFT, second.id, "down"); // back as seeded
    expect((await place("sellers", null)).slice(0, 2).map((r) => r.id)).toEqual([first.id, second.id]);
  });

  it("places a child under a parent of the same menu, moves it among its siblings, and the shell nests it", async () => {
    const parent = await item("buyers", "Resorts");
    const res = await create(
      LEFT,
      fields({ menu: "buyers", label: "Resort maps", href: "/resorts#maps", parentId: String(parent.id) }),
    );
    expect(res.status).toBe(303);
    const res2 = await create(
      LEFT,
      fields({
        menu: "buyers",
        label: "Resort photos",
        href: "https://example.com/photos",
        parentId: String(parent.id),
      }),
    );
    expect(res2.status).toBe(303);
    const kids = await place("buyers", parent.id);
    expect(kids.map((r) => [r.label, r.position])).toEqual([
      ["Resort maps", 1],
      ["Resort photos", 2],
    ]);
    await move(LEFT, kids[1].id, "up");
    expect((await place("buyers", parent.id)).map((r) => r.label)).toEqual(["Resort photos", "Resort maps"]);
    // The list shows the children right under their parent, one level down.
    const rows = (await list(LEFT)).body.rows as { title: string; tree: { level: number; parentTitle: string } }[];
    const at = rows.findIndex((r) => r.title === "Resorts");
    expect(rows.slice(at + 1, at + 3).map((r) => [r.title, r.tree.level, r.tree.parentTitle])).toEqual([
      ["Resort photos", 2, "Resorts"],
      ["Resort maps", 2, "Resorts"],
    ]);
    // The public shell: children under their parent, not among the top-level items.
    const menus = await getMenus(db);
    const resorts = menus.buyers.find((l) => l.label === "Resorts");
    expect(resorts?.children.map((c) => c.label)).toEqual(["Resort photos", "Resort maps"]);
    expect(menus.buyers.some((l) => l.label === "Resort maps")).toBe(false);
    // The parent field offers the top-level items of the screen's menus (not the item itself, nor a child: two
    // levels at most), and an item that has children no parent at all.
    const options = async (id: number) =>
      (
        (await editForm(LEFT, id)).body.fields.find((f: { name: string }) => f.name === "parentId").options as {
          label: string;
        }[]
      ).map((o) => o.label);
    const rentals = await options((await item("buyers", "Rentals")).id);
    expect(rentals).toContain("Buyers › All listings");
    expect(rentals).toContain("Sellers › Fees of selling");
    expect(rentals).toContain("Buyers › Resorts");
    expect(rentals.some((l) => /Rentals|Resort maps|Fees of selling,/.test(l))).toBe(false);
    expect(rentals.some((l) => /Buying|footer/i.test(l))).toBe(false);
    expect(await options(parent.id)).toEqual([]);
  });

  it("refuses a cycle, a third level and a parent in another menu (400), writing nothing", async () => {
    const parent = await item("buyers", "Resorts");
    const child = await item("buyers", "Resort maps");
    const before = await db.select().from(menuItems).orderBy(asc(menuItems.id));
    const cycle = await edit(
      LEFT,
      parent.id,
      fields({ menu: "buyers", label: "Resorts", href: parent.href, parentId: String(child.id) }),
    );
    expect(cycle.status).toBe(400);
    expect(cycle.body.fields.parentId[0]).toMatch(/under itself/);
    const self = await edit(
      LEFT,
      parent.id,
      fields({ menu: "buyers", label: "Resorts", href: parent.href, parentId: String(parent.id) }),
    );
    expect(self.status).toBe(400);
    const deep = await create(
      LEFT,
      fields({ menu: "buyers", label: "Too deep", href: "/resorts", parentId: String(child.id) }),
    );
    expect(deep.status).toBe(400);
    expect(deep.body.fields.parentId[0]).toMatch(/one level only/);
    const sellers = await item("sellers", "Fees of selling");
    const other = await create(
      LEFT,
      fields({ menu: "buyers", label: "Wrong menu", href: "/resorts", parentId: String(sellers.id) }),
    );
    expect(other.status).toBe(400);
    expect(other.body.fields.parentId[0]).toMatch(/same menu/);
    // A parent from the footer is not even in this screen's rows.
    const footer = await item("footer_company", "About us");
    const outside = await create(
      LEFT,
      fields({ menu: "buyers", label: "Outside", href: "/resorts", parentId: String(footer.id) }),
    );
    expect(outside.status).toBe(400);
    // An item with children moves to another menu only without them.
    const regroup = await edit(LEFT, parent.id, fields({ menu: "sellers", label: "Resorts", href: parent.href }));
    expect(regroup.status).toBe(400);
    expect(await db.select().from(menuItems).orderBy(asc(menuItems.id))).toEqual(before);
  });

  it("moves a child to the top level via its parent field: the end of its new place, the old one renumbered", async () => {
    const parent = await item("buyers", "Resorts");
    const photos = await item("buyers", "Resort photos");
    const res = await edit(
      LEFT,
      photos.id,
      fields({ menu: "buyers", label: "Resort photos", href: photos.href, parentId: "" }),
    );
    expect(res.status).toBe(303);
    const top = await place("buyers", null);
    expect(top[top.length - 1]).toMatchObject({ label: "Resort photos", position: top.length });
    expect((await place("buyers", parent.id)).map((r) => [r.label, r.position])).toEqual([["Resort maps", 1]]);
    expect((await latestJournal()).summary).toMatch(/Changed menu item “Resort photos”: Parent/);
  });

  it("refuses to delete a parent that has children (409), then deletes it once they are gone, renumbering", async () => {
    const parent = await item("buyers", "Resorts");
    const maps = await item("buyers", "Resort maps");
    const refused = await post(LEFT, { intent: "delete", ids: String(parent.id) });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/“Resorts” has 1 menu item under it: move or delete it first/);
    expect(await item("buyers", "Resorts")).toBeDefined();
    expect((await post(LEFT, { intent: "delete", ids: String(maps.id) })).status).toBe(303);
    const photos = await item("buyers", "Resort photos");
    expect((await post(LEFT, { intent: "delete", ids: String(photos.id) })).status).toBe(303);
    expect((await post(LEFT, { intent: "delete", ids: String(parent.id) })).status).toBe(303);
    const top = await place("buyers", null);
    expect(top.map((r) => r.position)).toEqual(top.map((_, i) => i + 1));
    // Put Resorts back as seeded (last of the buyers' menu), for the other tests.
    expect((await create(LEFT, fields({ menu: "buyers", label: "Resorts", href: parent.href }))).status).toBe(303);
  });

  it("validates the link and hides an item (and its children) from the public menus", async () => {
    const bad = await create(LEFT, fields({ menu: "buyers", label: "Bad", href: "javascript:alert(1)" }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields.href[0]).toMatch(/path on this site/);
    const protocolRelative = await create(LEFT, fields({ menu: "buyers", label: "Bad", href: "//evil.example" }));
    expect(protocolRelative.status).toBe(400);
    const privacy = await item("footer_company", "Privacy policy");
    const hidden = await edit(RIGHT, privacy.id, {
      menu: "footer_company",
      label: "Privacy policy",
      href: privacy.href,
      description: "",
    });
    expect(hidden.status).toBe(303);
    const shown = (await getMenus(db)).footer_company.map((l) => l.label);
    expect(shown).not.toContain("Privacy policy");
    expect(shown.slice(0, 2)).toEqual(["About us", "Terms and conditions"]);
    await edit(RIGHT, privacy.id, fields({ menu: "footer_company", label: "Privacy policy", href: privacy.href }));
    expect((await getMenus(db)).footer_company.map((l) => l.label)).toContain("Privacy policy");
  });

  it("is for administrators only: a writer and a buyer are sent away on read and write", async () => {
    for (const cookie of [writerCookie, buyerCookie]) {
      const read = await list(LEFT, cookie);
      expect(read.status).toBe(302);
      expect(read.location).toBe("/");
      const first = (await place("buyers", null))[0];
      const second = (await place("buyers", null))[1];
      const moved = await move(LEFT, second.id, "up", cookie);
      expect(moved.status).toBe(302);
      const created = await create(RIGHT, fields({ menu: "footer_company", label: "Sneaky", href: "/x" }), cookie);
      expect(created.status).toBe(302);
      expect((await place("buyers", null))[0].id).toBe(first.id);
      expect(await item("footer_company", "Sneaky")).toBeUndefined();
    }
  });
});
