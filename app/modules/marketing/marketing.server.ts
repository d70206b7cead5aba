import { href } from "react-router";
import { type Viewer, defineAbilityFor } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import type { MarketingSegment } from "./marketing.queries.server";
import { AppError } from "~/lib/errors";
import type { JobContext } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import type { Services } from "~/lib/runtime.server";
import type { Mailer } from "~/lib/mail.server";
import { mailLayout, renderTemplate, type TemplateDef, validateTemplate } from "~/lib/templates.server";
import { readSettingsSection } from "~/modules/admin/settings.server";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { recordActivity } from "~/modules/journal/journal.server";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { TWEAKS } from "~/modules/settings/tweaks.schema";
import {
  claimRecipient,
  countClick,
  countOpen,
  countSegment,
  insertRecipients,
  insertUnsubscribe,
  selectCampaign,
  selectCampaignStats,
  selectPendingRecipients,
  selectPreviewChoices,
  selectTemplate,
  setRecipientOutbox,
  skipUnsubscribed,
  transitionCampaign,
} from "./marketing.queries.server";
import {
  signClick,
  signOpenToken,
  signUnsubscribeToken,
  verifyClick,
  verifyOpenToken,
  verifyUnsubscribeToken,
} from "./marketing.tokens.server";
import { selectCampaignAttachments } from "./marketing-files.queries.server";
import { lockCampaign, selectDueScheduledCampaigns } from "./marketing-schedule.queries.server";

export const MARKETING_QUEUES = {
  /** Sends the next batch of a campaign (decision 0087); each batch queues the next after the rate limit's pause. */
  sendBatch: "marketing.send-batch",
  /** Starts a scheduled campaign at its time (decision 0091): once, as "Send now" does. */
  startScheduled: "marketing.start-scheduled",
  /** Every five minutes: starts scheduled campaigns whose time has come and whose job was lost (decision 0091). */
  scheduleSweep: "marketing.schedule-sweep",
} as const;

/** The variables a marketing template may use (validated on save). */
export const MARKETING_VARIABLES: Record<string, string> = {
  first_name: "The recipient's first name (empty for a newsletter subscriber without an account)",
  site: "The site's name",
  site_url: "The site's address",
  unsubscribe_url: "The recipient's own one-click unsubscribe address",
};

export const SEGMENT_LABELS: Record<MarketingSegment, string> = {
  buyers: "Buyers (made an offer)",
  sellers: "Sellers (have a listing)",
  subscribers: "Newsletter subscribers (confirmed)",
  "special-requests": "Special request holders",
  "favourited-resort": "People with a favorite at a resort",
};

function templateDef(t: { subject: string; body: string }): TemplateDef {
  return {
    key: "marketing",
    kind: "mail",
    description: "Marketing mail",
    variables: MARKETING_VARIABLES,
    subject: t.subject,
    text: "",
    html: t.body,
  };
}

/** The problems of a marketing template's subject and body: field name -> messages (empty when it is fine). */
export function validateMarketingTemplate(values: { subject?: unknown; body?: unknown }): Record<string, string[]> {
  const def = templateDef({ subject: "", body: "" });
  const problems: Record<string, string[]> = {};
  for (const [name, label] of [
    ["subject", "Subject"],
    ["body", "Body"],
  ] as const) {
    const source = values[name];
    if (typeof source !== "string" || source === "") continue;
    const found = validateTemplate(def, source);
    if (found.length) problems[name] = found.map((p) => `${label}: ${p}`);
  }
  return problems;
}

export function requireMarketingAdmin(actor: Viewer | null) {
  if (!actor || !defineAbilityFor(actor).can("manage", "MarketingAdmin")) {
    throw new AppError("FORBIDDEN", "Only administrators manage marketing mail.");
  }
}

/** How many addresses a segment reaches now (unsubscribed, deleted and suspended people left out). */
export async function getSegmentCount(db: Db | Tx, segment: MarketingSegment, resortId: number | null = null) {
  return countSegment(db, segment, resortId);
}

export type RenderedMarketingMail = { subject: string; html: string; text: string; headers: Record<string, string> };

function origin(siteUrl: string) {
  return siteUrl.replace(/\/$/, "");
}

/** The address of a one-click unsubscribe (the mail's link and its List-Unsubscribe header). */
export function unsubscribeUrl(siteUrl: string, secret: string, email: string, campaignId: number) {
  return `${origin(siteUrl)}${href("/unsubscribe/:token", { token: signUnsubscribeToken(secret, email, campaignId) })}`;
}

