import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  mailOutbox,
  marketingCampaigns,
  marketingRecipients,
  marketingTemplates,
  marketingUnsubscribes,
  specialRequests,
  subscribers,
  user,
} from "~/db/schema";
import type { Mailer } from "~/lib/mail.server";
import { storeSettings } from "~/modules/settings/settings.server";
import {
  getSegmentCount,
  MARKETING_QUEUES,
  recordOpen,
  sendCampaignBatch,
  startCampaign,
  unsubscribeUrl,
} from "~/modules/marketing/marketing.server";
import { signOpenToken } from "~/modules/marketing/marketing.tokens.server";
import { action as formAction } from "~/routes/admin/resource/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { loader as viewLoader } from "~/routes/admin/resource/view";
import { loader as dashboardLoader } from "~/routes/admin/marketing-dashboard";
import { loader as previewLoader } from "~/routes/admin/marketing-preview";
import { loader as clickLoader } from "~/routes/api/marketing-click";
import { loader as openLoader } from "~/routes/api/marketing-open";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/public/marketing-unsubscribe";
import { buildListing, buildOffer, buildUser, viewerOf } from "../factories";
import { recordingJobs, workQueued } from "../fixtures/jobs";
import { appBuild, handlerFor } from "../fixtures/router-harness";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;
const secret = services.config.authSecret;
const siteUrl = services.config.authUrl;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
const writerCookie = await sessionCookieFor(services, "writer@example.com");
const admin = (await db.select().from(user).where(eq(user.email, "admin@example.com")))[0];
const adminViewer = viewerOf(admin);

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  const url = new URL(request.url);
  return callRoute(((a: object) => fn({ ...a, pattern, url })) as never, request, params);
}

const sendDeps = (jobs = recordingJobs(), mailer: Mailer = services.mailer) => ({
  db,
  mailer,
  siteUrl,
  secret,
  from: services.config.mailFrom,
  jobs,
});

async function setLimits(batchSize: number, perMinute: number) {
  await db.transaction((tx) => storeSettings(tx, { marketing_batch_size: batchSize, marketing_per_minute: perMinute }));
}
async function subscriber(email: string, state: "confirmed" | "unconfirmed" | "unsubscribed" = "confirmed") {
  await db.insert(subscribers).values({
    type: "email",
    contact: email,
    confirmedAt: state === "unconfirmed" ? null : new Date(),
    unsubscribedAt: state === "unsubscribed" ? new Date() : null,
  });
}
let n = 0;
async function campaign(segment: "buyers" | "sellers" | "subscribers" | "special-requests", body?: string) {
  n++;
  const [t] = await db
    .insert(marketingTemplates)
    .values({
      name: `Template ${n}`,
      subject: "News for {{ first_name }}",
      body: body ?? `<p>Hello {{ first_name }}, see <a href="${siteUrl}/listings">our listings</a>.</p>`,
    })
    .returning();
  const [c] = await db
    .insert(marketingCampaigns)
    .values({ name: `Campaign ${n}`, templateId: t.id, segment })
    .returning();
  return c;
}
const mailsTo = async (emails: string[]) => db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));
const outboxOf = async (campaignId: number) =>
  db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.template, `marketing:${campaignId}`));

