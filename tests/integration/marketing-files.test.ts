import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  mailOutbox,
  marketingCampaignFiles,
  marketingCampaigns,
  marketingFiles,
  marketingRecipients,
  marketingTemplates,
  subscribers,
  user,
} from "~/db/schema";
import { jobIdFor } from "~/lib/jobs.server";
import { MARKETING_FILE_MAX_BYTES } from "~/modules/marketing/marketing-files";
import {
  MARKETING_QUEUES,
  recordOpen,
  scheduleCampaign,
  sendCampaignBatch,
  startCampaign,
  startDueScheduledCampaigns,
  startScheduledCampaign,
  unscheduleCampaign,
} from "~/modules/marketing/marketing.server";
import { action as formAction } from "~/routes/admin/resource/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { loader as viewLoader } from "~/routes/admin/resource/view";
import { loader as emlLoader } from "~/routes/admin/mail-message-eml";
import { loader as serveFile } from "~/routes/public/marketing-file";
import { viewerOf } from "../factories";
import { recordingJobs } from "../fixtures/jobs";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { startSmtpSink } from "../fixtures/smtp";

/** Decision 0091: the marketing files, campaigns' attachments, scheduled sending, and the mail log without tracking. */

const { received, SMTP_URL } = await startSmtpSink();

const services = await startTestServices({
  SMTP_URL,
  MAIL_FROM: "Vacation Points Market <no-reply@vpm.test>",
});
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const writerCookie = await sessionCookieFor(services, "writer@example.com");
const admin = viewerOf((await db.select().from(user).where(eq(user.email, "admin@example.com")))[0]);

const FILES = "/admin/marketing/files";
const CAMPAIGNS = "/admin/marketing/emails";

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
function upload(bytes: Uint8Array, name: string, type: string, cookie = adminCookie) {
  const form = new FormData();
  form.append("intent", "save");
  form.append("file", new File([bytes as BlobPart], name, { type }));
  const request = new Request(`http://localhost:3000${FILES}/create`, {
    method: "POST",
    body: form,
    headers: { origin: "http://localhost:3000", accept: "application/json", cookie },
  });
  return callRoute(
    ((a: object) => formAction({ ...a, pattern: `${FILES}/create`, url: new URL(request.url) } as never)) as never,
    request,
  );
}
const sendDeps = (jobs = recordingJobs()) => ({
  db,
  mailer: services.mailer,
  siteUrl: services.config.authUrl,
  secret: services.config.authSecret,
  from: services.config.mailFrom,
  jobs,
});

/** A small PDF with bytes of every value (binary survives the trip). */
const PDF = new Uint8Array([
  ...new TextEncoder().encode("%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n"),
  ...Array.from({ length: 256 }, (_, i) => i),
  ...new TextEncoder().encode("\n%%EOF\n"),
]);

let n = 0;
async function draft(segment: "subscribers" = "subscribers") {
  n++;
  const [t] = await db
    .insert(marketingTemplates)
    .values({
      name: `Files template ${n}`,
      subject: "Brochure",
      body: '<p>See <a href="https://example.com/x">this</a>.</p>',
    })
    .returning();
  const [c] = await db
    .insert(marketingCampaigns)
    .values({ name: `Files campaign ${n}`, templateId: t.id, segment })
    .returning();
  return { campaign: c, template: t };
}
const campaignRow = async (id: number) =>
  (await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, id)))[0];
async function onlySubscriber(email: string) {
  await db.update(subscribers).set({ unsubscribedAt: new Date() }).where(eq(subscribers.type, "email"));
  await db.insert(subscribers).values({ type: "email", contact: email, confirmedAt: new Date() });
}
async function waitFor<T>(fn: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out waiting");
}

let pdfId = 0;

