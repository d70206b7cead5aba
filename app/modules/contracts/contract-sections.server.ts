import { createHash } from "node:crypto";
import type { z } from "zod";
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { renderTemplate, type TemplateDef, validateTemplate } from "~/lib/templates.server";
import { recordActivity } from "~/modules/journal/journal.server";
import {
  getTemplateOverride,
  removeTemplateOverride,
  storeTemplateOverride,
} from "~/modules/notifications/mail-templates.server";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { buildContractVars, readContractHouse } from "./contracts-text.server";
import { formatNumber } from "~/lib/format";
import { CONTRACT_SECTIONS, CONTRACT_VARIABLES } from "./contracts.templates";
import type { ContractSectionView, SectionDraft, SectionRestoreSchema } from "./contract-sections.schema";
import type { ContractInput } from "./contracts.types";

/**
 * /admin/contract-sections (issue 11): the administrator's editor of the contract's four section templates
 * (decision 0025: only an override is stored in `message_templates`; restoring the default deletes it). A contract
 * is rendered from the templates when an agreement is sent, and a sealed one never changes (decision 0035), so an
 * edit reaches only agreements sent after it.
 */

type Deps = Pick<Services, "db">;

function requireContractAdmin(actor: Viewer) {
  if (actor.impersonatedBy || !defineAbilityFor(actor).can("manage", "all")) {
    throw new AppError("FORBIDDEN", "Only administrators change the contract's sections.");
  }
}

function templateOf(section: number): TemplateDef {
  const def = CONTRACT_SECTIONS[section - 1];
  if (!def) throw new AppError("NOT_FOUND", "There is no such contract section.");
  return def;
}

/** Normalised line ends: a textarea posts CRLF. */
const lf = (s: string) => s.replace(/\r\n?/g, "\n");

/** The four sections as stored (the override, else the code default) and the variables they may use. */
export async function listContractSections(deps: Deps, args: { actor: Viewer }) {
  requireContractAdmin(args.actor);
  const sections: ContractSectionView[] = [];
  for (const [i, def] of CONTRACT_SECTIONS.entries()) {
    const o = await getTemplateOverride(deps.db, def.key);
    const title = o?.subject ?? def.subject ?? "";
    const body = o?.text ?? def.text;
    sections.push({
      number: i + 1,
      key: def.key,
      description: def.description,
      title,
      body,
      overridden: !!o && (o.subject !== null || o.text !== null),
      version: createHash("sha256").update(`${title}\0${body}`).digest("hex").slice(0, 12),
    });
  }
  const variables = Object.entries(CONTRACT_VARIABLES).map(([name, description]) => ({ name, description }));
  return { sections, variables };
}

/** The problems of a draft, by field (empty when it is fine): Liquid syntax errors and unknown variables. */
function draftProblems(def: TemplateDef, draft: SectionDraft) {
  const fields: Record<string, string[]> = {};
  const title = validateTemplate(def, draft.title);
  const body = validateTemplate(def, lf(draft.body));
  if (title.length) fields.title = title;
  if (body.length) fields.body = body;
  return fields;
}

function refuseBadDraft(fields: Record<string, string[]>) {
  if (!Object.keys(fields).length) return;
  const first = fields.body?.[0] ?? fields.title?.[0] ?? "Please correct the template.";
  throw new AppError("BAD_INPUT", first, fields);
}

/**
 * A realistic sample agreement for the preview: 160 Bay Lake Tower points with a December use year at $150 a point,
 * the buyer paying in cash, a Florida title company with its wire instructions and fees.
 */
export function sampleContractInput(now = new Date()): ContractInput {
  const points = 160;
  const pricePerPointCents = 15_000;
  const totalCents = points * pricePerPointCents;
  const closing = new Date(now.getTime() + 75 * 86_400_000).toISOString().slice(0, 10);
  return {
    agreementId: 123,
    contractDate: now,
    buyer: {
      legalNames: ["Jordan A. Rivera", "Casey M. Rivera"],
      address: "1200 Harbor Lane, Annapolis, MD 21401",
      email: "jordan.rivera@example.com",
    },
    seller: {
      legalNames: ["Patricia L. Nguyen"],
      address: "45 Magnolia Court, Savannah, GA 31401",
      email: "pat.nguyen@example.com",
      firstSentenceOfContract: null,
      declared: { foreign: false, stateResident: null },
    },
    resort: {
      code: "BLT",
      name: "Bay Lake Tower at Disney's Contemporary Resort",
      location: "Lake Buena Vista, FL",
      contractEndYear: 2060,
    },
    terms: {
      points,
      useMonth: 12,
      pointsPerUseYear: [
        { label: "2025 use year (banked)", points: 40 },
        { label: "2026 use year", points: 160 },
      ],
      pricePerPointCents,
      totalCents,
      depositCents: Math.round(totalCents / 10),
      depositDueHours: 72,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      estoppelPaidBy: "seller",
      financing: "cash",
      targetClosingDate: closing,
    },
    titleCompany: {
      name: "Magnolia Coast Title (sample)",
      contactName: "Casey Closer",
      email: "closings@magnolia-title.example.com",
      phone: "(407) 555-0100",
      wireInstructions:
        "Bank: Example National Bank\nRouting (ABA): 000111222 (example)\nAccount: 000123456789 (example)\nReference: the agreement number",
      fees: { closingFeeCents: 29_500, recordingFeeCents: 9_500, titleSearchCents: 15_000, estoppelFeeCents: 15_000 },
    },
  };
}

