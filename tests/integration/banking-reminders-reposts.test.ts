import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activityJournal,
  bankingReminders,
  listings,
  mailOutbox,
  settings,
  smsOutbox,
  userSettings,
} from "~/db/schema";
import type { Mailer } from "~/lib/mail.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { repostDueListings } from "~/modules/listings/auto-repost.server";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import { REMINDERS_QUEUES } from "~/modules/reminders/reminders.jobs.server";
import { sendBankingReminders } from "~/modules/reminders/banking-reminders.server";
import { APP_PARTS } from "~/modules/app-parts.server";
import { action as tweaksAction } from "~/routes/admin/tweaks";
import { action as engineAction, loader as engineLoader } from "~/routes/admin/resource/list";
import { buildListing, buildUser, FACTORY_PASSWORD, type BuiltUser } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 33 (decision 0089): the daily banking reminder and the daily automatic repost, run as their jobs run them,
 * on factory listings (the seeded ones are taken out of play first), with the tweaks saved through /admin/tweaks.
 */
const services = await startTestServices();
const db = services.db;
const adminRow = await buildUser(db, { role: "admin" });
const adminCookie = await sessionCookieFor(services, adminRow.email, FACTORY_PASSWORD);
const DAY = 86_400_000;

// The seeded listings: no current points (no banking reminder) and posted now (no automatic repost).
await db.update(listings).set({ currYearPoints: 0, postedAt: new Date() });

const saveTweaks = (form: Record<string, string>) =>
  callRoute(tweaksAction as never, makeRequest("/admin/tweaks", { form, cookie: adminCookie }));
const BANKING = {
  intent: "banking-reminder",
  banking_reminder_enabled: "on",
  banking_reminder_first_days: "30",
  banking_reminder_second_days: "7",
};
const REPOST = {
  intent: "repost",
  auto_repost_enabled: "on",
  auto_repost_after_days: "30",
  auto_repost_max_per_listing: "2",
  auto_repost_per_run: "50",
};