describe("the marketing file library", () => {
  it("stores a PDF told by its bytes, serves it at its public address and lists that address in full", async () => {
    const res = await upload(PDF, "Spring brochure.pdf", "application/pdf");
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const [row] = await db.select().from(marketingFiles).where(eq(marketingFiles.originalName, "Spring brochure.pdf"));
    pdfId = row.id;
    expect(row).toMatchObject({ contentType: "application/pdf", byteSize: PDF.byteLength, title: "Spring brochure" });
    expect(row.storageKey).toMatch(/^marketing\/files\/[a-f0-9]{16}\.pdf$/);

    const name = row.storageKey.split("/").pop() as string;
    const served = (await serveFile({ params: { file: name } } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PDF);
    expect(((await serveFile({ params: { file: "0123456789abcdef.pdf" } } as never)) as Response).status).toBe(404);
    expect(((await serveFile({ params: { file: "../x.pdf" } } as never)) as Response).status).toBe(404);

    const list = await call(listLoader, FILES, FILES, { cookie: adminCookie, headers: { accept: "application/json" } });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(`http://localhost:3000/marketing-files/${name}`);
    expect(JSON.stringify(list.body)).toContain("at most 10 MB");
  });

  it("refuses a file whose bytes are no PDF or picture whatever its name, and one over 10 MB; nothing is kept", async () => {
    const before = (await db.select().from(marketingFiles)).length;
    const fake = await upload(new TextEncoder().encode("<html>not a pdf</html>"), "fake.pdf", "application/pdf");
    expect(fake.status).toBe(400);
    expect(JSON.stringify(fake.body)).toContain("not a PDF, PNG, JPEG or WebP");
    const big = new Uint8Array(MARKETING_FILE_MAX_BYTES + 1);
    big.set(new TextEncoder().encode("%PDF-1.4"));
    const tooBig = await upload(big, "big.pdf", "application/pdf");
    expect(tooBig.status).toBe(413);
    expect(JSON.stringify(tooBig.body)).toContain("at most 10 MB");
    // Staff without the marketing right cannot add one.
    expect((await upload(PDF, "w.pdf", "application/pdf", writerCookie)).status).toBeGreaterThanOrEqual(300);
    expect((await db.select().from(marketingFiles)).length).toBe(before);
  });
});

describe("attachments", () => {
  it("a campaign's attachments over 10 MB together are refused with a message, and nothing is written", async () => {
    const six = MARKETING_FILE_MAX_BYTES * 0.6;
    const bigOnes = await db
      .insert(marketingFiles)
      .values(
        [1, 2].map((i) => ({
          storageKey: `marketing/files/00000000000000b${i}.pdf`,
          title: `Big ${i}`,
          originalName: `big${i}.pdf`,
          contentType: "application/pdf",
          byteSize: six,
        })),
      )
      .returning();
    const templateId = String((await draft()).template.id);
    const res = await call(formAction, `${CAMPAIGNS}/create`, `${CAMPAIGNS}/create`, {
      method: "POST",
      form: {
        intent: "save",
        name: "Too heavy",
        template_id: templateId,
        segment: "subscribers",
        attachments: bigOnes.map((f) => String(f.id)),
      },
      cookie: adminCookie,
      headers: { accept: "application/json" },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("The attachments together are too large: at most 10 MB in all.");
    expect(await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.name, "Too heavy"))).toHaveLength(0);
    await db.delete(marketingFiles).where(eq(marketingFiles.id, bigOnes[0].id));
    await db.delete(marketingFiles).where(eq(marketingFiles.id, bigOnes[1].id));
  });

  it("every mail of the campaign is delivered over SMTP with the PDF attached (name, type, bytes); the outbox row keeps only its key", async () => {
    await onlySubscriber("reader@example.com");
    const { campaign } = await draft();
    await db.insert(marketingCampaignFiles).values({ campaignId: campaign.id, fileId: pdfId });
    const jobs = recordingJobs();
    expect(await startCampaign(sendDeps(jobs), { actor: admin, campaignId: campaign.id })).toBe(1);
    expect((await sendCampaignBatch(sendDeps(jobs), campaign.id)).sent).toBe(1);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, `marketing:${campaign.id}`));
    const [file] = await db.select().from(marketingFiles).where(eq(marketingFiles.id, pdfId));
    expect(mail.attachments).toEqual([
      { key: file.storageKey, filename: "Spring brochure.pdf", contentType: "application/pdf", size: PDF.byteLength },
    ]);
    await services.mailer.deliver(mail.id);
    const msg = await waitFor(() => received.find((r) => r.to.includes("reader@example.com")));
    expect(msg.raw).toMatch(/Content-Type: application\/pdf; name="Spring brochure\.pdf"/);
    expect(msg.raw).toMatch(/Content-Disposition: attachment; filename="Spring brochure\.pdf"/);
    expect(msg.raw.replace(/\r?\n/g, "")).toContain(Buffer.from(PDF).toString("base64"));
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id)))[0].status).toBe("sent");

    // The mail log's download is the same message, attachment included; a bad id is a 404, a writer is refused.
    const eml = (await call(
      emlLoader,
      "/admin/mail/:id/message.eml",
      `/admin/mail/${mail.id}/message.eml`,
      { cookie: adminCookie },
      { id: String(mail.id) },
    )) as unknown as { status: number; body: string };
    expect(eml.status).toBe(200);
    expect(String(eml.body).replace(/\r?\n/g, "")).toContain(Buffer.from(PDF).toString("base64"));
    const missing = await call(
      emlLoader,
      "/admin/mail/:id/message.eml",
      "/admin/mail/abc/message.eml",
      { cookie: adminCookie },
      { id: "abc" },
    );
    expect(missing.status).toBe(404);
    const writer = await call(
      emlLoader,
      "/admin/mail/:id/message.eml",
      `/admin/mail/${mail.id}/message.eml`,
      { cookie: writerCookie },
      { id: String(mail.id) },
    );
    expect(writer.status).not.toBe(200);
  });

  it("a file an unsent campaign attaches cannot be deleted (409, named); once that campaign is cancelled it can, and its file goes", async () => {
    const res = await upload(PDF, "Price list.pdf", "application/pdf");
    expect(res.status).toBe(200);
    const [file] = await db.select().from(marketingFiles).where(eq(marketingFiles.originalName, "Price list.pdf"));
    const { campaign } = await draft();
    await db.insert(marketingCampaignFiles).values({ campaignId: campaign.id, fileId: file.id });
    const del = () =>
      call(listAction, FILES, FILES, {
        method: "POST",
        form: { intent: "delete", ids: String(file.id) },
        cookie: adminCookie,
        headers: { accept: "application/json" },
      });
    const refused = await del();
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(`cannot be deleted: the campaign “${campaign.name}” attaches it`);
    expect(await services.storage.get(file.storageKey)).not.toBeNull();
    await db.update(marketingCampaigns).set({ status: "cancelled" }).where(eq(marketingCampaigns.id, campaign.id));
    expect((await del()).status).toBeLessThan(400);
    expect(await db.select().from(marketingFiles).where(eq(marketingFiles.id, file.id))).toHaveLength(0);
    expect(await services.storage.get(file.storageKey)).toBeNull();
  });
});

