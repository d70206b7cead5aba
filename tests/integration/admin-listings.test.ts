import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { brokers, contactMessages, listings, resorts, user } from "~/db/schema";
import { action as searchAction } from "~/routes/api/dvc-broker-listings";
import { action as updateAction } from "~/routes/api/listings-update";
import { loader as engineViewLoader } from "~/routes/admin/resource/view";
import { action as engineAction, loader as engineLoader } from "~/routes/admin/resource/list";
import { loader as editLoader } from "~/routes/profile/inventory-edit";
import { action as newAction } from "~/routes/profile/inventory-new";
import { loader as brokerListingsLoader } from "~/routes/public/broker-listings";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import { workQueued } from "../fixtures/jobs";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * The test, deactivated and repost screens are served by the admin resource engine (issue 9): these call its list
 * route as React Router would (with the matched pattern) and read its rows back in the shape the assertions use.
 */
type EngineRow = { id: string; cells: Record<string, unknown> };
const engineRoute = (pattern: string, fn: (args: never) => unknown) => (args: { request: Request }) =>
  (fn as (a: unknown) => unknown)({ ...args, pattern, url: new URL(args.request.url) });
const asListingRow = (r: EngineRow) => ({
  id: Number(r.id),
  listingCode: r.cells.code,
  contractPoints: r.cells.points,
  pricePerPointCents: r.cells.ppp,
  postedAt: r.cells.posted,
  repostCount: r.cells.reposts,
  sellerEmail: r.cells.ownerDetail === "Broker" ? null : r.cells.ownerDetail,
  brokerName: r.cells.ownerDetail === "Broker" ? r.cells.owner : null,
  resortCode: String(r.cells.resortDetail ?? "").split(" ")[0],
  deactivationReason: r.cells.reason,
  status: r.cells.status,
});
const listed = (fn: (args: never) => unknown) => async (args: { request: Request }) => {
  const out = await (fn as (a: unknown) => Promise<unknown>)(args);
  if (out && typeof out === "object" && "rows" in out) {
    return { ...(out as object), rows: (out as { rows: EngineRow[] }).rows.map(asListingRow) };
  }
  return out;
};
const pendingLoader = listed(engineRoute("/admin/pending-listings", engineLoader));
const pendingAction = engineRoute("/admin/pending-listings", engineAction);
const repostsLoader = listed(engineRoute("/admin/reposts", engineLoader));
const repostsAction = engineRoute("/admin/reposts", engineAction);
const testLoader = listed(engineRoute("/admin/test-listings", engineLoader));
const testAction = engineRoute("/admin/test-listings", engineAction);
const deactivatedLoader = listed(engineRoute("/admin/deactivated-listings", engineLoader));
const deactivatedAction = engineRoute("/admin/deactivated-listings", engineAction);
const contactLoader = engineRoute("/admin/contact-messages", engineLoader);
const contactAction = engineRoute("/admin/contact-messages", engineAction);
const contactViewLoader = (args: { request: Request; params: Record<string, string> }) =>
  (engineViewLoader as (a: unknown) => unknown)({
    ...args,
    pattern: "/admin/contact-messages/:id",
    url: new URL(args.request.url),
  });

const services = await startTestServices();
const db = services.db;
const admin = await sessionCookieFor(services, "admin@example.com");
const seller = await sessionCookieFor(services, "seller@example.com");
const buyer = await sessionCookieFor(services, "buyer@example.com");
const writer = await sessionCookieFor(services, "writer@example.com");

type Fn = Parameters<typeof callRoute>[0];
const get = (fn: unknown, path: string, cookie = admin) => callRoute(fn as Fn, makeRequest(path, { cookie }));
const post = (
  fn: unknown,
  path: string,
  form: Record<string, string>,
  cookie = admin,
  headers?: Record<string, string>,
) => callRoute(fn as Fn, makeRequest(path, { form, cookie, headers }));
const getListing = async (id: number) => (await db.select().from(listings).where(eq(listings.id, id)))[0];
const activeListing = async (offset = 0) =>
  (
    await db
      .select()
      .from(listings)
      .where(and(eq(listings.listingStatusId, 3), eq(listings.isTest, false)))
      .orderBy(listings.id)
      .limit(1)
      .offset(offset)
  )[0];