/** The form with a box unticked (an unticked box is absent). */
const off = (form: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(form).filter(([k]) => k !== key));
const jobDeps = { db, mailer: services.mailer, sms: services.sms, siteUrl: services.config.authUrl };
/** Noon Eastern of a summer day (EDT, UTC-4). */
const noonEastern = (day: string) => new Date(`${day}T16:00:00Z`);
const mailsTo = (email: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
const remindersOf = (ids: number[]) =>
  db.select().from(bankingReminders).where(inArray(bankingReminders.listingId, ids)).orderBy(bankingReminders.id);
const listingRow = async (id: number) => (await db.select().from(listings).where(eq(listings.id, id)))[0];

async function seller(phone: { sms: boolean; phone: string | null } = { sms: false, phone: null }) {
  const u = await buildUser(db, { role: "seller" });
  await db
    .update(userSettings)
    .set({ smsEnabled: phone.sms, usPhoneNumber: phone.phone })
    .where(eq(userSettings.userId, u.id));
  return u;
}

async function listing(
  owner: BuiltUser,
  over: { status?: number; useMonth?: number; points?: number; isTest?: boolean } = {},
) {
  return buildListing(db, {
    seller: owner,
    useMonth: over.useMonth ?? 2,
    points: over.points ?? 160,
    status: over.status ?? LISTING_STATUS.active,
    isTest: over.isTest,
  });
}

describe("the banking reminder job", () => {
  it("is a daily pg-boss schedule, and so is the automatic repost", () => {
    const jobs = new Map(APP_PARTS.jobs.map((j) => [j.queue, j.cron]));
    expect(jobs.get(REMINDERS_QUEUES.bankingReminder)).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(jobs.get(LISTINGS_QUEUES.autoRepost)).toMatch(/^\d+ \d+ \* \* \*$/);
  });

  it("mails the owners of listings holding current points at each lead time, with the points, and texts only those who turned SMS on", async () => {
    expect((await saveTweaks(BANKING)).status).toBe(303);
    const texted = await seller({ sms: true, phone: "(407) 555-0142" });
    const noPhone = await seller({ sms: true, phone: null });
    const smsOff = await seller({ sms: false, phone: "(407) 555-0143" });
    const others = await seller();
    // February use year: banking until September 30, 2026.
    const a = await listing(texted, { points: 175 });
    const pending = await listing(noPhone, { status: LISTING_STATUS.pending, points: 120 });
    const underContract = await listing(smsOff, { status: LISTING_STATUS.underContract, points: 200 });
    const skipped = [
      await listing(others, { status: LISTING_STATUS.sold }),
      await listing(others, { status: LISTING_STATUS.deactivated }),
      await listing(others, { isTest: true }),
      await listing(others, { useMonth: 3 }), // March use year: banking until October 31, not due yet
    ];
    await db
      .update(listings)
      .set({ currYearPoints: 0 })
      .where(eq(listings.id, (await listing(others)).id));
    const ids = [a.id, pending.id, underContract.id, ...skipped.map((l) => l.id)];

    // 31 days before the deadline: nothing yet.
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2026-08-30") })).toEqual({ mailed: 0, texted: 0 });

    // 30 days before: the first reminder.
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2026-08-31") })).toEqual({ mailed: 3, texted: 1 });
    const first = await remindersOf(ids);
    expect(first.map((r) => [r.listingId, r.leadDays, r.useYear, r.deadline, r.points])).toEqual([
      [a.id, 30, 2026, "2026-09-30", 175],
      [pending.id, 30, 2026, "2026-09-30", 120],
      [underContract.id, 30, 2026, "2026-09-30", 200],
    ]);
    const [mail] = await mailsTo(texted.email);
    expect(mail.template).toBe("banking-reminder");
    expect(mail.subject).toContain("Bank your 175");
    expect(mail.text).toContain("175 current use-year points");
    expect(mail.text).toContain("September 30, 2026 (30 days from today)");
    expect(mail.text).toContain("February 2026 use year");
    expect((await mailsTo(smsOff.email))[0].text).toContain("200 current use-year points");
    expect(await mailsTo(others.email)).toHaveLength(0);
    const texts = await db.select().from(smsOutbox).where(eq(smsOutbox.template, "banking-reminder-sms"));
    expect(texts).toHaveLength(1);
    expect(texts[0].to).toBe("+14075550142");
    expect(texts[0].body).toContain("175");
    expect(texts[0].body).toContain("September 30, 2026");
    expect(first.find((r) => r.listingId === a.id)?.smsId).toBe(texts[0].id);
    expect(first.find((r) => r.listingId === a.id)?.mailId).toBe(mail.id);

    // The same day again, and the next day: nothing more.
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2026-08-31") })).toEqual({ mailed: 0, texted: 0 });
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2026-09-01") })).toEqual({ mailed: 0, texted: 0 });

    // 7 days before: the second reminder, once.
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2026-09-23") })).toEqual({ mailed: 3, texted: 1 });
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2026-09-24") })).toEqual({ mailed: 0, texted: 0 });
    expect((await remindersOf(ids)).map((r) => r.leadDays)).toEqual([30, 30, 30, 7, 7, 7]);
    expect((await mailsTo(texted.email))[0].text).toContain("September 30, 2026 (7 days from today)");
    expect(await mailsTo(texted.email)).toHaveLength(2);
    expect(await db.select().from(smsOutbox).where(eq(smsOutbox.template, "banking-reminder-sms"))).toHaveLength(2);

    // After the February deadline: nothing more for those; the March listing's first reminder is due now (Oct 31).
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2026-10-01") })).toEqual({ mailed: 1, texted: 0 });
    const last = (await remindersOf(ids)).at(-1);
    expect(last).toMatchObject({ listingId: skipped[3].id, leadDays: 30, deadline: "2026-10-31" });
    expect(await remindersOf(ids)).toHaveLength(7);
  });

  it("sends nothing when switched off in the tweaks", async () => {
    const owner = await seller({ sms: true, phone: "(407) 555-0150" });
    const l = await listing(owner, { useMonth: 12 }); // December 2026 use year: banking until July 31, 2027
    expect((await saveTweaks(off(BANKING, "banking_reminder_enabled"))).status).toBe(303);
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2027-07-01") })).toEqual({ mailed: 0, texted: 0 });
    expect(await mailsTo(owner.email)).toHaveLength(0);
    expect(await remindersOf([l.id])).toHaveLength(0);
    expect((await saveTweaks(BANKING)).status).toBe(303);
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2027-07-01") })).toEqual({ mailed: 1, texted: 1 });
    expect((await mailsTo(owner.email))[0].text).toContain("July 31, 2027 (30 days from today)");
    expect((await mailsTo(owner.email))[0].text).toContain("December 2026 use year");
  });

  it("a run interrupted after some sends, resumed, sends the rest once and nothing twice", async () => {
    const owners = [await seller(), await seller(), await seller(), await seller()];
    // October use year: banking until May 31, 2027.
    const ls = [];
    for (const o of owners) ls.push(await listing(o, { useMonth: 10, points: 90 }));
    let sent = 0;
    const dying: Mailer = {
      ...services.mailer,
      send: async (mail, opts) => {
        if (sent === 2) throw new Error("the worker was killed");
        sent++;
        return services.mailer.send(mail, opts);
      },
    };
    await expect(
      sendBankingReminders({ ...jobDeps, mailer: dying }, { now: noonEastern("2027-05-01") }),
    ).rejects.toThrow("killed");
    expect(await remindersOf(ls.map((l) => l.id))).toHaveLength(2);
    const mailed = async () => (await Promise.all(owners.map((o) => mailsTo(o.email)))).map((m) => m.length);
    expect(await mailed()).toEqual([1, 1, 0, 0]);

    // The retry (the job runs again): the two left, once each.
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2027-05-01") })).toEqual({ mailed: 2, texted: 0 });
    expect(await sendBankingReminders(jobDeps, { now: noonEastern("2027-05-02") })).toEqual({ mailed: 0, texted: 0 });
    expect(await mailed()).toEqual([1, 1, 1, 1]);
    expect((await remindersOf(ls.map((l) => l.id))).map((r) => r.leadDays)).toEqual([30, 30, 30, 30]);
  });
});

describe("the banking reminder and repost tweaks", () => {
  it("refuse lead times out of range, a second reminder not nearer than the first, and bad repost numbers, writing nothing", async () => {
    const before = await db.select().from(settings).where(ne(settings.key, "__none__"));
    for (const [form, field] of [
      [{ ...BANKING, banking_reminder_first_days: "0" }, "banking_reminder_first_days"],
      [{ ...BANKING, banking_reminder_first_days: "181" }, "banking_reminder_first_days"],
      [{ ...BANKING, banking_reminder_second_days: "-1" }, "banking_reminder_second_days"],
      [{ ...BANKING, banking_reminder_second_days: "30" }, "banking_reminder_second_days"],
      [{ ...BANKING, banking_reminder_first_days: "thirty" }, "banking_reminder_first_days"],
      [{ ...REPOST, auto_repost_after_days: "0" }, "auto_repost_after_days"],
      [{ ...REPOST, auto_repost_max_per_listing: "101" }, "auto_repost_max_per_listing"],
      [{ ...REPOST, auto_repost_per_run: "2.5" }, "auto_repost_per_run"],
    ] as const) {
      const res = await saveTweaks(form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(
        field === "banking_reminder_second_days" && form.banking_reminder_second_days === "30"
          ? "closer to the deadline"
          : "Enter",
      );
    }
    expect(await db.select().from(settings).where(ne(settings.key, "__none__"))).toEqual(before);
  });
});

describe("the automatic repost job", () => {
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  async function postedAgo(days: number, over: { status?: number; isTest?: boolean; autoReposts?: number } = {}) {
    const l = await buildListing(db, { status: over.status, isTest: over.isTest });
    await db
      .update(listings)
      .set({ postedAt: ago(days), autoRepostCount: over.autoReposts ?? 0 })
      .where(eq(listings.id, l.id));
    return l;
  }

  it("reposts only due listings, journaled as automatic, once, up to the maximum; switched off, none", async () => {
    expect((await saveTweaks(REPOST)).status).toBe(303);
    const due = await postedAgo(40);
    const recent = await postedAgo(10);
    const deactivated = await postedAgo(40, { status: LISTING_STATUS.deactivated });
    const test = await postedAgo(40, { isTest: true });
    const atMax = await postedAgo(40, { autoReposts: 2 });
    const started = Date.now();

    expect(await repostDueListings({ db })).toEqual({ reposted: 1 });
    const after = await listingRow(due.id);
    expect(after.postedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(after.repostedAt?.getTime()).toBe(after.postedAt.getTime());
    expect(after).toMatchObject({ repostCount: 1, autoRepostCount: 1, lastRepostKind: "automatic" });
    for (const l of [recent, deactivated, test, atMax]) {
      expect(await listingRow(l.id)).toMatchObject({ repostCount: 0, lastRepostKind: null });
    }
    const journal = await db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.kind, "listing.auto-repost"), eq(activityJournal.userId, due.sellerId as string)));
    expect(journal).toHaveLength(1);
    expect(journal[0].summary).toContain("reposted automatically");
    expect(journal[0].actorId).toBeNull();

    // A second run the same day: nothing reposted again, nothing counted again.
    expect(await repostDueListings({ db })).toEqual({ reposted: 0 });
    expect(await listingRow(due.id)).toMatchObject({ repostCount: 1, autoRepostCount: 1 });

    // 40 days on, a second automatic repost; then the maximum (2) is reached.
    await db
      .update(listings)
      .set({ postedAt: ago(40) })
      .where(eq(listings.id, due.id));
    expect(await repostDueListings({ db })).toEqual({ reposted: 1 });
    await db
      .update(listings)
      .set({ postedAt: ago(40) })
      .where(eq(listings.id, due.id));
    expect(await repostDueListings({ db })).toEqual({ reposted: 0 });
    expect(await listingRow(due.id)).toMatchObject({ repostCount: 2, autoRepostCount: 2 });

    // Switched off: a due listing stays where it is.
    const another = await postedAgo(50);
    expect((await saveTweaks(off(REPOST, "auto_repost_enabled"))).status).toBe(303);
    expect(await repostDueListings({ db })).toEqual({ reposted: 0 });
    expect(await listingRow(another.id)).toMatchObject({ repostCount: 0 });
    await db.update(listings).set({ listingStatusId: LISTING_STATUS.deactivated }).where(eq(listings.id, another.id));
  });

  it("reposts at most the per-run number, the longest unposted first; the next run takes the rest", async () => {
    expect((await saveTweaks({ ...REPOST, auto_repost_per_run: "2" })).status).toBe(303);
    const oldest = await postedAgo(90);
    const older = await postedAgo(60);
    const old = await postedAgo(45);
    expect(await repostDueListings({ db })).toEqual({ reposted: 2 });
    expect((await listingRow(oldest.id)).autoRepostCount).toBe(1);
    expect((await listingRow(older.id)).autoRepostCount).toBe(1);
    expect((await listingRow(old.id)).autoRepostCount).toBe(0);
    expect(await repostDueListings({ db })).toEqual({ reposted: 1 });
    expect((await listingRow(old.id)).autoRepostCount).toBe(1);
    expect(await repostDueListings({ db })).toEqual({ reposted: 0 });
  });

  it("/admin/reposts says which kind each last repost was and states the schedule", async () => {
    const route = (fn: unknown, path: string, form?: Record<string, string>) =>
      callRoute(
        ((args: { request: Request }) =>
          (fn as (a: unknown) => unknown)({
            ...args,
            pattern: "/admin/reposts",
            url: new URL(args.request.url),
          })) as never,
        makeRequest(path, { cookie: adminCookie, ...(form ? { form } : {}) }),
      );
    const manual = await postedAgo(100);
    expect((await route(engineAction, "/admin/reposts", { intent: "repost", id: String(manual.id) })).status).toBe(303);
    expect(await listingRow(manual.id)).toMatchObject({ lastRepostKind: "manual", repostCount: 1, autoRepostCount: 0 });

    const page = await route(engineLoader, "/admin/reposts?sort=reposted&dir=desc&perPage=100");
    expect(page.status).toBe(200);
    expect(page.body.meta.description).toContain(
      "every morning, an active listing not posted or reposted for 30 days is reposted, at most 2 times a listing and 2 listings a morning",
    );
    const cells = (id: number) =>
      (page.body.rows as { id: string; cells: Record<string, unknown> }[]).find((r) => r.id === String(id))?.cells;
    expect(cells(manual.id)).toMatchObject({ lastKind: "Manual" });
    const [auto] = await db.select().from(listings).where(eq(listings.lastRepostKind, "automatic")).limit(1);
    expect(cells(auto.id)).toMatchObject({ lastKind: "Automatic" });

    expect((await saveTweaks(off(REPOST, "auto_repost_enabled"))).status).toBe(303);
    const switchedOff = await route(engineLoader, "/admin/reposts");
    expect(switchedOff.body.meta.description).toContain("Automatic reposts are off");
  });
});