describe("scheduled sending", () => {
  it("refuses a time in the past; schedules a draft from the form's Eastern time; the job starts it once, even run twice", async () => {
    await onlySubscriber("later@example.com");
    const { campaign } = await draft();
    const jobs = recordingJobs();
    await expect(
      scheduleCampaign({ db, jobs }, { actor: admin, campaignId: campaign.id, at: new Date(Date.now() - 60_000) }),
    ).rejects.toThrow(/in the future/);
    expect((await campaignRow(campaign.id)).status).toBe("draft");

    // The row action, as the page posts it: Eastern wall time (9:30 on 4 July is 13:30 UTC).
    const past = await call(listAction, CAMPAIGNS, CAMPAIGNS, {
      method: "POST",
      form: { intent: "schedule", id: String(campaign.id), sendAt: "2020-07-04T09:30" },
      cookie: adminCookie,
      headers: { accept: "application/json" },
    });
    expect(past.status).toBe(400);
    const ok = await call(listAction, CAMPAIGNS, CAMPAIGNS, {
      method: "POST",
      form: { intent: "schedule", id: String(campaign.id), sendAt: "2099-07-04T09:30" },
      cookie: adminCookie,
      headers: { accept: "application/json" },
    });
    expect(ok.status).toBeLessThan(400);
    const row = await campaignRow(campaign.id);
    expect(row.status).toBe("scheduled");
    expect(row.scheduledAt?.toISOString()).toBe("2099-07-04T13:30:00.000Z");
    const job = await services.jobs.boss.getJobById(
      MARKETING_QUEUES.startScheduled,
      jobIdFor(MARKETING_QUEUES.startScheduled, `${campaign.id}:${Date.UTC(2099, 6, 4, 13, 30)}`),
    );
    expect(job?.data).toEqual({ campaignId: campaign.id, at: "2099-07-04T13:30:00.000Z" });
    expect(job?.startAfter.toISOString()).toBe("2099-07-04T13:30:00.000Z");

    // The page shows it, with the way back to draft; "Send now" is not offered.
    const page = await call(
      viewLoader,
      `${CAMPAIGNS}/:id`,
      `${CAMPAIGNS}/${campaign.id}`,
      { cookie: adminCookie },
      { id: String(campaign.id) },
    );
    const text = JSON.stringify(page.body);
    expect(text).toContain("Scheduled for");
    expect(text).toContain("Cancel the schedule");
    expect(text).not.toContain('"intent":"send"');

    const at = row.scheduledAt as Date;
    // Early: nothing. On time: it starts; a second run (or the sweep) finds it sending and does nothing.
    expect(
      await startScheduledCampaign({ db, jobs }, { campaignId: campaign.id, at, now: new Date(at.getTime() - 1000) }),
    ).toBe(false);
    expect((await campaignRow(campaign.id)).status).toBe("scheduled");
    expect(await startScheduledCampaign({ db, jobs }, { campaignId: campaign.id, at, now: at })).toBe(true);
    expect(await startScheduledCampaign({ db, jobs }, { campaignId: campaign.id, at, now: at })).toBe(false);
    expect(await startDueScheduledCampaigns({ db, jobs }, new Date(at.getTime() + 60_000))).toBe(0);
    expect((await campaignRow(campaign.id)).status).toBe("sending");
    const recipients = await db
      .select()
      .from(marketingRecipients)
      .where(eq(marketingRecipients.campaignId, campaign.id));
    expect(recipients.map((r) => r.email)).toEqual(["later@example.com"]);
    const batches = jobs.sent.filter((j) => j.queue === MARKETING_QUEUES.sendBatch);
    expect(batches.every((b) => b.options?.key === `${campaign.id}:start`)).toBe(true);
    await sendCampaignBatch(sendDeps(jobs), campaign.id);
    await sendCampaignBatch(sendDeps(jobs), campaign.id);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.template, `marketing:${campaign.id}`)),
    ).toHaveLength(1);
  });

  it("cancelling the schedule makes it a draft again; the old job then does nothing; a lost job is caught up by the sweep", async () => {
    await onlySubscriber("sweep@example.com");
    const { campaign } = await draft();
    const jobs = recordingJobs();
    const at = await scheduleCampaign(
      { db, jobs },
      { actor: admin, campaignId: campaign.id, at: new Date(Date.now() + 3_600_000) },
    );
    expect(jobs.sent[0]).toMatchObject({
      queue: MARKETING_QUEUES.startScheduled,
      options: { startAfter: at, key: `${campaign.id}:${at.getTime()}` },
    });
    await unscheduleCampaign(db, { actor: admin, campaignId: campaign.id });
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "draft", scheduledAt: null });
    expect(await startScheduledCampaign({ db, jobs }, { campaignId: campaign.id, at, now: at })).toBe(false);
    expect((await campaignRow(campaign.id)).status).toBe("draft");

    // Scheduled again, its job lost: the sweep starts it once its time has come.
    const again = await scheduleCampaign(
      { db, jobs },
      { actor: admin, campaignId: campaign.id, at: new Date(Date.now() + 120_000) },
    );
    expect(await startDueScheduledCampaigns({ db, jobs }, new Date(again.getTime() - 1))).toBe(0);
    expect(await startDueScheduledCampaigns({ db, jobs }, again)).toBe(1);
    expect((await campaignRow(campaign.id)).status).toBe("sending");
  });
});