const searchJson = (json: unknown) => callRoute(searchAction as Fn, makeRequest("/api/dvc-broker-listings", { json }));

const SCREENS = [
  ["/admin/pending-listings", pendingLoader, pendingAction],
  ["/admin/deactivated-listings", deactivatedLoader, deactivatedAction],
  ["/admin/test-listings", testLoader, testAction],
  ["/admin/reposts", repostsLoader, repostsAction],
  ["/admin/contact-messages", contactLoader, contactAction],
] as const;

describe("who may use the admin listing screens", () => {
  it("lets an administrator in and sends sellers, buyers and writers away, reading and changing", async () => {
    const target = await activeListing(5);
    for (const [path, loader, action] of SCREENS) {
      expect((await get(loader, path)).status).toBe(200);
      for (const cookie of [seller, buyer, writer]) {
        const view = await get(loader, path, cookie);
        expect(view.location, `${path} read`).toBe("/");
        const change = await post(
          action,
          path,
          { id: String(target.id), intent: "flag", code: target.listingCode, decision: "approve" },
          cookie,
        );
        expect(change.location, `${path} change`).toBe("/");
      }
    }
    const after = await getListing(target.id);
    expect(after.repostCount).toBe(target.repostCount);
    expect(after.isTest).toBe(false);
    expect(after.postedAt.getTime()).toBe(target.postedAt.getTime());
  });
});