/** Renders a draft of a section with the sample agreement; a bad template is refused (400) with its problems. */
export async function previewContractSection(deps: Deps, args: { actor: Viewer; input: SectionDraft }) {
  requireContractAdmin(args.actor);
  const def = templateOf(args.input.section);
  refuseBadDraft(draftProblems(def, args.input));
  const site = await getSiteInfo(deps.db);
  const house = await readContractHouse(deps.db);
  const vars = { ...buildContractVars({ ...sampleContractInput(), house }), site: site.siteName };
  try {
    // Rendered as a stored version is; a render failure here is shown, not replaced by the default.
    const out = await renderTemplate({ ...def, subject: args.input.title, text: lf(args.input.body) }, vars);
    return { section: args.input.section, title: out.subject, text: tidy(out.text) };
  } catch (err) {
    throw new AppError("BAD_INPUT", `The template cannot be rendered: ${(err as Error).message.split("\n")[0]}`, {
      body: [`The template cannot be rendered: ${(err as Error).message.split("\n")[0]}`],
    });
  }
}

/** Same whitespace rules as the contract's text (contracts-text.server.ts). */
function tidy(text: string) {
  return text
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const count = formatNumber;

/**
 * Stores the administrator's version of a section after validating it; a part equal to the code default is stored as
 * null (the default), and a draft equal to the default in both parts removes the override. Journals the change.
 */
export async function saveContractSection(deps: Deps, args: { actor: Viewer; input: SectionDraft }) {
  requireContractAdmin(args.actor);
  const def = templateOf(args.input.section);
  refuseBadDraft(draftProblems(def, args.input));
  const title = args.input.title.trim();
  const body = lf(args.input.body);
  return deps.db.transaction(async (tx) => {
    const before = await getTemplateOverride(tx, def.key);
    const fromTitle = before?.subject ?? def.subject ?? "";
    const fromBody = before?.text ?? def.text;
    const subject = title === def.subject ? null : title;
    const text = body === def.text ? null : body;
    if (subject === null && text === null) await removeTemplateOverride(tx, def.key);
    else await storeTemplateOverride(tx, { key: def.key, subject, text, html: null, updatedBy: args.actor.id });
    const changes: string[] = [];
    if (fromTitle !== title) changes.push(`title “${fromTitle}” → “${title}”`);
    if (fromBody !== body) {
      const lines = (s: string) => new Set(s.split("\n"));
      const was = lines(fromBody);
      const now = lines(body);
      const added = [...now].filter((l) => !was.has(l)).length;
      const removed = [...was].filter((l) => !now.has(l)).length;
      changes.push(
        `text ${count(fromBody.length)} → ${count(body.length)} characters (${added} line${added === 1 ? "" : "s"} added, ${removed} removed)`,
      );
    }
    await recordActivity(tx, {
      userId: args.actor.id,
      actor: args.actor,
      kind: "settings.contract-section",
      facts: { section: args.input.section, title, changes },
      data: {
        key: def.key,
        title: { from: fromTitle, to: title },
        length: { from: fromBody.length, to: body.length },
        isDefault: subject === null && text === null,
      },
    });
    return {
      section: args.input.section,
      message: `Contract section ${args.input.section} (${title}) saved. Agreements sent from now on use this text.`,
    };
  });
}

/** Deletes the override of a section: the code default is used again. Journals it. */
export async function restoreContractSection(
  deps: Deps,
  args: { actor: Viewer; input: z.output<typeof SectionRestoreSchema> },
) {
  requireContractAdmin(args.actor);
  const def = templateOf(args.input.section);
  return deps.db.transaction(async (tx) => {
    const before = await getTemplateOverride(tx, def.key);
    const removed = await removeTemplateOverride(tx, def.key);
    const title = def.subject ?? "";
    if (removed) {
      await recordActivity(tx, {
        userId: args.actor.id,
        actor: args.actor,
        kind: "settings.contract-section",
        facts: { section: args.input.section, title, restored: true, changes: [] },
        data: {
          key: def.key,
          title: { from: before?.subject ?? title, to: title },
          length: { from: (before?.text ?? def.text).length, to: def.text.length },
          isDefault: true,
        },
      });
    }
    return {
      section: args.input.section,
      message: removed
        ? `Contract section ${args.input.section} (${title}) is back to the default text.`
        : `Contract section ${args.input.section} (${title}) already uses the default text.`,
    };
  });
}
