import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { headerBanners, resortRooms, resorts, rooms } from "~/db/schema";
import { RESOURCE_SCHEDULE_QUEUE, runScheduledStep, sweepSchedules } from "~/modules/admin/resource-schedule.server";
import { getHeaderBanner } from "~/modules/content/header-banner.server";
import { loader as exportLoader } from "~/routes/admin/resource/export";
import { action as formAction, loader as formLoader } from "~/routes/admin/resource/form";
import { loader as listLoader } from "~/routes/admin/resource/list";
import { latestJournalEntry } from "../fixtures/journal";
import { workQueued } from "../fixtures/jobs";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 30, decision 0068: many-to-many fields, Eastern date-time fields and scheduled changes of state.
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");

const ROOMS = "/admin/vacation-point-calculator/rooms";
const BANNERS = "/admin/banners";

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const create = (base: string, form: Record<string, string | string[]>) =>
  call(formAction, `${base}/create`, `${base}/create`, { method: "POST", form, cookie: adminCookie });
const edit = (base: string, id: number, form: Record<string, string | string[]>) =>
  call(
    formAction,
    `${base}/:id/edit`,
    `${base}/${id}/edit`,
    { method: "POST", form, cookie: adminCookie },
    { id: String(id) },
  );
const editForm = (base: string, id: number) =>
  call(formLoader, `${base}/:id/edit`, `${base}/${id}/edit`, { cookie: adminCookie }, { id: String(id) });

const resortId = async (code: string) => (await db.select().from(resorts).where(eq(resorts.code, code)))[0].id;
async function linkedCodes(roomId: number) {
  const rows = await db
    .select({ code: resorts.code })
    .from(resortRooms)
    .innerJoin(resorts, eq(resorts.id, resortRooms.resortId))
    .where(eq(resortRooms.roomId, roomId));
  return rows.map((r) => r.code).sort();
}
const roomNamed = async (name: string) => (await db.select().from(rooms).where(eq(rooms.name, name)))[0];
/** The rows of `db.execute` (typed loosely by the driver-neutral Db type). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const journalCount = async () =>
  rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from activity_journal where kind = 'admin.resource'`),
  )[0].n;
const queuedJobs = async () =>
  rowsOf<{ data: { id: number; step: number; at: string }; start_after: Date }>(
    await db.execute(
      sql`select data, start_after from pgboss.job where name = ${RESOURCE_SCHEDULE_QUEUE} and state = 'created' order by start_after`,
    ),
  );
/** Saves the "Now showing" banner with new words and these values. */
const editShowing = (id: number, over: Record<string, string>) =>
  edit(BANNERS, id, bannerForm({ title: "Now showing", text: "New words.", ...over }));