describe("sorting, searching and paging from the query string", () => {
  it("orders by a column in either direction and falls back on an unknown column or direction", async () => {
    const asc = await get(repostsLoader, "/admin/reposts?sort=points&dir=asc");
    const pts = asc.body.rows.map((r: { contractPoints: number }) => r.contractPoints);
    expect(pts).toEqual([...pts].sort((a, b) => a - b));
    expect(asc.body.sort).toEqual({ column: "points", dir: "asc" });
    const desc = await get(repostsLoader, "/admin/reposts?sort=points&dir=desc");
    expect(desc.body.rows[0].contractPoints).toBeGreaterThanOrEqual(desc.body.rows.at(-1).contractPoints);
    expect(desc.body.rows[0].contractPoints).toBeGreaterThan(asc.body.rows[0].contractPoints);

    for (const qs of ["sort=drop%20table", "sort=posted&dir=sideways", "sort=&dir="]) {
      const res = await get(repostsLoader, `/admin/reposts?${qs}`);
      expect(res.status, qs).toBe(200);
      expect(res.body.sort, qs).toEqual({ column: "posted", dir: "asc" });
      const posted = res.body.rows.map((r: { postedAt: string }) => r.postedAt);
      expect(posted).toEqual([...posted].sort());
    }
  });

  it("pages with bad pages falling back to the first or the last", async () => {
    const first = await get(repostsLoader, "/admin/reposts");
    expect(first.body.rows.length).toBe(20);
    expect(first.body.pageCount).toBeGreaterThan(2);
    const second = await get(repostsLoader, "/admin/reposts?page=2");
    expect(second.body.page).toBe(2);
    expect(second.body.rows[0].id).not.toBe(first.body.rows[0].id);
    for (const bad of ["abc", "-3", "0", "1.5", "1e9"]) {
      const res = await get(repostsLoader, `/admin/reposts?page=${bad}`);
      expect(res.status, bad).toBe(200);
      expect(res.body.page, bad).toBe(1);
    }
    const past = await get(repostsLoader, "/admin/reposts?page=99999");
    expect(past.status).toBe(200);
    expect(past.body.page).toBe(first.body.pageCount);
    expect(past.body.rows.length).toBeGreaterThan(0);
  });

  it("searches by listing code, resort, seller email and broker name; wildcards are taken literally", async () => {
    const l = await activeListing(3);
    const byCode = await get(repostsLoader, `/admin/reposts?q=${l.listingCode.toLowerCase()}`);
    expect(byCode.body.rows.map((r: { id: number }) => r.id)).toEqual([l.id]);

    const byEmail = await get(repostsLoader, "/admin/reposts?q=seller2%40example.com");
    expect(byEmail.body.total).toBeGreaterThan(0);
    for (const r of byEmail.body.rows) expect(r.sellerEmail).toBe("seller2@example.com");

    const [b] = await db.select().from(brokers).limit(1);
    const byBroker = await get(repostsLoader, `/admin/reposts?q=${encodeURIComponent(b.name)}`);
    expect(byBroker.body.total).toBeGreaterThan(0);
    for (const r of byBroker.body.rows) expect(r.brokerName).toBe(b.name);

    const [resort] = await db.select().from(resorts).where(eq(resorts.id, l.resortId));
    const byResort = await get(repostsLoader, `/admin/reposts?q=${resort.code}`);
    expect(byResort.body.rows.some((r: { resortCode: string }) => r.resortCode === resort.code)).toBe(true);

    for (const q of ["%", "_", "\\", "'", "zzzz-nothing"]) {
      const res = await get(repostsLoader, `/admin/reposts?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.total, q).toBe(0);
    }
    const long = await get(repostsLoader, `/admin/reposts?q=${"x".repeat(5000)}`);
    expect(long.status).toBe(200);
    expect(long.body.q.length).toBe(100);
  });
});

describe("reposts", () => {
  it("puts a listing back at the top with a new date, first under the newest sort", async () => {
    const list = await get(repostsLoader, "/admin/reposts");
    const oldest = list.body.rows[0] as { id: number; listingCode: string; postedAt: string; repostCount: number };
    const before = await getListing(oldest.id);
    const started = Date.now();
    const res = await post(repostsAction, "/admin/reposts?sort=posted&dir=asc", { id: String(oldest.id) });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/reposts?sort=posted&dir=asc");
    expect(res.headers.get("set-cookie")).toContain("vpm_flash=");
    const after = await getListing(oldest.id);
    expect(after.postedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(after.repostedAt?.getTime()).toBe(after.postedAt.getTime());
    expect(after.updatedAt.getTime()).toBe(after.postedAt.getTime());
    expect(after.repostCount).toBe(before.repostCount + 1);

    const newest = await searchJson({ orderBy: { column: "age", order: "desc" }, page: 1 });
    expect(newest.status).toBe(200);
    expect(newest.body.data[0].id).toBe(oldest.id);

    const again = await get(repostsLoader, "/admin/reposts?sort=reposted&dir=desc");
    expect(again.body.rows[0]).toMatchObject({ id: oldest.id, repostCount: before.repostCount + 1 });
  });

  it("refuses a listing that is not active, an unknown one and a bad id, changing nothing", async () => {
    const [deactivated] = await db.select().from(listings).where(eq(listings.listingStatusId, 9)).limit(1);
    const res = await post(repostsAction, "/admin/reposts", { id: String(deactivated.id) });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/not active/);
    expect((await getListing(deactivated.id)).repostCount).toBe(deactivated.repostCount);
    expect((await post(repostsAction, "/admin/reposts", { id: "99999999" })).status).toBe(404);
    expect((await post(repostsAction, "/admin/reposts", { id: "abc" })).status).toBe(404); // the engine: no such listing
    expect((await post(repostsAction, "/admin/reposts", {})).status).toBe(400);
  });
});

describe("test listings", () => {
  it("lists the seeded test listings", async () => {
    const res = await get(testLoader, "/admin/test-listings");
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    const flagged = await db
      .select({ isTest: listings.isTest })
      .from(listings)
      .where(
        inArray(
          listings.id,
          res.body.rows.map((r: { id: number }) => r.id),
        ),
      );
    expect(flagged.every((r) => r.isTest)).toBe(true);
  });

  it("flags a listing by its code (gone from search and the listings call), then unflags it", async () => {
    const l = await activeListing(10);
    const [resort] = await db.select().from(resorts).where(eq(resorts.id, l.resortId));
    const ids = async () =>
      ((await searchJson({ resort: resort.code, limit: 120, page: 1 })).body.data as { id: number }[]).map((r) => r.id);
    expect(await ids()).toContain(l.id);

    const flag = await post(testAction, "/admin/test-listings", {
      intent: "flag",
      code: ` ${l.listingCode.toLowerCase()} `,
    });
    expect(flag.status).toBe(303);
    expect(await workQueued(services, LISTINGS_QUEUES.recomputeScores)).toBeGreaterThan(0);
    const flagged = await getListing(l.id);
    expect(flagged.isTest).toBe(true);
    expect(flagged.score).toBeNull(); // scores recomputed by the queued job: a test listing is not scored
    expect(await ids()).not.toContain(l.id);
    const list = await get(testLoader, `/admin/test-listings?q=${l.listingCode}`);
    expect(list.body.rows.map((r: { id: number }) => r.id)).toEqual([l.id]);

    const twice = await post(testAction, "/admin/test-listings", { intent: "flag", code: l.listingCode });
    expect(twice.status).toBe(409);

    const unflag = await post(testAction, "/admin/test-listings", { intent: "unflag", id: String(l.id) });
    expect(unflag.status).toBe(303);
    await workQueued(services, LISTINGS_QUEUES.recomputeScores);
    const back = await getListing(l.id);
    expect(back.isTest).toBe(false);
    expect(back.score).not.toBeNull();
    expect(await ids()).toContain(l.id);
  });

  it("refuses an unknown code, an empty one and an unknown intent with 4xx", async () => {
    const unknown = await post(testAction, "/admin/test-listings", { intent: "flag", code: "VPM-0" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("No listing has the code VPM-0.");
    expect((await post(testAction, "/admin/test-listings", { intent: "flag", code: "  " })).status).toBe(400);
    expect((await post(testAction, "/admin/test-listings", { intent: "explode", id: "1" })).status).toBe(400);
    expect((await post(testAction, "/admin/test-listings", { intent: "unflag", id: "x" })).status).toBe(404);
  });
});

describe("deactivated listings", () => {
  it("shows the reason and reactivates an approved listing (active, scored again)", async () => {
    const l = await activeListing(20);
    const deactivate = await callRoute(
      updateAction as Fn,
      makeRequest("/listings/update", {
        form: { id: String(l.id), name: "listing_status_id", value: "9", reason: "3", other_reason: "Family reasons" },
        cookie: admin,
        headers: { accept: "application/json" },
      }),
    );
    expect(deactivate.status).toBe(200);
    const list = await get(deactivatedLoader, `/admin/deactivated-listings?q=${l.listingCode}`);
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0].deactivationReason).toBe("Other: Family reasons");

    const res = await post(deactivatedAction, "/admin/deactivated-listings", { id: String(l.id) });
    expect(res.status).toBe(303);
    const after = await getListing(l.id);
    expect(after.listingStatusId).toBe(3);
    expect(after.score).not.toBeNull();
    const twice = await post(deactivatedAction, "/admin/deactivated-listings", { id: String(l.id) });
    expect(twice.status).toBe(409);
  });

  it("sends a never-approved listing back to review rather than live", async () => {
    const pending = await get(pendingLoader, "/admin/pending-listings");
    const p = pending.body.rows[0] as { id: number };
    await post(pendingAction, "/admin/pending-listings", { intent: "reject", id: String(p.id), confirm: "yes" });
    const list = await get(deactivatedLoader, "/admin/deactivated-listings?sort=updated&dir=desc");
    expect(list.body.rows[0]).toMatchObject({ id: p.id, deactivationReason: "Rejected in review" });
    const res = await post(deactivatedAction, "/admin/deactivated-listings", { id: String(p.id) });
    expect(res.status).toBe(303);
    expect((await getListing(p.id)).listingStatusId).toBe(1);
  });
});

describe("pending listings on the shared table", () => {
  it("holds the seeded pending listings, searchable and sortable", async () => {
    const res = await get(pendingLoader, "/admin/pending-listings");
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    expect(res.body.sort).toEqual({ column: "submitted", dir: "asc" });
    for (const r of res.body.rows) expect((await getListing(r.id)).listingStatusId).toBe(1);
    const bySeller = await get(pendingLoader, "/admin/pending-listings?q=seller%40example.com&sort=ppp&dir=desc");
    for (const r of bySeller.body.rows) expect(r.sellerEmail).toBe("seller@example.com");
    const ppp = bySeller.body.rows.map((r: { pricePerPointCents: number }) => r.pricePerPointCents);
    expect(ppp).toEqual([...ppp].sort((a, b) => b - a));
    const bad = await post(pendingAction, "/admin/pending-listings", { id: "1", intent: "maybe" });
    expect(bad.status).toBe(400);
    // An id that is no pending listing is the workflow's refusal, and nothing changes.
    const active = await activeListing(7);
    const notPending = await post(pendingAction, "/admin/pending-listings", {
      id: String(active.id),
      intent: "approve",
    });
    expect(notPending.status).toBe(409);
    expect((await getListing(active.id)).listingStatusId).toBe(3);
  });
});

const [messageListing] = await db.select().from(listings).limit(1);
const base = Date.now();
const inserted = await db
  .insert(contactMessages)
  .values([
    {
      name: "Ada Byron",
      email: "ada@example.org",
      subject: "Is the price firm?",
      message: "Hello,\nIs it firm?",
      listingId: messageListing.id,
      createdAt: new Date(base - 3_600_000),
    },
    {
      name: "Carl Gauss",
      email: "carl@example.org",
      phone: "(555) 010-2000",
      subject: "Closing time",
      message: "How long does closing take?",
      createdAt: new Date(base - 60_000),
    },
    {
      name: "Old Reader",
      email: "old@example.org",
      subject: "Already read",
      message: "Seen.",
      readAt: new Date(base - 7_200_000),
      createdAt: new Date(base - 86_400_000),
    },
  ])
  .returning({ id: contactMessages.id });

describe("contact messages", () => {
  type Row = { id: string; cells: { listing: string | null; isRead: boolean; name: string } };
  it("lists messages newest first, unread ones filterable, and searches by name, email or subject", async () => {
    const res = await get(contactLoader, "/admin/contact-messages");
    const rows = res.body.rows as Row[];
    expect(rows.slice(0, 3).map((r) => Number(r.id))).toEqual([inserted[1].id, inserted[0].id, inserted[2].id]);
    expect(rows[1].cells.listing).toBe(messageListing.listingCode);
    const unread = await get(contactLoader, "/admin/contact-messages?f.isRead=no");
    expect(unread.body.total).toBe(2);
    for (const q of ["gauss", "carl@example", "closing"]) {
      const found = await get(contactLoader, `/admin/contact-messages?q=${encodeURIComponent(q)}`);
      expect(
        (found.body.rows as Row[]).map((r) => Number(r.id)),
        q,
      ).toEqual([inserted[1].id]);
    }
    const byName = await get(contactLoader, "/admin/contact-messages?sort=name&dir=asc");
    expect((byName.body.rows as Row[])[0].cells.name).toBe("Ada Byron");
  });

  it("opens a message in full on its own page and marks it read; mark as unread undoes it", async () => {
    const id = String(inserted[0].id);
    const open = await callRoute(
      contactViewLoader as never,
      makeRequest(`/admin/contact-messages/${id}`, { cookie: admin }),
      { id },
    );
    expect(open.status).toBe(200);
    const items = Object.fromEntries(
      (open.body.items as { label: string; value: unknown }[]).map((i) => [i.label, i.value]),
    );
    expect(items).toMatchObject({ Message: "Hello,\nIs it firm?", Listing: messageListing.listingCode });
    expect(open.body.actions.map((a: { intent: string }) => a.intent)).toEqual(["unread"]);
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, inserted[0].id));
    expect(row.readAt).toBeInstanceOf(Date);
    expect((await get(contactLoader, "/admin/contact-messages?f.isRead=no")).body.total).toBe(1);

    const unread = await post(contactAction, "/admin/contact-messages?q=ada", { intent: "unread", id });
    expect(unread.status).toBe(303);
    expect(unread.location).toBe("/admin/contact-messages?q=ada");
    const unreadRows = await db.select().from(contactMessages).where(isNull(contactMessages.readAt));
    expect(unreadRows.map((r) => r.id)).toContain(inserted[0].id);
  });

  it("answers 404 for an unknown or malformed message", async () => {
    for (const id of ["99999999", "abc"]) {
      const res = await callRoute(
        contactViewLoader as never,
        makeRequest(`/admin/contact-messages/${id}`, { cookie: admin }),
        { id },
      );
      expect(res.status).toBe(404);
    }
    expect((await post(contactAction, "/admin/contact-messages", { intent: "unread", id: "0" })).status).toBe(404);
  });
});

const [listableResort] = await db.select().from(resorts).where(eq(resorts.isInterval, false)).limit(1);
const form = {
  resortId: String(listableResort.id),
  useMonth: "6",
  contractPoints: "150",
  prevYearPoints: "0",
  currYearPoints: "150",
  nextYearPoints: "150",
  pricePerPoint: "120",
};
const [{ id: sellerId }] = await db.select({ id: user.id }).from(user).where(eq(user.email, "seller@example.com"));
const newest = async () =>
  (
    await db.select().from(listings).where(eq(listings.sellerId, sellerId)).orderBy(sql`${listings.id} desc`).limit(1)
  )[0];

describe("no haggle in the seller's form", () => {
  it("stores the box ticked as no_haggle and unticked as not", async () => {
    const ticked = await post(newAction, "/v2/profile/inventory-for-sale/new", { ...form, noHaggle: "on" }, seller);
    expect(ticked.status).toBe(303);
    const a = await newest();
    expect(a.noHaggle).toBe(true);
    const edit = await callRoute(
      editLoader as Fn,
      makeRequest(`/v2/profile/inventory-for-sale/${a.id}/edit`, { cookie: seller }),
      { id: String(a.id) },
    );
    expect(edit.body.listing.values.noHaggle).toBe(true);

    await post(newAction, "/v2/profile/inventory-for-sale/new", form, seller);
    expect((await newest()).noHaggle).toBe(false);
  });
});

describe("listings.update without JavaScript", () => {
  it("sends a plain form back to its page with the error as a toast; a fetcher and JSON get the message", async () => {
    const theirs = await activeListing(30);
    const form = { id: String(theirs.id), name: "listing_status_id", value: "9" };
    const plain = await post(updateAction, "/listings/update", form, admin, {
      accept: "text/html,application/xhtml+xml",
      "sec-fetch-mode": "navigate",
      referer: "http://localhost:3000/v2/profile/inventory-for-sale?page=2",
    });
    expect(plain.status).toBe(303);
    expect(plain.location).toBe("/v2/profile/inventory-for-sale?page=2");
    const cookie = decodeURIComponent(plain.headers.get("set-cookie") ?? "");
    expect(cookie).toContain("vpm_flash=");
    expect(atob(cookie.split("vpm_flash=")[1].split(";")[0])).toContain("Please enter reason");

    const foreign = await post(updateAction, "/listings/update", form, admin, {
      accept: "text/html",
      referer: "https://elsewhere.example/phish",
    });
    expect(foreign.location).toBe("/v2/profile");

    const fetcher = await post(updateAction, "/listings/update", form, admin);
    expect(fetcher.status).toBe(400);
    expect(fetcher.body).toMatchObject({ ok: false, data: "Please enter reason" });
    const json = await post(updateAction, "/listings/update", form, admin, { accept: "application/json" });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ ok: false, data: "Please enter reason" });
    expect((await getListing(theirs.id)).listingStatusId).toBe(3);
  });
});

describe("broker listings index", () => {
  it("shows only active, non-test broker listings, filtered by broker, with bad input falling back", async () => {
    const all = await get(brokerListingsLoader, "/broker-listings");
    expect(all.status).toBe(200);
    expect(all.body.listings.length).toBeGreaterThan(0);
    for (const l of all.body.listings) {
      expect(l.source).toBe("broker");
      expect(l.broker).not.toBeNull();
    }
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(and(eq(listings.source, "broker"), eq(listings.listingStatusId, 3), eq(listings.isTest, false)));
    expect(all.body.total).toBe(n);

    const one = all.body.brokers[0] as { id: number; name: string };
    const filtered = await get(brokerListingsLoader, `/broker-listings?broker=${one.id}`);
    expect(filtered.body.broker).toEqual(one);
    for (const l of filtered.body.listings) expect(l.broker.id).toBe(one.id);

    const unknown = await get(brokerListingsLoader, "/broker-listings?broker=999999");
    expect(unknown.status).toBe(200);
    expect(unknown.body.ignored).toContain("broker");
    expect(unknown.body.total).toBe(n);
    const past = await get(brokerListingsLoader, "/broker-listings?page=9999");
    expect(past.body.page).toBe(past.body.pageCount);
    expect(past.body.ignored).toContain("page");
    expect((await get(brokerListingsLoader, "/broker-listings?page=x")).body.page).toBe(1);
  });
});