describe("segments", () => {
  it("count each segment's people; unsubscribed, deleted and suspended people are left out", async () => {
    const before = {
      buyers: await getSegmentCount(db, "buyers"),
      sellers: await getSegmentCount(db, "sellers"),
      subscribers: await getSegmentCount(db, "subscribers"),
      "special-requests": await getSegmentCount(db, "special-requests"),
    };
    const buyers = [await buildUser(db), await buildUser(db), await buildUser(db), await buildUser(db)];
    for (const b of buyers) await buildOffer(db, { buyer: b }); // each offer's listing brings a new seller
    await subscriber("sub.one@example.com");
    await subscriber("sub.two@example.com");
    await subscriber("sub.unconfirmed@example.com", "unconfirmed");
    await subscriber("sub.gone@example.com", "unsubscribed");
    const holder = await buildUser(db);
    await db.insert(specialRequests).values({ buyerId: holder.id });

    expect(await getSegmentCount(db, "buyers")).toBe(before.buyers + 4);
    expect(await getSegmentCount(db, "sellers")).toBe(before.sellers + 4);
    expect(await getSegmentCount(db, "subscribers")).toBe(before.subscribers + 2);
    expect(await getSegmentCount(db, "special-requests")).toBe(before["special-requests"] + 1);

    // Unsubscribed (here, or through the newsletter's own link), deleted, suspended: all left out.
    await db.insert(marketingUnsubscribes).values({ email: buyers[0].email.toLowerCase() });
    await subscriber(buyers[1].email, "unsubscribed");
    await db.update(user).set({ deletedAt: new Date() }).where(eq(user.id, buyers[2].id));
    await db.update(user).set({ banned: true }).where(eq(user.id, buyers[3].id));
    expect(await getSegmentCount(db, "buyers")).toBe(before.buyers);
    await db.insert(marketingUnsubscribes).values({ email: "sub.one@example.com" });
    expect(await getSegmentCount(db, "subscribers")).toBe(before.subscribers + 1);
  });
});

