import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminNotifications, mailOutbox, pageViews, reviews, subscribers, testimonials, user } from "~/db/schema";
import type { Viewer } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { getProfileCard } from "~/modules/profile/profile.server";
import { countServedPageView, flushPageViews, getTrafficSummary } from "~/modules/voices/page-views.server";
import { getFeedbackTab } from "~/modules/voices/testimonials.server";
import { httpReviewsProvider, syncReviews } from "~/modules/voices/reviews.server";
import { VOICES_JOBS, VOICES_QUEUES } from "~/modules/voices/voices.jobs.server";
import { action as engineAction } from "~/routes/admin/resource/list";
import { loader as exportLoader } from "~/routes/admin/resource/export";
import { action as importAction } from "~/routes/admin/resource/import";
import { action as subscriberAction } from "~/routes/api/subscriber";
import { action as newsletterAction } from "~/routes/api/newsletter";
import { action as feedbackAction } from "~/routes/api/user-testimonial";
import { action as appLinkAction } from "~/routes/api/app-link-clicks";
import { loader as confirmLoader } from "~/routes/public/newsletter-confirm";
import { loader as unsubscribeLoader } from "~/routes/public/newsletter-unsubscribe";
import { loader as testimonialsLoader } from "~/routes/public/testimonials";
import { buildUser, FACTORY_PASSWORD } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/** Issue 32 "Voices of customers": the footer's calls, the newsletter's double opt-in, feedback, reviews, page views. */
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");

type Fn = (args: never) => unknown;
function call(fn: Fn, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}, pattern = path) {
  const request = makeRequest(path, init);
  return callRoute(
    ((a: object) => (fn as (x: object) => unknown)({ ...a, pattern, url: new URL(request.url) })) as never,
    request,
    params,
  );
}
const JSON_CALL = { accept: "application/json" };