/** The click-counting address of `target` for a recipient: signed, so it redirects only where the mail pointed. */
export function clickUrl(siteUrl: string, secret: string, recipientId: number, target: string) {
  const q = new URLSearchParams({ u: target, s: signClick(secret, recipientId, target) });
  return `${origin(siteUrl)}${href("/api/marketing/click/:recipient", { recipient: String(recipientId) })}?${q}`;
}

function mailtoOf(from: string) {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return `mailto:${address}?subject=unsubscribe`;
}

/**
 * One recipient's mail: the template rendered with their values, every http(s) link of the body through the signed
 * click address, the tracking image, an unsubscribe line, and the List-Unsubscribe headers (RFC 2369, RFC 8058).
 * Without `recipientId` (a preview) links and the image are left as they are.
 */
export async function renderMarketingMail(
  deps: { db: Db | Tx; siteUrl: string; secret: string; from: string },
  args: {
    template: { subject: string; body: string };
    campaignId: number;
    email: string;
    firstName: string | null;
    recipientId?: number;
  },
): Promise<RenderedMarketingMail> {
  const site = await getSiteInfo(deps.db as Db);
  const unsubscribe = unsubscribeUrl(deps.siteUrl, deps.secret, args.email, args.campaignId);
  const vars = {
    first_name: args.firstName ?? "",
    site: site.siteName,
    site_url: deps.siteUrl,
    unsubscribe_url: unsubscribe,
  };
  const out = await renderTemplate(templateDef(args.template), vars);
  let body = out.html;
  const recipientId = args.recipientId;
  if (recipientId !== undefined) {
    body = body.replace(/href="(https?:\/\/[^"]+)"/g, (_m, url: string) => {
      const target = url.replace(/&amp;/g, "&");
      return `href="${clickUrl(deps.siteUrl, deps.secret, recipientId, target).replace(/&/g, "&amp;")}"`;
    });
  }
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  body += `<p style="font-size:12px;color:#475569;margin-top:24px">You get this mail from ${esc(site.siteName)}. <a href="${esc(unsubscribe)}" style="color:#0c4a6e">Unsubscribe</a> with one click.</p>`;
  if (recipientId !== undefined) {
    const pixel = `${origin(deps.siteUrl)}${href("/api/marketing/open/:token", { token: `${signOpenToken(deps.secret, recipientId)}.gif` })}`;
    body += `<img src="${esc(pixel)}" width="1" height="1" alt="" style="display:block;border:0">`;
  }
  const text = `${plainText(out.html)}\n\nUnsubscribe: ${unsubscribe}\n`;
  return {
    subject: out.subject,
    html: mailLayout(body, { name: site.siteName, url: deps.siteUrl }),
    text,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>, <${mailtoOf(deps.from)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

function plainText(html: string) {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/div)\s*\/?>/gi, "\n")
    .replace(/<a\s[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, "$2 ($1)")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

type SendDeps = { db: Db; mailer: Mailer; siteUrl: string; secret: string; from: string; jobs: JobContext["jobs"] };

/**
 * "Send now": the draft becomes `sending`, its recipients are written from the segment in the same transaction
 * (once: a second press finds no draft), and the first batch is queued. Returns how many addresses it goes to.
 */
export async function startCampaign(deps: SendDeps, args: { actor: Viewer; campaignId: number }) {
  requireMarketingAdmin(args.actor);
  const count = await deps.db.transaction(async (tx) => {
    const campaign = await selectCampaign(tx, args.campaignId);
    if (!campaign) throw new AppError("NOT_FOUND", "There is no such campaign.");
    const n = await beginSending(tx, campaign, ["draft"]);
    if (n === null)
      throw new AppError(
        "CONFLICT",
        campaign.status === "scheduled"
          ? "This campaign is scheduled: cancel its schedule first to send it now."
          : "Only a draft can be sent; this campaign was sent or cancelled already.",
      );
    return n;
  });
  await queueFirstBatch(deps, args.campaignId);
  return count;
}

/**
 * Moves a campaign from one of `from` to sending and writes its recipients from the segment, in the caller's
 * transaction; null when the campaign was in no state of `from` (a raced second start changes nothing). The count.
 */
async function beginSending(
  tx: Tx,
  campaign: { id: number; segment: MarketingSegment; resortId: number | null },
  from: ("draft" | "scheduled")[],
): Promise<number | null> {
  if (!(await transitionCampaign(tx, campaign.id, from, "sending", { startedAt: new Date() }))) return null;
  await insertRecipients(tx, campaign.id, campaign.segment, campaign.resortId);
  return countSegment(tx, campaign.segment, campaign.resortId);
}

/** The first batch's job, keyed by the campaign: a start repeated (a retried job) queues nothing new. */
async function queueFirstBatch(deps: Pick<SendDeps, "jobs">, campaignId: number) {
  await deps.jobs.send(MARKETING_QUEUES.sendBatch, { campaignId }, { key: `${campaignId}:start` });
}

export async function cancelCampaign(db: Db | Tx, args: { actor: Viewer; campaignId: number }) {
  requireMarketingAdmin(args.actor);
  if (
    !(await transitionCampaign(db, args.campaignId, ["draft", "scheduled", "sending"], "cancelled", {
      finishedAt: new Date(),
    }))
  )
    throw new AppError("CONFLICT", "Only a draft, a scheduled campaign or a campaign being sent can be cancelled.");
}

/** The earliest a campaign may be scheduled for: a minute from now (a time in the past is refused). */
const SCHEDULE_LEAD_MS = 60_000;

/**
 * Schedules a draft to start sending by itself at `at` (decision 0091): draft -> scheduled with the time, then a job
 * with `startAfter` that time, keyed by campaign and time (scheduling the same time again queues nothing new).
 */
export async function scheduleCampaign(
  deps: Pick<SendDeps, "db" | "jobs">,
  args: { actor: Viewer; campaignId: number; at: Date | null; now?: Date },
) {
  requireMarketingAdmin(args.actor);
  const now = args.now ?? new Date();
  if (!args.at)
    throw new AppError("BAD_INPUT", "Choose the date and time to send it (Eastern time).", {
      sendAt: ["Choose the date and time (Eastern)."],
    });
  if (args.at.getTime() < now.getTime() + SCHEDULE_LEAD_MS)
    throw new AppError("BAD_INPUT", "Choose a time in the future (at least a minute from now, Eastern time).", {
      sendAt: ["A time in the future."],
    });
  const at = args.at;
  await deps.db.transaction(async (tx) => {
    const campaign = await selectCampaign(tx, args.campaignId);
    if (!campaign) throw new AppError("NOT_FOUND", "There is no such campaign.");
    if (!(await transitionCampaign(tx, campaign.id, ["draft"], "scheduled", { scheduledAt: at })))
      throw new AppError("CONFLICT", "Only a draft can be scheduled; this campaign is scheduled, sent or cancelled.");
    await recordActivity(tx, {
      userId: null,
      actor: args.actor,
      kind: "admin.resource",
      facts: { sentence: `Scheduled campaign “${campaign.name}” for ${formatDateTimeEastern(at)} (Eastern).` },
      data: { resource: "admin.marketing.emails", action: "schedule", id: campaign.id },
    });
  });
  await deps.jobs.send(
    MARKETING_QUEUES.startScheduled,
    { campaignId: args.campaignId, at: at.toISOString() },
    { startAfter: at, key: `${args.campaignId}:${at.getTime()}` },
  );
  return at;
}

/** Cancels a campaign's schedule: it is a draft again (its job, when it runs, finds no schedule and does nothing). */
export async function unscheduleCampaign(db: Db, args: { actor: Viewer; campaignId: number }) {
  requireMarketingAdmin(args.actor);
  await db.transaction(async (tx) => {
    const campaign = await selectCampaign(tx, args.campaignId);
    if (!campaign) throw new AppError("NOT_FOUND", "There is no such campaign.");
    if (!(await transitionCampaign(tx, campaign.id, ["scheduled"], "draft", { scheduledAt: null })))
      throw new AppError("CONFLICT", "This campaign is not scheduled (it may have started sending already).");
    await recordActivity(tx, {
      userId: null,
      actor: args.actor,
      kind: "admin.resource",
      facts: { sentence: `Cancelled the schedule of campaign “${campaign.name}”: it is a draft again.` },
      data: { resource: "admin.marketing.emails", action: "unschedule", id: campaign.id },
    });
  });
}

/**
 * The scheduled start (the job, and the sweep): with the campaign row locked, only a campaign still scheduled for
 * exactly `at` (the job's time; the sweep passes the stored one) whose time has come starts, as "Send now" starts
 * it. A second run, a stale job (the schedule was moved or cancelled) or an early one does nothing. Returns whether
 * it started the campaign.
 */
export async function startScheduledCampaign(
  deps: Pick<SendDeps, "db" | "jobs">,
  args: { campaignId: number; at: Date; now?: Date },
) {
  const now = args.now ?? new Date();
  const started = await deps.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, args.campaignId);
    if (campaign?.status !== "scheduled" || !campaign.scheduledAt) return false;
    if (campaign.scheduledAt.getTime() !== args.at.getTime() || campaign.scheduledAt.getTime() > now.getTime())
      return false;
    if ((await beginSending(tx, campaign, ["scheduled"])) === null) return false;
    await recordActivity(tx, {
      userId: null,
      actor: null,
      kind: "admin.resource",
      facts: {
        sentence: `Campaign “${campaign.name}” started sending (scheduled for ${formatDateTimeEastern(campaign.scheduledAt)} Eastern).`,
      },
      data: { resource: "admin.marketing.emails", action: "start-scheduled", id: campaign.id },
    });
    return true;
  });
  // Queued after the commit (and again by a repeated run, which the key makes a no-op).
  const campaign = await selectCampaign(deps.db, args.campaignId);
  if (started || (campaign?.status === "sending" && campaign.scheduledAt?.getTime() === args.at.getTime()))
    await queueFirstBatch(deps, args.campaignId);
  return started;
}

