import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/abilities";
import { activityJournal, listings, resorts, user } from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { takeFlash } from "~/lib/flash.server";
import { resolveResource, saveResource } from "~/modules/admin/resource-engine.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import { recomputeScores } from "~/modules/listings/score.server";
import { action as formAction, loader as formLoader } from "~/routes/admin/resource/form";
import { loader as listLoader } from "~/routes/admin/resource/list";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 9: the resort dues screen is served by the admin resource engine (resorts-annual-dues.resource.ts).
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
const LIST = "/admin/resorts/annual-dues";
const resource = await resolveResource(LIST);

const resortByCode = async (code: string) => (await db.select().from(resorts).where(eq(resorts.code, code)))[0];
const slugOf = async (code: string) => (await resortByCode(code)).slug;
/** The engine's journal entries about resorts, newest first. */
const resortJournal = () =>
  db
    .select()
    .from(activityJournal)
    .where(
      and(eq(activityJournal.kind, "admin.resource"), sql`${activityJournal.data}->>'resource' = ${resource.entry.id}`),
    )
    .orderBy(desc(activityJournal.id));
async function queuedRecomputes() {
  const res = await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${LISTINGS_QUEUES.recomputeScores} and state = 'created'`,
  );
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
}

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const list = (cookie: string | undefined = adminCookie) => call(listLoader, LIST, LIST, { cookie });
const editPath = (slug: string) => `${LIST}/${slug}/edit`;
const post = (slug: string, form: Record<string, string>, cookie: string | undefined = adminCookie) =>
  call(formAction, `${LIST}/:id/edit`, editPath(slug), { method: "POST", form, cookie }, { id: slug });
const get = (slug: string, cookie: string | undefined = adminCookie) =>
  call(formLoader, `${LIST}/:id/edit`, editPath(slug), { cookie }, { id: slug });
/** Saves through the engine's service, as the form's action does. */
const save = (slug: string, body: Record<string, string>, actor = admin) =>
  saveResource(services, { actor, input: { resource, id: slug, body } });

describe("/admin/resorts/annual-dues", () => {
  it("lists every resort but the interval entry, with dues, end years and active listings", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const rows = res.body.rows as { id: string; title: string; cells: Record<string, unknown> }[];
    expect(rows.map((r) => r.cells.code)).not.toContain("INT");
    expect(rows).toHaveLength(17);
    const akv = rows.find((r) => r.cells.code === "AKV");
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
    expect(akv).toMatchObject({ id: akvRow.slug, title: akvRow.name });
    expect(akv?.cells).toMatchObject({ dues: akvRow.duesPerPointCents, activeListings: active.length });
    expect(akv?.cells.end).toBe(`Jan 31, ${akvRow.contractEndYear}`);
    expect(active.length).toBeGreaterThan(0);
    // Only editing is offered: no create, delete or import.
    expect(res.body.meta.can).toMatchObject({ create: false, update: true, delete: false, import: false });
  });

  it("refuses buyers and writers (sent home) and anonymous visitors (sent to sign in)", async () => {
    const slug = await slugOf("AKV");
    for (const email of ["buyer@example.com", "writer@example.com", "senior.writer@example.com"]) {
      const cookie = await sessionCookieFor(services, email);
      const page = await list(cookie);
      expect([page.status, page.location]).toEqual([302, "/"]);
      const form = await get(slug, cookie);
      expect([form.status, form.location]).toEqual([302, "/"]);
      const before = await resortByCode("AKV");
      const change = await post(slug, { dues_per_point: "9.99", contract_end_year: "2060" }, cookie);
      expect([change.status, change.location]).toEqual([302, "/"]);
      expect(await resortByCode("AKV")).toEqual(before);
    }
    const anon = await get(slug, "");
    expect(anon.status).toBe(302);
    expect(anon.location).toMatch(/^\/sign-in/);
  });

  it("answers 404 for an unknown resort and for the interval-resorts entry", async () => {
    const interval = (await db.select().from(resorts).where(eq(resorts.isInterval, true)))[0];
    expect((await get("no-such-resort")).status).toBe(404);
    expect((await get(interval.slug)).status).toBe(404);
    expect((await get("..%2Fakv")).status).toBe(404);
    const res = await post("no-such-resort", { dues_per_point: "8.00", contract_end_year: "2060" });
    expect(res.status).toBe(404);
  });

  it("shows one resort's form values", async () => {
    const akv = await resortByCode("AKV");
    const res = await get(akv.slug);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: "edit", recordTitle: akv.name });
    expect(res.body.values).toMatchObject({
      dues_per_point: ((akv.duesPerPointCents ?? 0) / 100).toFixed(2),
      contract_end_year: String(akv.contractEndYear),
    });
  });

  it("refuses bad input with a 400 and field messages, writing nothing", async () => {
    const before = await resortByCode("BLT");
    const journal = (await resortJournal()).length;
    const jobs = await queuedRecomputes();
    const cases: [Record<string, string>, Record<string, RegExp>][] = [
      [
        { dues_per_point: "0", contract_end_year: "2029", extended_end_year: "2101" },
        {
          dues_per_point: /from \$0\.01 to \$50\b/,
          contract_end_year: /from 2030 to 2100/,
          extended_end_year: /up to 2100/,
        },
      ],
      [
        { dues_per_point: "50.01", contract_end_year: "2101" },
        { dues_per_point: /\$50\b/, contract_end_year: /2100/ },
      ],
      [
        { dues_per_point: "abc", contract_end_year: "2060.5" },
        { dues_per_point: /dues/i, contract_end_year: /end year/ },
      ],
      [
        { dues_per_point: "8.123", contract_end_year: "2060", extended_end_year: "2059" },
        { dues_per_point: /dues/i, extended_end_year: /cannot be before the contract end year/ },
      ],
      [{ contract_end_year: "" }, { contract_end_year: /end year/ }],
      [
        { dues_per_point: "8.00", dues_year: "1999", contract_end_year: "2060", end_year_source: "x".repeat(201) },
        { dues_year: /from 2000 to 2100/, end_year_source: /at most 200 characters/ },
      ],
      [{ dues_year: "2026", dues_source: "A guess", contract_end_year: "2060" }, { dues_per_point: /year and source/ }],
    ];
    for (const [form, expected] of cases) {
      const res = await post(before.slug, form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      const errors = res.body.fields as Record<string, string[]>;
      for (const [field, message] of Object.entries(expected)) {
        expect(errors[field]?.[0], `${JSON.stringify(form)} ${field}: ${JSON.stringify(errors)}`).toMatch(message);
      }
    }
    expect(await resortByCode("BLT")).toEqual(before);
    expect(await resortJournal()).toHaveLength(journal);
    expect(await queuedRecomputes()).toBe(jobs);

    // The service judges input itself too (a direct caller gets BAD_INPUT with the same field messages).
    const err = await save(before.slug, {
      dues_per_point: "7.10",
      contract_end_year: "2060",
      extended_end_year: "2050",
    }).catch((e) => e);
    expect(isAppError(err) && err.code).toBe("BAD_INPUT");
    expect(err.fields.extended_end_year[0]).toMatch(/cannot be before/);
  });

  it("saves dues and end years in one change, journals it, queues a score recompute and says so", async () => {
    const before = await resortByCode("BLT");
    const jobs = await queuedRecomputes();
    // The form as the browser sends it: every field, the year and sources as they were.
    const kept = {
      dues_year: String(before.duesYear ?? ""),
      dues_source: before.duesSource ?? "",
      end_year_source: before.endYearSource ?? "",
    };
    const res = await post(before.slug, {
      dues_per_point: "9.15",
      contract_end_year: "2062",
      extended_end_year: "2070",
      end_year_unverified: "on",
      ...kept,
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(LIST);
    const flashCookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { flash } = await takeFlash(makeRequest(LIST, { cookie: flashCookie }));
    expect(flash?.kind).toBe("success");
    const dues = `$${((before.duesPerPointCents ?? 0) / 100).toFixed(2)} → $9.15`;
    expect(flash?.message).toContain(`Annual dues per point (US dollars) (${dues})`);
    expect(flash?.message).toContain("Scores are being recomputed.");

    const after = await resortByCode("BLT");
    expect(after).toMatchObject({
      duesPerPointCents: 915,
      contractEndYear: 2062,
      extendedEndYear: 2070,
      endYearUnverified: true,
    });
    const [entry] = await resortJournal();
    expect(entry).toMatchObject({ userId: null, actorId: admin.id, category: "general" });
    expect(entry.summary).toContain(before.name);
    expect(entry.summary).toContain(dues);
    expect(entry.summary).toContain(`Contract end year (${before.contractEndYear} → 2062)`);
    expect(await queuedRecomputes()).toBe(jobs + 1);

    // Clearing the extension (empty field) is a change too; the same values again change nothing.
    const cleared = await post(before.slug, {
      dues_per_point: "9.15",
      contract_end_year: "2062",
      extended_end_year: "",
      end_year_unverified: "on",
      ...kept,
    });
    expect(cleared.status).toBe(303);
    expect((await resortByCode("BLT")).extendedEndYear).toBeNull();
    // Neither the extension nor the flag moves scores: no recompute queued for them.
    const unflag = await save(before.slug, { dues_per_point: "9.15", contract_end_year: "2062", ...kept });
    expect(unflag.message).not.toContain("Scores");
    expect((await resortByCode("BLT")).endYearUnverified).toBe(false);
    expect(await queuedRecomputes()).toBe(jobs + 1);
    const journal = (await resortJournal()).length;
    const same = await save(before.slug, { dues_per_point: "9.15", contract_end_year: "2062", ...kept });
    expect(same.message).toBe(`No change to resort “${before.name}”.`);
    expect(await resortJournal()).toHaveLength(journal);
  });

  it("refuses an administrator who is impersonating someone", async () => {
    const err = await save(
      await slugOf("AKV"),
      { dues_per_point: "8.00", contract_end_year: "2060" },
      {
        ...admin,
        impersonatedBy: admin.id,
      },
    ).catch((e) => e);
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

    const saved = await save(vgf.slug, {
      dues_per_point: "49.00",
      contract_end_year: String(vgf.contractEndYear),
      extended_end_year: vgf.extendedEndYear === null ? "" : String(vgf.extendedEndYear),
      end_year_unverified: vgf.endYearUnverified ? "on" : "",
    });
    expect(saved.message).toContain("Scores are being recomputed.");
    expect(await scoreOf()).toBe(before); // the request does not recompute: the queued job does
    await recomputeScores(db); // what the listings.recompute-scores job runs
    const after = await scoreOf();
    expect(after).not.toBeNull();
    expect(after as number).toBeLessThan(before as number);
  });
});