describe("subscriber.store: the footer's phone capture", () => {
  it("refuses a bad number with a 400 and the message, saves a good one, and says so when it comes again", async () => {
    const bad = await call(subscriberAction, "/api/subscriber", {
      form: { contact: "12345", type: "phone" },
      headers: JSON_CALL,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: "Enter a 10-digit US phone number, like (407) 555-0123." });
    const good = await call(subscriberAction, "/api/subscriber", {
      form: { contact: "(407) 555-0199", type: "phone" },
      headers: JSON_CALL,
    });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ success: true, message: "Contact saved successfully!" });
    const again = await call(subscriberAction, "/api/subscriber", { json: { contact: "407.555.0199", type: "phone" } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Contact already saved.");
    const rows = await db.select().from(subscribers).where(eq(subscribers.type, "phone"));
    expect(rows.filter((r) => r.contact === "+14075550199")).toHaveLength(1);
  });

  it("sends a plain form post (no JavaScript) back to its page with the message as a toast", async () => {
    const res = await call(subscriberAction, "/api/subscriber", {
      form: { contact: "4075550177", type: "phone", returnTo: "/about-us" },
      headers: { accept: "text/html", "sec-fetch-mode": "navigate" },
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/about-us");
    expect(res.headers.get("set-cookie")).toContain("vpm_flash=");
  });

  it("counts app-link clicks per store and refuses an unknown store", async () => {
    const ok = await call(
      appLinkAction,
      "/api/app-link-clicks/playstore",
      { method: "POST", headers: JSON_CALL },
      { store: "playstore" },
    );
    expect(ok.status).toBe(200);
    const bad = await call(
      appLinkAction,
      "/api/app-link-clicks/nokia",
      { method: "POST", headers: JSON_CALL },
      { store: "nokia" },
    );
    expect(bad.status).toBe(404);
  });
});

describe("the newsletter: double opt-in and one-click unsubscribe", () => {
  const email = "reader@newsletter.test";
  const linkIn = (text: string, path: string) => {
    const m = new RegExp(`https?://[^\\s"]+${path.replace("/", "\\/")}\\?token=([^\\s"&]+)`).exec(text);
    if (!m) throw new Error(`no ${path} link in: ${text}`);
    return m[1];
  };

  it("mails a confirmation link; the address is subscribed only after it; tampering and the wrong link are refused; unsubscribing is honoured", async () => {
    const res = await call(newsletterAction, "/api/newsletter", {
      form: { email: "Reader@Newsletter.test" },
      headers: JSON_CALL,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Check your inbox: we sent a link to confirm your subscription.");
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail.subject).toMatch(/confirm your newsletter subscription/);
    const [row] = await db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.type, "email"), eq(subscribers.contact, email)));
    expect(row.confirmedAt).toBeNull();

    const confirmToken = linkIn(mail.text, "/newsletter/confirm");
    const unsubscribeToken = linkIn(mail.text, "/newsletter/unsubscribe");
    // A changed id (someone else's subscription) or signature is refused, and nothing changes.
    const forged = confirmToken.replace(/^\d+/, String(row.id + 1));
    for (const bad of [forged, `${confirmToken.slice(0, -1)}A`, unsubscribeToken, ""]) {
      const out = await call(confirmLoader, `/newsletter/confirm?token=${encodeURIComponent(bad)}`);
      expect(out.status).toBe(404);
      expect(out.body.ok).toBe(false);
    }
    expect((await db.select().from(subscribers).where(eq(subscribers.id, row.id)))[0].confirmedAt).toBeNull();

    const confirmed = await call(confirmLoader, `/newsletter/confirm?token=${confirmToken}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ ok: true, email });
    expect((await db.select().from(subscribers).where(eq(subscribers.id, row.id)))[0].confirmedAt).not.toBeNull();

    const gone = await call(unsubscribeLoader, `/newsletter/unsubscribe?token=${unsubscribeToken}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ ok: true, email });
    const after = (await db.select().from(subscribers).where(eq(subscribers.id, row.id)))[0];
    expect(after.unsubscribedAt).not.toBeNull();
    // A confirm token cannot unsubscribe someone (each link does one thing).
    const wrong = await call(unsubscribeLoader, `/newsletter/unsubscribe?token=${confirmToken}`);
    expect(wrong.status).toBe(404);
  });

  it("refuses an address that is not one with a 400", async () => {
    const res = await call(newsletterAction, "/api/newsletter", {
      form: { email: "not-an-address" },
      headers: JSON_CALL,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Enter your email address, like name@example.com.");
  });

  it("exports the subscribers as CSV for an administrator", async () => {
    const request = makeRequest("/admin/subscribers/export.csv", { cookie: adminCookie });
    const out = (await exportLoader({
      request,
      params: {},
      context: {},
      pattern: "/admin/subscribers/export.csv",
      url: new URL(request.url),
    } as never)) as Response;
    expect(out.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await out.text();
    expect(text).toContain("(407) 555-0199");
    expect(text).toContain(email);
  });
});

describe("user.testimonial.store: the feedback tab", () => {
  it("refuses a missing rating and writes nothing; creates a pending testimonial and the feedBackGiven notification; refuses a second", async () => {
    const person = await buildUser(db, { name: "Felicity Feedback" });
    const cookie = await sessionCookieFor(services, person.email, FACTORY_PASSWORD);
    const signedOut = await call(feedbackAction, "/api/user/testimonial", {
      form: { rating: "4.5" },
      headers: JSON_CALL,
    });
    expect(signedOut.status).toBe(401);

    const noRating = await call(feedbackAction, "/api/user/testimonial", {
      form: { comments: "Great" },
      cookie,
      headers: JSON_CALL,
    });
    expect(noRating.status).toBe(400);
    expect(noRating.body.error).toBe("Choose a rating from half a star to five stars.");
    const offStep = await call(feedbackAction, "/api/user/testimonial", {
      form: { rating: "4.3" },
      cookie,
      headers: JSON_CALL,
    });
    expect(offStep.status).toBe(400);
    expect(await db.select().from(testimonials).where(eq(testimonials.userId, person.id))).toHaveLength(0);

    const ok = await call(feedbackAction, "/api/user/testimonial", {
      form: { rating: "4.5", comments: "Clear steps from offer to closing." },
      cookie,
      headers: JSON_CALL,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Feedback Saved Successfully!");
    const [t] = await db.select().from(testimonials).where(eq(testimonials.userId, person.id));
    expect(t).toMatchObject({
      status: "pending",
      ratingHalves: 9,
      comments: "Clear steps from offer to closing.",
      authorName: "Felicity Feedback",
      demo: false,
    });
    const [n] = await db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.type, "feedBackGiven"))
      .orderBy(desc(adminNotifications.id))
      .limit(1);
    expect(n.data).toMatchObject({ type: "feedBackGiven", user: "Felicity Feedback", user_uniqid: person.userUniqid });
    expect((await db.select().from(user).where(eq(user.id, person.id)))[0].isFeedbackGiven).toBe(true);

    const twice = await call(feedbackAction, "/api/user/testimonial", {
      form: { rating: "5" },
      cookie,
      headers: JSON_CALL,
    });
    expect(twice.status).toBe(409);
    expect(await db.select().from(testimonials).where(eq(testimonials.userId, person.id))).toHaveLength(1);

    // Not public until an administrator approves it; then /testimonials shows it.
    const before = await call(testimonialsLoader, "/testimonials");
    expect(before.body.rows.map((r: { id: number }) => r.id)).not.toContain(t.id);
    const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
    const refused = await call(engineAction, "/admin/testimonials", {
      form: { id: String(t.id), intent: "approve" },
      cookie: buyerCookie,
    });
    // The admin area turns a buyer away (its refusal page), and nothing is published.
    expect([302, 403]).toContain(refused.status);
    expect((await db.select().from(testimonials).where(eq(testimonials.id, t.id)))[0].status).toBe("pending");
    const approved = await call(engineAction, "/admin/testimonials", {
      form: { id: String(t.id), intent: "approve" },
      cookie: adminCookie,
      headers: JSON_CALL,
    });
    expect(approved.status).toBeLessThan(400);
    const after = await call(testimonialsLoader, "/testimonials");
    expect(after.body.rows[0]).toMatchObject({ id: t.id, ratingHalves: 9, authorName: "Felicity Feedback" });
    // Hidden again, it leaves the page.
    await call(engineAction, "/admin/testimonials", {
      form: { id: String(t.id), intent: "hide" },
      cookie: adminCookie,
      headers: JSON_CALL,
    });
    const hidden = await call(testimonialsLoader, "/testimonials");
    expect(hidden.body.rows.map((r: { id: number }) => r.id)).not.toContain(t.id);
  });
});

describe("the feedback tab and the profile card on every signed-in page", () => {
  it("come from the session's own read of the person, each new request seeing the row as it is then", async () => {
    const person = await buildUser(db, { name: "Shona Shown" });
    const cookie = await sessionCookieFor(services, person.email, FACTORY_PASSWORD);
    // Neither reads the database again: the session's read of the row has what they show (issue 34).
    const noDb = { db: new Proxy({}, { get: () => expect.fail("the row was read again") }) as never };
    const viewerNow = () => getViewer(makeRequest("/v2/profile", { cookie }));

    const first = await viewerNow();
    expect(first?.shown).toEqual({ profilePhotoPath: null, isFeedbackGiven: false });
    expect(await getFeedbackTab(noDb, first)).toEqual({ askPhoto: true });
    expect(await getProfileCard(noDb, { actor: first as Viewer })).toEqual({ name: "Shona Shown", photoUrl: null });

    await db
      .update(user)
      .set({ name: "Shona Seen", profilePhotoPath: `${person.userUniqid}/photo.jpg`, isFeedbackGiven: true })
      .where(eq(user.id, person.id));
    const next = await viewerNow();
    expect(await getFeedbackTab(noDb, next)).toBeNull();
    const card = await getProfileCard(noDb, { actor: next as Viewer });
    expect(card.name).toBe("Shona Seen");
    expect(card.photoUrl).toContain("photo.jpg");
  });
});

describe("reviews: CSV import and the provider adapter", () => {
  const importCsv = (csv: string, intent: "check" | "import") =>
    call(importAction, "/admin/google-reviews/import", { method: "POST", form: { intent, csv }, cookie: adminCookie });

  it("refuses a file with a bad row, naming it, and imports a good one", async () => {
    const count = async () => (await db.select().from(reviews)).length;
    const before = await count();
    const bad = [
      "Author,Stars,Review,Date",
      "Ada L.,5,Quick and clear.,2026-03-02",
      "Bo K.,7,Too many stars.,2026-03-04",
    ].join("\n");
    const refused = await importCsv(bad, "import");
    expect(refused.status).toBe(400);
    expect(refused.body.report.errors).toEqual([
      { line: 3, column: "Stars", message: "Enter the stars as a whole number from 1 to 5." },
    ]);
    expect(await count()).toBe(before);
    const good = [
      "Author,Stars,Review,Date",
      "Ada L.,5,Quick and clear.,2026-03-02",
      "Bo K.,4,Helpful on the phone.,2026-03-04",
    ].join("\n");
    const done = await importCsv(good, "import");
    expect(done.status).toBe(200);
    expect(await count()).toBe(before + 2);
  });

  it("fetches reviews from a provider's API (a local fake server), stores each once, and only logs a failure", async () => {
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: {
        reviews: [
          { id: "g-1", author: "Chris P.", rating: 5, text: "Closed in six weeks.", date: "2026-02-01T10:00:00Z" },
          { id: "g-2", author: "Dana Q.", rating: 4, text: "Good help with ROFR.", date: "2026-02-03" },
          { id: "g-3", author: "Bad", rating: 9, text: "Out of range", date: "2026-02-04" },
        ],
      },
    };
    let auth = "";
    const server = createServer((req, res) => {
      auth = req.headers.authorization ?? "";
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reviews`;
    try {
      const provider = httpReviewsProvider({ url, key: "k-123", name: "google" });
      expect(await syncReviews(services, provider)).toEqual({ fetched: 2, added: 2 });
      expect(auth).toBe("Bearer k-123");
      expect(await syncReviews(services, provider)).toEqual({ fetched: 2, added: 0 });
      const stored = await db.select().from(reviews).where(eq(reviews.source, "google"));
      expect(stored.map((r) => [r.externalId, r.star, r.reviewDate]).sort()).toEqual([
        ["g-1", 5, "2026-02-01"],
        ["g-2", 4, "2026-02-03"],
      ]);
      answer = { status: 500, body: { error: "down" } };
      const failed = await syncReviews(services, provider);
      expect(failed).toMatchObject({ fetched: 0, added: 0, error: "The reviews provider answered 500." });
    } finally {
      server.close();
    }
  });
});

describe("the scheduled review fetch", () => {
  it("is a daily job that fetches from the connected provider, twice with one effect, and does nothing without one", async () => {
    const job = VOICES_JOBS.find((j) => j.queue === VOICES_QUEUES.syncReviews);
    expect(job?.cron).toBe("20 4 * * *");
    let calls = 0;
    const server = createServer((_req, res) => {
      calls += 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ reviews: [{ id: "s-1", author: "Lee R.", rating: 5, text: "Smooth.", date: "2026-03-01" }] }),
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const saved = { url: process.env.REVIEWS_PROVIDER_URL, name: process.env.REVIEWS_PROVIDER_NAME };
    try {
      const run = () => job?.run({}, services as never);
      delete process.env.REVIEWS_PROVIDER_URL;
      await run();
      expect(calls).toBe(0);
      process.env.REVIEWS_PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reviews`;
      process.env.REVIEWS_PROVIDER_NAME = "scheduled-test";
      await run();
      await run();
      expect(calls).toBe(2);
      const stored = await db.select().from(reviews).where(eq(reviews.source, "scheduled-test"));
      expect(stored.map((r) => r.externalId)).toEqual(["s-1"]);
    } finally {
      server.close();
      for (const [k, v] of [
        ["REVIEWS_PROVIDER_URL", saved.url],
        ["REVIEWS_PROVIDER_NAME", saved.name],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});

describe("page views", () => {
  const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" };
  const views = async (path: string) => {
    const rows = await db.select().from(pageViews).where(eq(pageViews.path, path));
    return rows.reduce((n, r) => n + r.views, 0);
  };
  it("counts the same path twice as 2 in one day row; skips admin, API, bots and prefetches", async () => {
    const count = (url: string, headers: Record<string, string> = browser) =>
      countServedPageView({ method: "GET", url, headers });
    count("/dvc-annual-dues?year=2026");
    count("/dvc-annual-dues.data");
    // Added up in memory, written in one upsert (decision 0098).
    await flushPageViews();
    const rows = await db.select().from(pageViews).where(eq(pageViews.path, "/dvc-annual-dues"));
    expect(rows).toEqual([{ path: "/dvc-annual-dues", day: new Date().toISOString().slice(0, 10), views: 2 }]);
    // A later batch adds to the day's row.
    count("/dvc-annual-dues");
    count("/dvc-annual-dues");
    count("/dvc-annual-dues");
    await flushPageViews();
    expect(await views("/dvc-annual-dues")).toBe(5);
    count("/admin/dashboard");
    count("/api/health");
    count("/__manifest?p=%2Fharpta");
    count("/harpta", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" });
    count("/harpta", { ...browser, "sec-purpose": "prefetch" });
    await flushPageViews();
    expect(await views("/admin/dashboard")).toBe(0);
    expect(await views("/api/health")).toBe(0);
    expect(await views("/__manifest")).toBe(0);
    expect(await views("/harpta")).toBe(0);
  });

  it("the dashboard's top pages add up the days in each window, most viewed first", async () => {
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await db.insert(pageViews).values([
      { path: "/top-a", day: day(0), views: 900 },
      { path: "/top-a", day: day(3), views: 200 },
      { path: "/top-b", day: day(1), views: 1000 },
      { path: "/top-c", day: day(20), views: 5000 },
    ]);
    const { week, month } = await getTrafficSummary(services);
    expect(week.slice(0, 2)).toEqual([
      { path: "/top-a", views: 1100 },
      { path: "/top-b", views: 1000 },
    ]);
    expect(week.map((r) => r.path)).not.toContain("/top-c");
    expect(month[0]).toEqual({ path: "/top-c", views: 5000 });
    await db.delete(pageViews).where(inArray(pageViews.path, ["/top-a", "/top-b", "/top-c"]));
  });

  it("server.ts's hook counts a served page (the request is not kept waiting)", async () => {
    const before = await views("/harpta");
    countServedPageView({ method: "GET", url: "/harpta?x=1", headers: { "user-agent": browser["user-agent"] } });
    countServedPageView({ method: "GET", url: "/admin", headers: { "user-agent": browser["user-agent"] } });
    // Written within a second, without a flush asked for.
    await expect.poll(() => views("/harpta"), { timeout: 5000 }).toBe(before + 1);
    expect(await views("/admin")).toBe(0);
  });
});