/** The sweep: every scheduled campaign whose time has come (its job lost) is started through the same check. */
export async function startDueScheduledCampaigns(deps: Pick<SendDeps, "db" | "jobs">, now = new Date()) {
  let started = 0;
  for (const c of await selectDueScheduledCampaigns(deps.db, now)) {
    if (c.scheduledAt && (await startScheduledCampaign(deps, { campaignId: c.id, at: c.scheduledAt, now }))) started++;
  }
  return started;
}

/**
 * One batch of a campaign (the job). Before it: the campaign must still be sending, and the pending recipients who
 * unsubscribed since are marked skipped. Each recipient is claimed (pending -> sent) in the same transaction that writes
 * its outbox message, so a batch killed half-way and run again mails nobody twice. At most `min(batch size, per
 * minute)` mails; the next batch is queued after the pause the per-minute limit needs. Returns what it did.
 */
export async function sendCampaignBatch(deps: SendDeps, campaignId: number) {
  const campaign = await selectCampaign(deps.db, campaignId);
  if (campaign?.status !== "sending") return { sent: 0, done: true, next: null };
  const template = await selectTemplate(deps.db, campaign.templateId);
  if (!template) throw new Error(`campaign ${campaignId} has no template`);
  const tweaks = await readSettingsSection(deps.db, TWEAKS, "marketing");
  const size = Math.max(1, Math.min(tweaks.batchSize, tweaks.perMinute));
  // Every mail carries the campaign's attachments by storage key (decision 0091): read at delivery, never copied.
  const attachments = await selectCampaignAttachments(deps.db, campaignId);
  await skipUnsubscribed(deps.db, campaignId);
  const batch = await selectPendingRecipients(deps.db, campaignId, size);
  if (batch.length === 0) {
    await transitionCampaign(deps.db, campaignId, ["sending"], "sent", { finishedAt: new Date() });
    return { sent: 0, done: true, next: null };
  }
  let sent = 0;
  for (const r of batch) {
    const mail = await renderMarketingMail(deps, {
      template,
      campaignId,
      email: r.email,
      firstName: r.firstName,
      recipientId: r.id,
    });
    const outboxId = await deps.db.transaction(async (tx) => {
      if (!(await claimRecipient(tx, r.id))) return null;
      const id = await deps.mailer.send(
        {
          to: r.email,
          template: `marketing:${campaignId}`,
          ...mail,
          ...(attachments.length ? { attachments } : {}),
        },
        { tx },
      );
      await setRecipientOutbox(tx, r.id, id);
      return id;
    });
    if (outboxId === null) continue;
    sent++;
    await deps.mailer.queueDelivery(outboxId);
  }
  const pauseSeconds = Math.ceil((batch.length * 60) / tweaks.perMinute);
  const next = new Date(Date.now() + pauseSeconds * 1000);
  // The key names the batch by its first recipient: a retried job queues the same next batch, not a second one.
  await deps.jobs.send(
    MARKETING_QUEUES.sendBatch,
    { campaignId },
    { startAfter: next, key: `${campaignId}:${batch[0].id}` },
  );
  logger.info({ campaignId, sent, pauseSeconds }, "marketing batch sent");
  return { sent, done: false, next };
}