describe("sending", () => {
  it("sends in batches under the per-minute limit, each address once, with List-Unsubscribe headers; an unsubscribe between batches is honoured", async () => {
    await db.update(subscribers).set({ unsubscribedAt: new Date() }).where(eq(subscribers.type, "email"));
    const emails = ["a1@example.com", "a2@example.com", "a3@example.com", "a4@example.com", "a5@example.com"];
    for (const e of emails) await subscriber(e);
    await setLimits(10, 2); // batch size 10, but at most 2 a minute: batches of 2, a minute apart
    const c = await campaign("subscribers");
    const jobs = recordingJobs();
    expect(await startCampaign(sendDeps(jobs), { actor: adminViewer, campaignId: c.id })).toBe(5);
    expect(jobs.sent).toEqual([
      { queue: MARKETING_QUEUES.sendBatch, data: { campaignId: c.id }, options: { key: `${c.id}:start` } },
    ]);

    const t0 = Date.now();
    const first = await sendCampaignBatch(sendDeps(jobs), c.id);
    expect(first.sent).toBe(2);
    expect((first.next as Date).getTime()).toBeGreaterThanOrEqual(t0 + 60_000);
    expect(jobs.sent[1].options?.startAfter).toEqual(first.next);
    expect(await outboxOf(c.id)).toHaveLength(2);

    // a4 unsubscribes (one-click POST) before the next batch.
    const token = new URL(unsubscribeUrl(siteUrl, secret, "a4@example.com", c.id)).pathname.split("/").pop() as string;
    const res = await call(
      unsubscribeAction,
      "/unsubscribe/:token",
      `/unsubscribe/${token}`,
      { method: "POST", form: { "List-Unsubscribe": "One-Click" } },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.state).toBe("done");

    expect((await sendCampaignBatch(sendDeps(jobs), c.id)).sent).toBe(2);
    expect((await sendCampaignBatch(sendDeps(jobs), c.id)).sent).toBe(0);
    expect((await sendCampaignBatch(sendDeps(jobs), c.id)).done).toBe(true);
    expect((await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, c.id)))[0].status).toBe("sent");

    const mails = await outboxOf(c.id);
    expect(mails.map((m) => m.to).sort()).toEqual([
      "a1@example.com",
      "a2@example.com",
      "a3@example.com",
      "a5@example.com",
    ]);
    const recipients = await db.select().from(marketingRecipients).where(eq(marketingRecipients.campaignId, c.id));
    expect(recipients.find((r) => r.email === "a4@example.com")?.status).toBe("skipped");
    for (const m of mails) {
      expect(m.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(m.headers?.["List-Unsubscribe"]).toMatch(
        /^<http:\/\/localhost:3000\/unsubscribe\/[^>]+>, <mailto:[^>]+>$/,
      );
      expect(m.html).toContain("/unsubscribe/");
      expect(m.html).toContain("/api/marketing/open/");
    }
  });

  it("is idempotent: a batch killed half-way and resumed, and every job run twice, mail each address exactly once", async () => {
    await db.update(subscribers).set({ unsubscribedAt: new Date() }).where(eq(subscribers.type, "email"));
    const emails = ["k1@example.com", "k2@example.com", "k3@example.com", "k4@example.com"];
    for (const e of emails) await subscriber(e);
    await setLimits(3, 1000);
    const c = await campaign("subscribers");
    await startCampaign(sendDeps(), { actor: adminViewer, campaignId: c.id });

    // The process dies while writing the second mail of the batch: its transaction never commits.
    let writes = 0;
    const dying: Mailer = {
      ...services.mailer,
      send: async (mail, opts) => {
        if (++writes === 2) throw new Error("killed");
        return services.mailer.send(mail, opts);
      },
    };
    await expect(sendCampaignBatch(sendDeps(recordingJobs(), dying), c.id)).rejects.toThrow("killed");
    expect(await outboxOf(c.id)).toHaveLength(1);

    // Resumed through the real queue (the start job, then each batch's next job), and every job run a second time.
    await services.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${MARKETING_QUEUES.sendBatch}`,
    );
    for (let i = 0; i < 5; i++) {
      await workQueued(services, MARKETING_QUEUES.sendBatch);
      await services.db.execute(
        sql`update pgboss.job set start_after = now() where name = ${MARKETING_QUEUES.sendBatch} and state = 'created'`,
      );
    }
    await sendCampaignBatch(sendDeps(), c.id);
    await sendCampaignBatch(sendDeps(), c.id);

    const mails = await mailsTo(emails);
    expect(mails.map((m) => m.to).sort()).toEqual(emails);
    expect((await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, c.id)))[0].status).toBe("sent");
    // A second "Send now" is refused: the campaign is no draft.
    await expect(startCampaign(sendDeps(), { actor: adminViewer, campaignId: c.id })).rejects.toThrow(/Only a draft/);
  });
});

describe("unsubscribe, opens and clicks", () => {
  it("GET asks first; the one-click POST (even from another site) unsubscribes at once, here and in the newsletter; a changed token is refused", async () => {
    await subscriber("oneclick@example.com");
    const url = new URL(unsubscribeUrl(siteUrl, secret, "OneClick@example.com", 1));
    const token = url.pathname.split("/").pop() as string;
    const page = await call(unsubscribeLoader, "/unsubscribe/:token", url.pathname, {}, { token });
    expect(page.body).toMatchObject({ state: "ask", email: "oneclick@example.com" });
    expect(
      await db.select().from(marketingUnsubscribes).where(eq(marketingUnsubscribes.email, "oneclick@example.com")),
    ).toEqual([]);

    // Through the app's root middleware, as a mail program posts it: another site's request is let through here only.
    const build = await appBuild(["marketing.unsubscribe", "newsletter.unsubscribe"]);
    const handle = handlerFor(build);
    const crossSite = { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" };
    const res = await handle(
      new Request(`http://localhost:3000${url.pathname}`, {
        method: "POST",
        headers: crossSite,
        body: "List-Unsubscribe=One-Click",
      }),
    );
    expect(res.status).toBe(200);
    expect(
      await db.select().from(marketingUnsubscribes).where(eq(marketingUnsubscribes.email, "oneclick@example.com")),
    ).toHaveLength(1);
    const sub = (await db.select().from(subscribers).where(eq(subscribers.contact, "oneclick@example.com")))[0];
    expect(sub.unsubscribedAt).not.toBeNull();
    const other = await handle(
      new Request("http://localhost:3000/newsletter/unsubscribe?token=x", {
        method: "POST",
        headers: crossSite,
        body: "a=1",
      }),
    );
    expect(other.status).toBe(403);

    const bad = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const refused = await call(
      unsubscribeAction,
      "/unsubscribe/:token",
      `/unsubscribe/${bad}`,
      { method: "POST" },
      { token: bad },
    );
    expect(refused.status).toBe(400);
    expect(
      (await call(unsubscribeLoader, "/unsubscribe/:token", `/unsubscribe/${bad}`, {}, { token: bad })).status,
    ).toBe(404);
  });

  it("counts opens through the image and clicks through signed links; a tampered link is refused with 403 and counts nothing", async () => {
    await db.update(subscribers).set({ unsubscribedAt: new Date() }).where(eq(subscribers.type, "email"));
    await subscriber("track@example.com");
    await setLimits(50, 1000);
    const c = await campaign(
      "subscribers",
      '<p>See <a href="https://www.disney.example/offers?a=1&amp;b=2">the offer</a></p>',
    );
    await startCampaign(sendDeps(), { actor: adminViewer, campaignId: c.id });
    await sendCampaignBatch(sendDeps(), c.id);
    const [mail] = await outboxOf(c.id);
    const [r] = await db.select().from(marketingRecipients).where(eq(marketingRecipients.campaignId, c.id));

    const open = await call(
      openLoader,
      "/api/marketing/open/:token",
      "/x",
      {},
      { token: `${signOpenToken(secret, r.id)}.gif` },
    );
    expect(open.status).toBe(200);
    expect(open.headers.get("content-type")).toBe("image/gif");
    await recordOpen({ db, secret }, "1.AAAAAAAAAAAAAAAAAAAAAA.gif"); // not ours: counts nothing
    const link = /href="([^"]*\/api\/marketing\/click\/[^"]+)"/.exec(mail.html)?.[1].replace(/&amp;/g, "&") as string;
    const click = new URL(link);
    expect(click.searchParams.get("u")).toBe("https://www.disney.example/offers?a=1&b=2");
    const go = await call(
      clickLoader,
      "/api/marketing/click/:recipient",
      `${click.pathname}${click.search}`,
      {},
      { recipient: String(r.id) },
    );
    expect(go.status).toBe(302);
    expect(go.location).toBe("https://www.disney.example/offers?a=1&b=2");

    const evil = new URL(click);
    evil.searchParams.set("u", "https://evil.example/");
    const refused = await call(
      clickLoader,
      "/api/marketing/click/:recipient",
      `${evil.pathname}${evil.search}`,
      {},
      { recipient: String(r.id) },
    );
    expect(refused.status).toBe(403);
    const otherRecipient = await call(
      clickLoader,
      "/x",
      `${click.pathname}${click.search}`,
      {},
      { recipient: String(r.id + 1) },
    );
    expect(otherRecipient.status).toBe(403);

    const [after] = await db.select().from(marketingRecipients).where(eq(marketingRecipients.id, r.id));
    expect(after.opens).toBe(1);
    expect(after.clicks).toBe(1);
    expect(after.firstOpenedAt).not.toBeNull();
  });
});