describe("the mail log", () => {
  it("shows a sent marketing mail without its open image or click addresses: reading it counts no open", async () => {
    await onlySubscriber("tracked@example.com");
    const { campaign } = await draft();
    const jobs = recordingJobs();
    await startCampaign(sendDeps(jobs), { actor: admin, campaignId: campaign.id });
    await sendCampaignBatch(sendDeps(jobs), campaign.id);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, `marketing:${campaign.id}`));
    expect(mail.html).toContain("/api/marketing/open/");
    expect(mail.html).toContain("/api/marketing/click/");
    const page = await call(
      viewLoader,
      "/admin/mail/:id",
      `/admin/mail/${mail.id}`,
      { cookie: adminCookie },
      { id: String(mail.id) },
    );
    expect(page.status).toBe(200);
    const shown = JSON.stringify(page.body);
    expect(shown).not.toContain("/api/marketing/open/");
    expect(shown).not.toContain("/api/marketing/click/");
    expect(shown).toContain("https://example.com/x");
    expect(shown).toContain("Download the message (.eml)");
    const [r] = await db.select().from(marketingRecipients).where(eq(marketingRecipients.campaignId, campaign.id));
    expect(r.opens).toBe(0);
    // The recipient's own mail program still counts (the stored mail is unchanged).
    const token = /\/api\/marketing\/open\/([^"]+)"/.exec(mail.html)?.[1] as string;
    await recordOpen({ db, secret: services.config.authSecret }, token);
    expect((await db.select().from(marketingRecipients).where(eq(marketingRecipients.id, r.id)))[0].opens).toBe(1);
  });
});