/** The one-click unsubscribe (GET page's button, or a mail program's POST): honoured at once. */
export async function unsubscribeByToken(deps: { db: Db; secret: string }, token: string) {
  const found = verifyUnsubscribeToken(deps.secret, token);
  if (!found)
    throw new AppError(
      "BAD_INPUT",
      "This unsubscribe link is not valid: it may have been cut or changed. Copy the whole link from the mail.",
    );
  const campaign = await selectCampaign(deps.db, found.campaignId);
  await insertUnsubscribe(deps.db, found.email, campaign ? campaign.id : null);
  return { email: found.email };
}

/** The address an unsubscribe token names (the confirm page shows it), or null for a link the site did not sign. */
export function unsubscribeTokenEmail(secret: string, token: string) {
  return verifyUnsubscribeToken(secret, token)?.email ?? null;
}

/** The tracking image: counts an open of a signed recipient; anything else counts nothing. */
export async function recordOpen(deps: { db: Db; secret: string }, token: string) {
  const id = verifyOpenToken(deps.secret, token);
  if (id !== null) await countOpen(deps.db, id);
}

/**
 * A tracked link: counts the click and gives the address to redirect to, only when the signature matches the
 * recipient and that exact address (no open redirect); otherwise a 403.
 */
export async function recordClick(
  deps: { db: Db; secret: string },
  args: { recipient: string; target: string; sig: string },
) {
  const id = /^[1-9]\d{0,9}$/.test(args.recipient) ? Number(args.recipient) : 0;
  if (
    !id ||
    id > 2_147_483_647 ||
    !/^https?:\/\//.test(args.target) ||
    !verifyClick(deps.secret, id, args.target, args.sig)
  )
    throw new AppError("FORBIDDEN", "This link is not one of our mails' links.");
  await countClick(deps.db, id);
  return args.target;
}

