import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/abilities";
import { activityJournal, listings, resorts, user } from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { takeFlash } from "~/lib/flash.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import { recomputeScores } from "~/modules/listings/score.server";
import { updateResortFacts } from "~/modules/resorts/resorts-admin.server";
import { action as editAction, loader as editLoader } from "~/routes/admin/resorts-annual-dues-edit";
import { loader as listLoader } from "~/routes/admin/resorts-annual-dues";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

async function viewerFor(email: string, impersonatedBy: string | null = null): Promise<Viewer> {
  const [u] = await db.select().from(user).where(eq(user.email, email));
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role as Viewer["role"],
    staffRole: u.staffRole as Viewer["staffRole"],
    userUniqid: u.userUniqid,
    emailVerified: u.emailVerified,
    impersonatedBy,
  };
}
const admin = await viewerFor("admin@example.com");
const adminCookie = await sessionCookieFor(services, "admin@example.com");

const resortByCode = async (code: string) => (await db.select().from(resorts).where(eq(resorts.code, code)))[0];
const resortJournal = () => db.select().from(activityJournal).where(eq(activityJournal.kind, "resort.update"));
async function queuedRecomputes() {
  const res = await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${LISTINGS_QUEUES.recomputeScores} and state = 'created'`,
  );
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
}

const editPath = (code: string) => `/admin/resorts/annual-dues/${code}`;
const post = (code: string, form: Record<string, string>, cookie = adminCookie) =>
  callRoute(editAction as never, makeRequest(editPath(code), { method: "POST", form, cookie }), { code });
const get = (code: string, cookie: string | undefined = adminCookie) =>
  callRoute(editLoader as never, makeRequest(editPath(code), { cookie }), { code });

describe("/admin/resorts/annual-dues", () => {
  it("lists every resort but the interval entry, with dues, end years and active listings", async () => {
    const res = await callRoute(
      listLoader as never,
      makeRequest("/admin/resorts/annual-dues", { cookie: adminCookie }),
    );
    expect(res.status).toBe(200);
    const rows = res.body.resorts as { code: string; activeListings: number; duesPerPointCents: number }[];
    expect(rows.map((r) => r.code)).not.toContain("INT");
    expect(rows).toHaveLength(17);
    const akv = rows.find((r) => r.code === "AKV");
    const akvRow = await resortByCode("AKV");
    const active = await db
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(
          eq(listings.resortId, akvRow.id),
          eq(listings.listingStatusId, LISTING_STATUS.active),
          eq(listings.isTest, false),
        ),
      );
    const n = active.length;
    expect(akv).toMatchObject({ duesPerPointCents: akvRow.duesPerPointCents, activeListings: Number(n) });
    expect(Number(n)).toBeGreaterThan(0);
  });

  it("refuses buyers and writers (sent home) and anonymous visitors (sent to sign in)", async () => {
    for (const email of ["buyer@example.com", "writer@example.com", "senior.writer@example.com"]) {
      const cookie = await sessionCookieFor(services, email);
      const list = await callRoute(listLoader as never, makeRequest("/admin/resorts/annual-dues", { cookie }));
      expect([list.status, list.location]).toEqual([302, "/"]);
      const page = await get("akv", cookie);
      expect([page.status, page.location]).toEqual([302, "/"]);
      const before = await resortByCode("AKV");
      const change = await post("akv", { dues_per_point: "9.99", contract_end_year: "2060" }, cookie);
      expect([change.status, change.location]).toEqual([302, "/"]);
      expect(await resortByCode("AKV")).toEqual(before);
    }
    const anon = await get("akv", ""); // no cookie
    expect(anon.status).toBe(302);
    expect(anon.location).toMatch(/^\/sign-in/);
  });

  it("answers 404 for an unknown resort and for the interval-resorts entry", async () => {
    expect((await get("zzz")).status).toBe(404);
    expect((await get("int")).status).toBe(404);
    expect((await get("../akv")).status).toBe(404);
    const res = await post("zzz", { dues_per_point: "8.00", contract_end_year: "2060" });
    expect(res.status).toBe(404);
  });

  it("shows one resort's form values", async () => {
    const res = await get("akv");
    expect(res.status).toBe(200);
    const akv = await resortByCode("AKV");
    expect(res.body).toMatchObject({ code: "AKV", name: akv.name, duesPerPointCents: akv.duesPerPointCents });
  });

  it("refuses bad input with a 400 and field messages, writing nothing", async () => {
    const before = await resortByCode("BLT");
    const journal = (await resortJournal()).length;
    const jobs = await queuedRecomputes();
    const cases: [Record<string, string>, Record<string, RegExp>][] = [
      [
        { dues_per_point: "0", contract_end_year: "2029", extended_end_year: "2101" },
        {
          dues_per_point: /from \$0\.01 to \$50\.00/,
          contract_end_year: /from 2030 to 2100/,
          extended_end_year: /up to 2100/,
        },
      ],
      [
        { dues_per_point: "50.01", contract_end_year: "2101" },
        { dues_per_point: /\$50\.00/, contract_end_year: /2100/ },
      ],
      [
        { dues_per_point: "abc", contract_end_year: "2060.5" },
        { dues_per_point: /dues/, contract_end_year: /end year/ },
      ],
      [
        { dues_per_point: "8.123", contract_end_year: "2060", extended_end_year: "2059" },
        { dues_per_point: /dues/, extended_end_year: /cannot be before the contract end year/ },
      ],
      [{ contract_end_year: "" }, { dues_per_point: /dues/, contract_end_year: /end year/ }],
    ];
    for (const [form, expected] of cases) {
      const res = await post("blt", form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      const errors = res.body.result.error as Record<string, string[]>;
      for (const [field, message] of Object.entries(expected)) expect(errors[field]?.[0]).toMatch(message);
    }
    expect(await resortByCode("BLT")).toEqual(before);
    expect(await resortJournal()).toHaveLength(journal);
    expect(await queuedRecomputes()).toBe(jobs);

    // The service judges input itself too (a direct caller gets BAD_INPUT with the same field messages).
    const err = await updateResortFacts(services, {
      actor: admin,
      input: { code: "blt", values: { dues_per_point: "7.10", contract_end_year: "2060", extended_end_year: "2050" } },
    }).catch((e) => e);
    expect(isAppError(err) && err.code).toBe("BAD_INPUT");
    expect(err.fields.extended_end_year[0]).toMatch(/cannot be before/);
  });

  it("saves dues and end years in one change, journals it, queues a score recompute and says so", async () => {
    const before = await resortByCode("BLT");
    const jobs = await queuedRecomputes();
    const res = await post("blt", {
      dues_per_point: "9.15",
      contract_end_year: "2062",
      extended_end_year: "2070",
      end_year_unverified: "on",
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/resorts/annual-dues");
    const flashCookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { flash } = await takeFlash(makeRequest("/admin/resorts/annual-dues", { cookie: flashCookie }));
    expect(flash?.kind).toBe("success");
    expect(flash?.message).toContain("Scores are being recomputed.");

    const after = await resortByCode("BLT");
    expect(after).toMatchObject({
      duesPerPointCents: 915,
      contractEndYear: 2062,
      extendedEndYear: 2070,
      endYearUnverified: true,
    });
    const [entry] = (await resortJournal()).filter((e) => (e.data as { code?: string }).code === "BLT");
    expect(entry).toMatchObject({ userId: null, actorId: admin.id, category: "general", kind: "resort.update" });
    expect(entry.summary).toContain(before.name);
    expect(entry.summary).toContain(`$${((before.duesPerPointCents ?? 0) / 100).toFixed(2)} → $9.15`);
    expect(entry.summary).toContain(`end year ${before.contractEndYear} → 2062`);
    expect(await queuedRecomputes()).toBe(jobs + 1);

    // Clearing the extension (empty field) is a change too; the same values again change nothing.
    const cleared = await post("blt", { dues_per_point: "9.15", contract_end_year: "2062", extended_end_year: "" });
    expect(cleared.status).toBe(303);
    expect((await resortByCode("BLT")).extendedEndYear).toBeNull();
    // Neither the extension nor the flag moves scores: no recompute queued for them.
    expect(await queuedRecomputes()).toBe(jobs + 1);
    const journal = (await resortJournal()).length;
    const same = await updateResortFacts(services, {
      actor: admin,
      input: { code: "BLT", values: { dues_per_point: "9.15", contract_end_year: "2062" } },
    });
    expect(same).toMatchObject({ changed: false, recomputeQueued: false });
    expect(await resortJournal()).toHaveLength(journal);
  });

  it("refuses an administrator who is impersonating someone", async () => {
    const err = await updateResortFacts(services, {
      actor: { ...admin, impersonatedBy: admin.id },
      input: { code: "AKV", values: { dues_per_point: "8.00", contract_end_year: "2060" } },
    }).catch((e) => e);
    expect(isAppError(err) && err.code).toBe("FORBIDDEN");
  });

  it("raising a resort's dues lowers the score of a listing compared with the whole market", async () => {
    // Leave one active listing at VGF, so its score compares its annualised cost (price / years left + dues)
    // with the other resorts' listings: higher dues make it strictly dearer than before.
    const vgf = await resortByCode("VGF");
    const active = await db
      .select({ id: listings.id, price: listings.pricePerPointCents })
      .from(listings)
      .where(
        and(
          eq(listings.resortId, vgf.id),
          eq(listings.listingStatusId, LISTING_STATUS.active),
          eq(listings.isTest, false),
        ),
      )
      .orderBy(listings.pricePerPointCents);
    expect(active.length).toBeGreaterThan(0);
    const [kept, ...others] = active;
    if (others.length > 0) {
      await db
        .update(listings)
        .set({ listingStatusId: LISTING_STATUS.deactivated })
        .where(
          inArray(
            listings.id,
            others.map((o) => o.id),
          ),
        );
    }
    await recomputeScores(db);
    const scoreOf = async () => (await db.select().from(listings).where(eq(listings.id, kept.id)))[0].score;
    const before = await scoreOf();
    expect(before).not.toBeNull();
    expect(before).toBeGreaterThan(0);

    const saved = await updateResortFacts(services, {
      actor: admin,
      input: {
        code: "vgf",
        values: { dues_per_point: "49.00", contract_end_year: String(vgf.contractEndYear) },
      },
    });
    expect(saved).toMatchObject({ changed: true, recomputeQueued: true });
    expect(await scoreOf()).toBe(before); // the request does not recompute: the queued job does
    await recomputeScores(db); // what the listings.recompute-scores job runs
    const after = await scoreOf();
    expect(after).not.toBeNull();
    expect(after as number).toBeLessThan(before as number);
  });
});