describe("many-to-many: the resorts that have a room type", () => {
  it("seeds the DOMAIN's pairs: cabins at Fort Wilderness and Copper Creek, bungalows at the Polynesian", async () => {
    expect(await linkedCodes((await roomNamed("Cabin")).id)).toEqual(["CCV", "CFW"]);
    expect(await linkedCodes((await roomNamed("Bungalow")).id)).toEqual(["PVB"]);
    expect(await linkedCodes((await roomNamed("Treehouse Villa")).id)).toEqual(["SSR"]);
    const gv = await linkedCodes((await roomNamed("Three-Bedroom Grand Villa")).id);
    expect(gv).not.toContain("BCV");
    expect(gv).toContain("AKV");
  });

  it("lists each room type with the names of its resorts, and finds a room by a resort's name", async () => {
    const res = await call(listLoader, ROOMS, `${ROOMS}?q=Fort+Wilderness`, { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { title: string }) => r.title)).toEqual(["Cabin"]);
    expect(res.body.rows[0].cells.resorts).toBe("Cabins at Fort Wilderness, Copper Creek Villas & Cabins");
  });

  it("creates a room with its resorts in one save, shows them on the edit form, adds and removes links", async () => {
    const [akv, blt, vgf] = await Promise.all(["AKV", "BLT", "VGF"].map(resortId));
    const made = await create(ROOMS, { name: "Tower Studio", sleeps: "2", resortIds: [String(akv), String(blt)] });
    expect(made.status).toBe(303);
    const room = await roomNamed("Tower Studio");
    expect(room.slug).toBe("tower-studio");
    expect(await linkedCodes(room.id)).toEqual(["AKV", "BLT"]);
    const created = await latestJournalEntry(db);
    expect(created.data).toMatchObject({
      action: "create",
      after: { resortIds: ["Animal Kingdom Villas", "Bay Lake Tower"] },
    });

    const form = await editForm(ROOMS, room.id);
    expect(form.body.values.resortIds.sort()).toEqual([String(akv), String(blt)].sort());
    expect(form.body.fields.find((f: { name: string }) => f.name === "resortIds").options.length).toBe(17);

    // BLT unticked, VGF ticked: one removal, one addition, the same transaction as the row.
    const saved = await edit(ROOMS, room.id, {
      name: "Tower Studio",
      sleeps: "2",
      resortIds: [String(akv), String(vgf)],
    });
    expect(saved.status).toBe(303);
    expect(await linkedCodes(room.id)).toEqual(["AKV", "VGF"]);
    const changed = await latestJournalEntry(db);
    expect(changed.summary).toContain("added Villas at Grand Floridian");
    expect(changed.summary).toContain("removed Bay Lake Tower");
    expect(changed.data).toMatchObject({
      before: { resortIds: ["Animal Kingdom Villas", "Bay Lake Tower"] },
      after: { resortIds: ["Animal Kingdom Villas", "Villas at Grand Floridian"] },
    });

    // Nothing ticked: every link removed.
    await edit(ROOMS, room.id, { name: "Tower Studio", sleeps: "2" });
    expect(await linkedCodes(room.id)).toEqual([]);
  });

  it("refuses an id that is no resort with a 400 on the field and writes nothing, not even the row's other changes", async () => {
    const room = await roomNamed("Deluxe Studio");
    const before = await linkedCodes(room.id);
    const entries = await journalCount();
    const res = await edit(ROOMS, room.id, {
      name: "Deluxe Studio (renamed)",
      sleeps: "4",
      resortIds: [String(await resortId("OKW")), "999999"],
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.resortIds[0]).toContain("999999 is not in the list");
    expect((await roomNamed("Deluxe Studio")).id).toBe(room.id);
    expect(await linkedCodes(room.id)).toEqual(before);
    expect(await journalCount()).toBe(entries);
    // The interval-resorts entry is no choice either; nor is text.
    const interval = await edit(ROOMS, room.id, {
      name: "Deluxe Studio",
      sleeps: "4",
      resortIds: [String(await resortId("INT"))],
    });
    expect(interval.status).toBe(400);
    expect(await linkedCodes(room.id)).toEqual(before);
    const bad = await edit(ROOMS, room.id, { name: "Deluxe Studio", sleeps: "4", resortIds: ["abc"] });
    expect(bad.status).toBe(400);
  });

  it("exports the linked resorts by name in the CSV", async () => {
    const res = await call(exportLoader, `${ROOMS}/export.csv`, `${ROOMS}/export.csv?q=Bungalow`, {
      cookie: adminCookie,
    });
    expect(res.status).toBe(200);
    const text = String(res.body);
    expect(text.split("\n")[0]).toContain("Resorts that have this room");
    expect(text).toContain("Polynesian Villas & Bungalows");
  });
});

const bannerForm = (over: Record<string, string> = {}) => ({
  title: "Spring points sale",
  text: "Resale contracts from $95 per point this week.",
  callToActionText: "Learn more",
  callToActionLink: "",
  detailText: "Prices are set by sellers. Offers close on Sunday.",
  backgroundColor: "#0c4a6e",
  textColor: "#ffffff",
  fontSize: "16",
  lineHeight: "150",
  showOnAllPages: "on",
  status: "scheduled",
  startsAt: "2026-03-08T03:00",
  endsAt: "",
  ...over,
});