export async function getCampaignStats(db: Db, actor: Viewer) {
  requireMarketingAdmin(actor);
  return selectCampaignStats(db);
}

/** A campaign's (or a template's) mail as a sample recipient gets it (the preview screens). */
export async function previewMarketingMail(
  deps: { db: Db; siteUrl: string; secret: string; from: string },
  args: { template: { subject: string; body: string }; campaignId?: number },
) {
  try {
    const mail = await renderMarketingMail(deps, {
      template: args.template,
      campaignId: args.campaignId ?? 1,
      email: "pat.sample@example.com",
      firstName: "Pat",
    });
    return { ok: true as const, ...mail };
  } catch (err) {
    return { ok: false as const, error: `The template cannot be rendered: ${String((err as Error).message ?? err)}` };
  }
}

/** The preview of a template as a sample recipient gets it, at a phone's and a desktop mail program's width. */
export async function previewSection(
  services: Pick<Services, "db" | "config">,
  template: { subject: string; body: string },
  campaignId?: number,
) {
  const p = await previewMarketingMail(
    {
      db: services.db,
      siteUrl: services.config.authUrl,
      secret: services.config.authSecret,
      from: services.config.mailFrom,
    },
    { template, campaignId },
  );
  const description = "Rendered for a sample recipient, Pat, at 375 and 640 pixels wide.";
  if (!p.ok)
    return { title: "Preview", description, items: [{ label: "Problem", format: "text" as const, value: p.error }] };
  return {
    title: "Preview",
    description,
    items: [
      { label: "Subject", format: "text" as const, value: p.subject },
      { label: "Mail", format: "document" as const, value: p.html, widths: [375, 640] },
      { label: "Text version", format: "preformatted" as const, value: p.text },
    ],
  };
}

/**
 * /admin/marketing/preview: a campaign's mail (its template, its unsubscribe address) or a template's, for a sample
 * recipient at a phone's and a desktop's width; with neither chosen, only the choices.
 */
export async function getMarketingPreview(
  deps: Pick<Services, "db" | "config">,
  args: { actor: Viewer; campaignId: number | null; templateId: number | null },
) {
  requireMarketingAdmin(args.actor);
  const choices = await selectPreviewChoices(deps.db);
  let templateId = args.templateId;
  let campaignId: number | undefined;
  if (args.campaignId !== null) {
    const campaign = await selectCampaign(deps.db, args.campaignId);
    if (!campaign) throw new AppError("NOT_FOUND", "There is no such campaign.");
    templateId = campaign.templateId;
    campaignId = campaign.id;
  }
  if (templateId === null) return { choices, section: null };
  const template = await selectTemplate(deps.db, templateId);
  if (!template) throw new AppError("NOT_FOUND", "There is no such template.");
  return { choices, section: await previewSection(deps, template, campaignId) };
}