describe("admin screens", () => {
  const TEMPLATES = "/admin/marketing/email-templates";
  const CAMPAIGNS = "/admin/marketing/emails";

  it("refuses a template with an unknown variable or a syntax error (422, nothing stored); saves a valid one", async () => {
    const save = (form: Record<string, string>) =>
      call(formAction, `${TEMPLATES}/create`, `${TEMPLATES}/create`, { method: "POST", form, cookie: adminCookie });
    const bad = await save({ name: "Bad one", subject: "Hi {{ password }}", body: "<p>{% if %}</p>" });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("The template has no variable “password”");
    expect(await db.select().from(marketingTemplates).where(eq(marketingTemplates.name, "Bad one"))).toEqual([]);
    const good = await save({ name: "Spring news", subject: "{{ site }} news", body: "<p>Hi {{ first_name }}</p>" });
    expect(good.status).toBe(303);
    expect(await db.select().from(marketingTemplates).where(eq(marketingTemplates.name, "Spring news"))).toHaveLength(
      1,
    );
  });

  it("shows a draft's recipient count and asks to confirm it before sending; non-administrators are refused (403 for a JSON call)", async () => {
    await db.update(subscribers).set({ unsubscribedAt: new Date() }).where(eq(subscribers.type, "email"));
    await subscriber("page1@example.com");
    await subscriber("page2@example.com");
    const c = await campaign("subscribers");
    const page = await call(
      viewLoader,
      `${CAMPAIGNS}/:id`,
      `${CAMPAIGNS}/${c.id}`,
      { cookie: adminCookie },
      { id: String(c.id) },
    );
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).toContain("Send “Campaign");
    expect(JSON.stringify(page.body)).toContain("to 2 addresses now?");
    const preview = JSON.stringify(page.body.sections ?? page.body);
    expect(preview).toContain("Hello Pat");

    const unconfirmed = await call(listAction, CAMPAIGNS, CAMPAIGNS, {
      method: "POST",
      form: { intent: "send", id: String(c.id) },
      cookie: adminCookie,
    });
    expect(unconfirmed.status).toBe(422);
    expect((await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, c.id)))[0].status).toBe("draft");
    const sent = await call(listAction, CAMPAIGNS, CAMPAIGNS, {
      method: "POST",
      form: { intent: "send", id: String(c.id), confirm: "yes" },
      cookie: adminCookie,
    });
    expect(sent.status).toBeLessThan(400);
    expect((await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, c.id)))[0].status).toBe(
      "sending",
    );

    // A writer (staff) and a buyer: a page sends them home with "not allowed"; a JSON call answers 403.
    for (const path of [CAMPAIGNS, TEMPLATES]) {
      for (const cookie of [writerCookie, buyerCookie]) {
        const seen = await call(listLoader, path, path, { cookie });
        expect(seen.status).toBe(302);
        expect(seen.headers.get("x-refused")).toBe("not-allowed");
        const json = await call(listLoader, path, path, { cookie, headers: { accept: "application/json" } });
        expect(json.status).toBe(403);
      }
    }
    for (const cookie of [writerCookie, buyerCookie]) {
      const cancel = await call(listAction, CAMPAIGNS, CAMPAIGNS, {
        method: "POST",
        form: { intent: "cancel", id: String(c.id), confirm: "yes" },
        cookie,
      });
      expect([302, 403]).toContain(cancel.status);
    }
    expect((await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, c.id)))[0].status).toBe(
      "sending",
    );
    const seller = await buildUser(db, { role: "seller" });
    await buildListing(db, { seller });
    await expect(startCampaign(sendDeps(), { actor: viewerOf(seller), campaignId: c.id })).rejects.toThrow(
      /Only administrators/,
    );
  });

  it("the dashboard gives each campaign's sent, delivered, opened and clicked; the preview renders a campaign or a template", async () => {
    const res = await call(dashboardLoader, "/admin/marketing/dashboard", "/admin/marketing/dashboard", {
      cookie: adminCookie,
    });
    expect(res.status).toBe(200);
    const tracked = res.body.campaigns.find((c: { id: number; clicked: number }) => c.clicked === 1);
    expect(tracked).toMatchObject({ sent: 1, delivered: 1, opened: 1, clicked: 1 });
    const sent = res.body.campaigns.find((c: { status: string; sent: number }) => c.sent === 4 && c.status === "sent");
    expect(sent).toMatchObject({ delivered: 4, opened: 0 });

    const c = await campaign("buyers");
    const preview = await call(previewLoader, "/admin/marketing/preview", `/admin/marketing/preview?campaign=${c.id}`, {
      cookie: adminCookie,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.section.items.find((i: { format: string }) => i.format === "document")).toMatchObject({
      widths: [375, 640],
    });
    expect(JSON.stringify(preview.body.section)).toContain("Hello Pat");
    const bad = await call(previewLoader, "/x", "/admin/marketing/preview?campaign=abc", { cookie: adminCookie });
    expect(bad.status).toBe(400);
    const missing = await call(previewLoader, "/x", "/admin/marketing/preview?template=999999", {
      cookie: adminCookie,
    });
    expect(missing.status).toBe(404);
    const refused = await call(dashboardLoader, "/x", "/admin/marketing/dashboard", {
      cookie: writerCookie,
      headers: { accept: "application/json" },
    });
    expect(refused.status).toBe(403);
  });
});