/** A banner form refused (400): the message on one field. */
async function refusal(over: Record<string, string>, field: string): Promise<string> {
  const res = await create(BANNERS, bannerForm(over));
  expect(res.status).toBe(400);
  return res.body.fields[field][0];
}

describe("datetime fields (Eastern wall time)", () => {
  it("stores a start typed in Eastern time across the March change as the right instant, and shows it back", async () => {
    const res = await create(
      BANNERS,
      bannerForm({ title: "DST edge", status: "draft", startsAt: "2026-03-08T01:30", endsAt: "2026-03-08T03:30" }),
    );
    expect(res.status).toBe(303);
    const [b] = await db.select().from(headerBanners).where(eq(headerBanners.title, "DST edge"));
    // 1:30 EST is 06:30 UTC; 3:30 EDT is 07:30 UTC: one hour of real time between them, not two.
    expect(b.startsAt?.toISOString()).toBe("2026-03-08T06:30:00.000Z");
    expect(b.endsAt?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    const form = await editForm(BANNERS, b.id);
    expect(form.body.values.startsAt).toBe("2026-03-08T01:30");
    expect(form.body.values.endsAt).toBe("2026-03-08T03:30");
  });

  it("refuses a time that is not one, a time the clocks skip, and an end before the start (400, nothing written)", async () => {
    const count = async () => (await db.select().from(headerBanners)).length;
    const n = await count();
    expect(await refusal({ startsAt: "next tuesday" }, "startsAt")).toBe(
      "Starts must be a date and time, like 2026-07-04 09:00 (Eastern time).",
    );
    expect(await refusal({ startsAt: "2026-03-08T02:30" }, "startsAt")).toContain("does not exist in Eastern time");
    expect(await refusal({ startsAt: "2026-05-02T10:00", endsAt: "2026-05-01T10:00" }, "endsAt")).toBe(
      "Ends must be later than starts.",
    );
    expect(await count()).toBe(n);
  });

  it("refuses colours below AA contrast and a call to action with neither link nor detail text", async () => {
    expect(await refusal({ textColor: "#aaaaaa", backgroundColor: "#ffffff" }, "textColor")).toContain(
      "at least 4.5 to 1",
    );
    expect(await refusal({ backgroundColor: "navy" }, "backgroundColor")).toContain("hex colour");
    expect(await refusal({ detailText: "" }, "detailText")).toContain("Enter the detail text, or a link");
    expect(await refusal({ status: "live" }, "status")).toContain("set by the schedule");
  });
});

describe("scheduled changes of state", () => {
  it("queues a job per time on save, once however often it is saved, and runs it once however often it runs", async () => {
    await db.execute(sql`delete from pgboss.job where name = ${RESOURCE_SCHEDULE_QUEUE}`);
    const res = await create(
      BANNERS,
      bannerForm({ title: "Now showing", startsAt: "2026-01-01T09:00", endsAt: "2099-12-31T23:00" }),
    );
    expect(res.status).toBe(303);
    const [b] = await db.select().from(headerBanners).where(eq(headerBanners.title, "Now showing"));
    expect(b.status).toBe("scheduled");
    let jobs = await queuedJobs();
    expect(jobs.map((j) => [j.data.id, j.data.step])).toEqual([
      [b.id, 0],
      [b.id, 1],
    ]);
    expect(new Date(jobs[0].start_after).toISOString()).toBe("2026-01-01T14:00:00.000Z");

    // Saved again with the same times (a text change): no second job.
    await editShowing(b.id, { startsAt: "2026-01-01T09:00", endsAt: "2099-12-31T23:00" });
    jobs = await queuedJobs();
    expect(jobs).toHaveLength(2);

    // The start job, run by the worker and then once more by a retry: one change, one journal entry by the system.
    const startData = jobs[0].data;
    const entries = await journalCount();
    expect(await workQueued(services, RESOURCE_SCHEDULE_QUEUE)).toBe(1); // the end job is not due
    expect(await runScheduledStep({ db }, startData)).toBe("done");
    const [live] = await db.select().from(headerBanners).where(eq(headerBanners.id, b.id));
    expect(live.status).toBe("live");
    expect(await journalCount()).toBe(entries + 1);
    const entry = await latestJournalEntry(db);
    expect(entry.actorId).toBeNull();
    expect(entry.summary).toBe("Banner “Now showing” went live (scheduled for Jan 1, 2026, 9:00 AM Eastern).");

    // The shell shows it now.
    expect((await getHeaderBanner(db))?.title).toBe("Now showing");
  });

  it("a moved time queues a new job; the old one, run, finds the time changed and does nothing", async () => {
    const [b] = await db.select().from(headerBanners).where(eq(headerBanners.title, "Now showing"));
    const oldEnd = (await queuedJobs()).find((j) => j.data.id === b.id && j.data.step === 1);
    expect(oldEnd).toBeDefined();
    await editShowing(b.id, { status: "live", startsAt: "2026-01-01T09:00", endsAt: "2026-02-01T09:00" });
    const ends = (await queuedJobs()).filter((j) => j.data.id === b.id && j.data.step === 1);
    expect(ends.map((j) => j.data.at).sort()).toEqual(["2026-02-01T14:00:00.000Z", "2100-01-01T04:00:00.000Z"].sort());
    const entries = await journalCount();
    // The stale job (end in 2099) is given a due time by force: it still changes nothing.
    expect(await runScheduledStep({ db }, oldEnd?.data, () => new Date("2100-01-01T00:00:00Z"))).toBe("stale");
    expect((await db.select().from(headerBanners).where(eq(headerBanners.id, b.id)))[0].status).toBe("live");
    expect(await journalCount()).toBe(entries);
    // The new end (already past) ends it.
    const fresh = ends.find((j) => j.data.at.startsWith("2026-02-01"));
    expect(await runScheduledStep({ db }, fresh?.data)).toBe("applied");
    const [ended] = await db
      .select()
      .from(headerBanners)
      .where(and(eq(headerBanners.id, b.id)));
    expect(ended.status).toBe("ended");
    expect(await getHeaderBanner(db)).toBeNull();
  });

  it("a draft queues nothing, and a job whose row left the schedule (back to draft) does nothing", async () => {
    await db.execute(sql`delete from pgboss.job where name = ${RESOURCE_SCHEDULE_QUEUE}`);
    await create(BANNERS, bannerForm({ title: "Later", startsAt: "2026-01-02T09:00" }));
    const [b] = await db.select().from(headerBanners).where(eq(headerBanners.title, "Later"));
    const [job] = await queuedJobs();
    await edit(BANNERS, b.id, bannerForm({ title: "Later", status: "draft", startsAt: "2026-01-02T09:00" }));
    expect(await queuedJobs()).toHaveLength(1); // the old one, nothing new
    expect(await runScheduledStep({ db }, job.data)).toBe("done");
    expect((await db.select().from(headerBanners).where(eq(headerBanners.id, b.id)))[0].status).toBe("draft");
  });

  it("a step whose job was never queued is caught up by the five-minute sweep, once", async () => {
    // Written around the engine, as a save whose process stopped before it queued the job would leave it.
    const [lost] = await db
      .insert(headerBanners)
      .values({
        title: "Lost job",
        text: "Caught up.",
        callToActionText: "Details",
        callToActionLink: "/listings",
        status: "scheduled",
        startsAt: new Date(Date.now() - 60_000),
      })
      .returning();
    expect(await sweepSchedules({ db })).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(headerBanners).where(eq(headerBanners.id, lost.id)))[0].status).toBe("live");
    expect((await latestJournalEntry(db)).summary).toMatch(/^Banner “Lost job” went live/);
    expect(await sweepSchedules({ db })).toBe(0);
  });
});
