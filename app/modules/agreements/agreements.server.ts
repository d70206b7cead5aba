import { createHash, randomBytes } from "node:crypto";
import { href } from "react-router";
import type { z } from "zod";
import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { zodToAppError } from "~/lib/action.server";
import { AppError } from "~/lib/errors";
import {
  formatNumber,
  formatPerPoint,
  formatPoints,
  withArticle,
  formatPrice,
  useMonthName as monthName,
  formatAgreementNumber,
} from "~/lib/format";
import { formatCalendarDate, formatDateTimeEastern } from "~/lib/format-dates";
import { logger } from "~/lib/logger.server";
import { sharedRead } from "~/lib/shared-reads.server";
import type { Services } from "~/lib/runtime.server";
import { queueJobs, transitionIn } from "~/lib/workflow.server";
import { listingWorkflow } from "~/modules/listings/listing.workflow";
import { notifyAdmins } from "~/modules/notifications/admin-notifications.server";
import { renderStoredTemplate, sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import { notifyUser } from "~/modules/notifications/user-notifications.server";
import { isAdministrator, ownSide, type Side } from "~/modules/offers/offers.rules";
import { getAgreementTweaks, getAgreementTweaksForPage, getFeeTweaksForPage } from "~/modules/settings/tweaks.server";
import { stateNameOf } from "~/modules/title-companies/us-states";
import { visibleAgreement } from "./agreement-access.server";
import { confirmSigner, oneSigningAtATime, refuseOtherLegalName, signerSide } from "./agreement-signing.server";
import { missingFactsOf, snapshotContractSections, writeDeclarationsIntoContract } from "./agreement-contract.server";
import { describeMissingFacts } from "~/modules/contracts/contract-facts";
import {
  type ClosingStatement,
  closingStatement,
  depositCents,
  MONEY_DEFAULTS,
  applicableCommission,
  parseCommissionText,
  type TitleCosts,
} from "./agreement-money";
import { nextStepFor } from "./agreement-steps";
import { AGREEMENT_STATUS_LABELS, agreementWorkflow, recordAgreementEvent } from "./agreement.workflow";
import {
  type AgreementRow,
  insertDocument,
  insertSale,
  selectAdjustedCommissionText,
  selectAgreement,
  selectAgreementEvents,
  selectAgreementsOf,
  selectApplicableTitleCosts,
  selectClosedDealSteps,
  selectContractParty,
  selectDocument,
  selectDocuments,
  selectPartyContacts,
  selectResortDues,
  selectTitleCompany,
  updateAgreementColumns,
} from "./agreements.queries.server";
import {
  AgreementIdSchema,
  CancelAgreementSchema,
  MessagePartiesSchema,
  RofrAnswerSchema,
  SendAgreementSchema,
  type SignAgreementInput,
  SignAgreementSchema,
  SubmitRofrSchema,
} from "./agreements.schema";
import {
  AGREEMENT_BUY_BACK_MAIL,
  AGREEMENT_CANCELLED_MAIL,
  AGREEMENT_DEED_RECORDED_MAIL,
  AGREEMENT_MESSAGE_MAIL,
  AGREEMENT_DEPOSIT_REMINDER_MAIL,
  AGREEMENT_FACTS_NEEDED_MAIL,
  AGREEMENT_SEALED_MAIL,
  AGREEMENT_SENT_MAIL,
  AGREEMENT_SIGNED_MAIL,
  AGREEMENT_SIGNING_REMINDER_MAIL,
  AGREEMENT_STEP_MAIL,
} from "./agreements.templates";
import { insertSignature } from "./agreements-signatures.queries.server";
import { type ClosedDeal, calendarDate, type DealStep, daysBetween, expectedDates } from "./deal-timeline";
import { type IsoDate, RESORT_STATES, residencyStateOf } from "./tax-rates";
import { toDbId } from "~/lib/fields";

type MailDeps = Pick<Services, "db" | "mailer"> & { config?: Pick<Services["config"], "authUrl"> };
type Deps = MailDeps & Pick<Services, "jobs">;

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw zodToAppError(r.error);
  return r.data;
}

const notFound = () => new AppError("NOT_FOUND", "This agreement does not exist.");

// ---------------------------------------------------------------------------------------------------------------
// Mail

const PAYER_WORDS = { buyer: "Buyer", seller: "Seller", split: "Split evenly" } as const;

/** The agreement's page for a party (the back office's is the admin agreements page). */
export const agreementPagePath = (a: { id: number }, side: Side | "admin") =>
  side === "admin"
    ? href("/admin/agreements/:id", { id: String(a.id) })
    : href("/v2/profile/agreements/:agreementId", { agreementId: String(a.id) });

/** The mails whose link takes the buyer straight to the deposit form. */
const DEPOSIT_MAILS = new Set([AGREEMENT_SEALED_MAIL.key, AGREEMENT_DEPOSIT_REMINDER_MAIL.key]);

async function recipients(db: Db | Tx, a: AgreementRow, to: readonly Side[]) {
  const ids = to.map((s) => (s === "buyer" ? a.buyerId : a.sellerId)).filter((x): x is string => !!x);
  const people = await selectPartyContacts(db, ids);
  return to.flatMap((side) => {
    const id = side === "buyer" ? a.buyerId : a.sellerId;
    const p = people.find((x) => x.id === id);
    return p ? [{ side, id: p.id, name: p.name, email: p.email }] : [];
  });
}

/**
 * Tells the parties about a step of the agreement, after its commit: a mail, and the same news in their in-app
 * notifications (the header's bell) with a link to the page the mail links to. A failure is logged, never undoes the
 * step. Wire instructions never travel by mail: the mails link to the deposit page, which shows them.
 */
export async function mailParties(
  deps: MailDeps,
  a: AgreementRow,
  to: readonly Side[],
  template: Parameters<typeof sendTemplatedMail>[1]["template"],
  extra: Record<string, unknown> = {},
) {
  try {
    const siteUrl = (deps.config?.authUrl ?? "").replace(/\/$/, "");
    const company = await selectTitleCompany(deps.db, a.titleCompanyId);
    for (const r of await recipients(deps.db, a, to)) {
      const path =
        r.side === "buyer" && DEPOSIT_MAILS.has(template.key)
          ? href("/profile/deposit-form/:id", { id: String(a.id) })
          : agreementPagePath(a, r.side);
      const vars: Record<string, unknown> = {
        name: r.name,
        agreement_id: formatAgreementNumber(a.id),
        agreement_number: formatAgreementNumber(a.id),
        listing_code: a.listingCode,
        resort: a.resortName,
        points: formatNumber(a.points),
        points_words: formatPoints(a.points),
        total: formatPrice(a.totalCents),
        terms: termsOf(a),
        deposit: a.depositCents !== null ? formatPrice(a.depositCents) : "",
        deposit_due: a.depositDueAt ? formatDateTimeEastern(a.depositDueAt) : "",
        title_company: company?.name ?? "",
        reason: a.cancelReason ?? "",
        message: "",
        who: "",
        link: `${siteUrl}${path}`,
        ...extra,
      };
      await sendTemplatedMail(
        { db: deps.db, mailer: deps.mailer, ...(siteUrl ? { siteUrl } : {}) },
        { template, to: r.email, vars },
      );
      // The bell links within the site: the mail's own link (a signing page) without the site's address.
      const shown = await renderStoredTemplate({ db: deps.db }, { template, vars });
      const link = String(vars.link ?? "").slice(siteUrl.length);
      await notifyUser(
        { db: deps.db },
        { userId: r.id, kind: "agreement", title: shown.subject, href: link.startsWith("/") ? link : path },
      );
    }
  } catch (err) {
    logger.error({ err, agreementId: a.id, template: template.key }, "agreement mail not sent");
  }
}

export function termsOf(a: AgreementRow) {
  return [
    { label: "Agreement", value: formatAgreementNumber(a.id) },
    {
      label: "Contract",
      value: `${a.resortName}, ${formatPoints(a.points)}, ${withArticle(monthName(a.useMonth, true))} use year`,
    },
    { label: "Price per point", value: formatPerPoint(a.pricePerPointCents) },
    { label: "Total", value: formatPrice(a.totalCents) },
    { label: "Current year's dues paid by", value: PAYER_WORDS[a.duesPaidBy] },
    { label: "Closing costs paid by", value: PAYER_WORDS[a.closingCostsPaidBy] },
    { label: "Financing", value: a.financing === "cash" ? "Cash" : "Loan" },
    { label: "Names on the deed", value: a.deedNames.join(", ") },
  ];
}

const BOTH: readonly Side[] = ["buyer", "seller"];

/** The contract's signing page (the same for both parties). */
const signLink = (deps: MailDeps, a: { id: number }) =>
  `${(deps.config?.authUrl ?? "").replace(/\/$/, "")}${href("/v2/profile/agreements/:agreementId/sign", { agreementId: String(a.id) })}`;

// ---------------------------------------------------------------------------------------------------------------
// Steps

/** send-sign-email: the contract goes to both parties, with the title company and the deposit it names. */
export async function sendAgreementForSignature(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const input = parse(SendAgreementSchema, args.input);
  await refuseWithBlanks(deps, args.actor, input.agreementId);
  const tweaks = await getAgreementTweaks(deps.db);
  const result = await deps.db.transaction(async (tx) => {
    const before = await visibleAgreement(tx, args.actor, input.agreementId);
    const company = await selectTitleCompany(tx, input.titleCompanyId ?? before.titleCompanyId);
    if (input.titleCompanyId && !company) {
      throw new AppError("BAD_INPUT", "That title company does not exist.", {
        titleCompanyId: ["Choose a title company."],
      });
    }
    const deposit = depositCents({
      totalCents: before.totalCents,
      percent: tweaks.depositPercent,
      minimumCents: tweaks.depositMinimumCents,
    });
    const sent = await transitionIn(tx, agreementWorkflow, input.agreementId, "send", {
      actor: args.actor,
      input: { titleCompanyId: company?.id ?? null, depositCents: deposit },
    });
    await snapshotContractSections(tx, sent.after.id);
    return sent;
  });
  await queueJobs(deps, agreementWorkflow, "send", result);
  await mailParties(deps, result.after, BOTH, AGREEMENT_SENT_MAIL, { link: signLink(deps, result.after) });
  return {
    message: `Agreement ${formatAgreementNumber(result.after.id)} was sent to the buyer and the seller to sign.`,
    agreementId: result.after.id,
  };
}

/** Where a party fills in what the contract prints about them: the profile's information (name and address). */
export const PROFILE_FACTS_PATH = `${href("/profile")}#profile-information`;

/**
 * Decision 0056: a contract never goes out to sign with a blank. Before sending (an administrator, the agreement not
 * signed yet), every fact the four sections print is checked; when one is missing, the send is refused with a message
 * naming what and whose, the audit trail says so, and each party with something missing is asked for it by mail and
 * in their notifications, with a link to the form where they fill it in.
 */
async function refuseWithBlanks(deps: Deps, actor: Viewer, agreementId: number) {
  if (!isAdministrator(actor)) return; // the workflow refuses with its own words
  const a = await visibleAgreement(deps.db, actor, agreementId);
  if (a.status !== "created" && a.status !== "out_for_signature") return;
  const { missing, names } = await missingFactsOf(deps.db, a);
  if (!missing.length) return;
  const what = describeMissingFacts(missing, names);
  const asked = (["seller", "buyer"] as const).filter((side) => missing.some((m) => m.whose === side));
  await deps.db.transaction((tx) =>
    recordAgreementEvent(tx, {
      agreement: a,
      actor,
      event: "send-refused",
      sentence: `Agreement ${formatAgreementNumber(a.id)} was not sent to sign: missing ${what}${asked.length ? ` (the ${asked.join(" and the ")} asked for it)` : ""}`,
      journal: false,
    }),
  );
  const siteUrl = (deps.config?.authUrl ?? "").replace(/\/$/, "");
  for (const side of asked) {
    const mine = missing.filter((m) => m.whose === side);
    const onProfile = mine.some((m) => m.field === "legalName" || m.field === "address");
    const labels = mine.map((m) => m.label);
    const words = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
    await mailParties(deps, a, [side], AGREEMENT_FACTS_NEEDED_MAIL, {
      missing: words,
      link: `${siteUrl}${onProfile ? PROFILE_FACTS_PATH : agreementPagePath(a, side)}`,
    });
  }
  const ask = asked.length
    ? ` We asked the ${asked.join(" and the ")} for it by email and in their notifications.`
    : "";
  throw new AppError(
    "CONFLICT",
    `Agreement ${formatAgreementNumber(a.id)} was not sent to sign: the contract would have a blank. Missing: ${what}.${ask}`,
    { missing: missing.map((m) => `${m.whose}.${m.field}`) },
  );
}

/**
 * A party signs: the password again (a left-open session cannot sign; never while impersonating, never a staff
 * account), the legal name as the contract prints it, a drawn or typed signature and the initials of the four
 * sections, all in the audit trail with the IP address and the user agent. The second signature moves the agreement
 * to `sealing`: the seal job seals and stores the contract, and only then is it sealed (and the parties told so).
 *
 * The signings of one agreement take turns (`oneSigningAtATime` in this process, the row lock across processes), and
 * every refusal that needs no password (not a party, staff, already signed, not out for signature, another legal
 * name) comes before the password is checked, so a signer pressing Sign twice gets "already signed", not a counted
 * password attempt.
 */
export async function signAgreement(
  deps: Deps & Pick<Services, "auth" | "storage" | "config">,
  args: { actor: Viewer; input: unknown; headers: Headers; ipAddress: string | null; userAgent: string | null },
) {
  const input = parse(SignAgreementSchema, args.input);
  return oneSigningAtATime(`agreement:${input.agreementId}`, () => signNow(deps, args, input));
}

const SIGN_REFUSAL = "Only the buyer and the seller sign their agreement, each in their own account.";

async function signNow(
  deps: Deps & Pick<Services, "auth" | "storage" | "config">,
  args: { actor: Viewer; headers: Headers; ipAddress: string | null; userAgent: string | null },
  input: SignAgreementInput,
) {
  const existing = await visibleAgreement(deps.db, args.actor, input.agreementId);
  const side = signerSide(args.actor, existing, SIGN_REFUSAL);
  if ((side === "buyer" ? existing.buyerSignedAt : existing.sellerSignedAt) !== null) {
    throw new AppError("CONFLICT", `You have already signed agreement ${formatAgreementNumber(existing.id)}.`);
  }
  const sign = agreementWorkflow.transitions.sign;
  if (!sign.from.includes(existing.status)) throw new AppError("CONFLICT", sign.conflict(existing, "sealing"));
  const party = await selectContractParty(deps.db, side === "buyer" ? existing.buyerId : (existing.sellerId ?? ""));
  refuseOtherLegalName(
    input.legalName,
    party?.name?.trim() ?? "",
    side,
    `agreement ${formatAgreementNumber(existing.id)}`,
  );
  const declared = side === "seller" ? sellerTaxDeclaration(existing, input) : null;
  await confirmSigner(deps, {
    actor: args.actor,
    parties: existing,
    password: input.password,
    headers: args.headers,
    refusal: SIGN_REFUSAL,
  });
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const r = await transitionIn(tx, agreementWorkflow, input.agreementId, "sign", {
      actor: args.actor,
      input: { side, now },
    });
    await insertSignature(tx, {
      agreementId: r.after.id,
      side,
      signerId: args.actor.id,
      legalName: input.legalName.trim().replace(/\s+/g, " "),
      method: input.method,
      imagePng: input.method === "drawn" ? (input.imagePng ?? null) : null,
      initials: input.initials.map((initials, i) => ({ section: i + 1, initials, at: now.toISOString() })),
      ipAddress: args.ipAddress,
      userAgent: args.userAgent,
      signedAt: now,
    });
    const trail = { agreement: r.after, actor: args.actor, side, ipAddress: args.ipAddress, userAgent: args.userAgent };
    for (const [i, initials] of input.initials.entries()) {
      await recordAgreementEvent(tx, {
        ...trail,
        event: "initialled",
        section: i + 1,
        sentence: `${input.legalName} (the ${side}) initialled section ${i + 1} of agreement ${formatAgreementNumber(r.after.id)} as “${initials}”`,
      });
    }
    if (declared) {
      await updateAgreementColumns(tx, r.after.id, {
        sellerForeign: declared.foreign,
        sellerStateResident: declared.stateResident,
        sellerTaxDeclaredAt: now,
      });
      // Decision 0056: the answers are written into section 3 of the text that is signed and sealed.
      await writeDeclarationsIntoContract(tx, r.after.id);
      await recordAgreementEvent(tx, {
        ...trail,
        event: "declared",
        section: 3,
        sentence: `${input.legalName} (the seller) declared for section 3 of agreement ${formatAgreementNumber(r.after.id)}: ${declared.words}`,
      });
    }
    await recordAgreementEvent(tx, {
      ...trail,
      event: "signed",
      sentence: `${input.legalName} (the ${side}) signed agreement ${formatAgreementNumber(r.after.id)} (${input.method === "drawn" ? "drawn signature" : "typed name"})`,
    });
    return r;
  });
  await queueJobs(deps, agreementWorkflow, "sign", result);
  const both = result.after.status === "sealing";
  await mailParties(deps, result.after, [side === "buyer" ? "seller" : "buyer"], AGREEMENT_SIGNED_MAIL, {
    who: `The ${side}`,
  });
  return {
    message: both
      ? `You signed agreement ${formatAgreementNumber(result.after.id)}. Both sides have signed: the contract is being sealed, and we email you both as soon as it is.`
      : `You signed agreement ${formatAgreementNumber(result.after.id)}. We have asked the ${side === "buyer" ? "seller" : "buyer"} to sign.`,
    agreementId: result.after.id,
    status: result.after.status,
  };
}

/**
 * The seller's section 3 declarations from the sign form (contract section 3, DOMAIN.md "Money"): whether they are a
 * foreign person for US tax (FIRPTA), and, for a resort where a state withholds from non-residents (Aulani: HARPTA),
 * whether they live in that state. Both must be answered where they apply, else a 400 naming the question.
 */
function sellerTaxDeclaration(a: AgreementRow, input: SignAgreementInput) {
  const state = residencyStateOf(a.resortCode);
  const stateName = state ? stateNameOf(state) : null;
  const fields: Record<string, string[]> = {};
  if (!input.sellerForeign) fields.sellerForeign = ["Say whether you are a foreign person for US tax (section 3)."];
  if (stateName && !input.sellerStateResident) {
    fields.sellerStateResident = [`Say whether you are a resident of ${stateName} (section 3).`];
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError("BAD_INPUT", first[0], fields);
  const foreign = input.sellerForeign === "yes";
  const stateResident = stateName ? input.sellerStateResident === "yes" : null;
  const words = [
    foreign ? "a foreign person for US tax (FIRPTA withholding applies)" : "not a foreign person for US tax",
    ...(stateName
      ? [stateResident ? `a resident of ${stateName}` : `not a resident of ${stateName} (HARPTA withholding applies)`]
      : []),
  ].join("; ");
  return { foreign, stateResident, words };
}

/**
 * The buyer says the deposit was wired (the back office then checks with the title company and marks it received):
 * the workflow's `reportDepositSent`, taken once however many times it is pressed.
 */
export async function markDepositSent(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const { agreementId } = parse(AgreementIdSchema, args.input);
  await deps.db.transaction(async (tx) => {
    await visibleAgreement(tx, args.actor, agreementId);
    return transitionIn(tx, agreementWorkflow, agreementId, "reportDepositSent", { actor: args.actor });
  });
  return { message: "Thank you: we will confirm with the title company that the deposit arrived." };
}

type BackOfficeStep = "receiveDeposit" | "waiveRofr" | "receiveEstoppel" | "sendClosingDocuments";
const STEP_WORDS: Record<BackOfficeStep, (a: AgreementRow) => string> = {
  receiveDeposit: () => "the deposit is received in escrow",
  waiveRofr: () => "the developer waived its right of first refusal; the sale goes on to closing",
  receiveEstoppel: () => "the estoppel is received from the developer",
  sendClosingDocuments: () => "the closing documents are out: please sign and return them to the title company",
};

/** One of the back office's steps that only move the agreement on (and mail both parties). */
export async function takeAgreementStep(deps: Deps, args: { actor: Viewer; input: unknown; step: BackOfficeStep }) {
  const { agreementId } = parse(AgreementIdSchema, args.input);
  const result = await deps.db.transaction(async (tx) => {
    await visibleAgreement(tx, args.actor, agreementId);
    return transitionIn(tx, agreementWorkflow, agreementId, args.step, { actor: args.actor });
  });
  await queueJobs(deps, agreementWorkflow, args.step, result);
  const words = STEP_WORDS[args.step](result.after);
  await mailParties(deps, result.after, BOTH, AGREEMENT_STEP_MAIL, { message: capital(words) });
  return { message: `Agreement ${formatAgreementNumber(result.after.id)}: ${words}.`, agreementId };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The contract goes to the developer for its right of first refusal on the given day (not in the future). */
export async function submitForRofr(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const input = parse(SubmitRofrSchema, args.input);
  const submittedAt = new Date(`${input.submittedOn}T12:00:00Z`);
  if (submittedAt.getTime() > Date.now() + 36 * 3_600_000) {
    throw new AppError("BAD_INPUT", "The submission date cannot be in the future.", {
      submittedOn: ["The submission date cannot be in the future."],
    });
  }
  const result = await deps.db.transaction(async (tx) => {
    await visibleAgreement(tx, args.actor, input.agreementId);
    return transitionIn(tx, agreementWorkflow, input.agreementId, "submitRofr", {
      actor: args.actor,
      input: { submittedAt },
    });
  });
  await queueJobs(deps, agreementWorkflow, "submitRofr", result);
  await mailParties(deps, result.after, BOTH, AGREEMENT_STEP_MAIL, {
    message:
      "The contract was submitted to the developer for its right of first refusal; the answer usually takes 20 to 30 days",
  });
  return {
    message: `Agreement ${formatAgreementNumber(result.after.id)} is submitted for ROFR.`,
    agreementId: result.after.id,
  };
}

/** The developer's answer: waived (on to closing) or exercised (buy-back: the listing is sold to the developer). */
export async function answerRofr(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const input = parse(RofrAnswerSchema, args.input);
  if (input.result === "waived") {
    return takeAgreementStep(deps, { actor: args.actor, input, step: "waiveRofr" });
  }
  const done = await deps.db.transaction(async (tx) => {
    await visibleAgreement(tx, args.actor, input.agreementId);
    const r = await transitionIn(tx, agreementWorkflow, input.agreementId, "exerciseRofr", { actor: args.actor });
    const listing = await transitionIn(tx, listingWorkflow, r.after.listingId, "markSold", { actor: args.actor });
    await recordSale(tx, r.after, "exercised");
    return { r, listing };
  });
  await queueJobs(deps, agreementWorkflow, "exerciseRofr", done.r);
  await queueJobs(deps, listingWorkflow, "markSold", done.listing);
  await mailParties(deps, done.r.after, BOTH, AGREEMENT_BUY_BACK_MAIL);
  return {
    message: `The developer bought back the contract of agreement ${formatAgreementNumber(done.r.after.id)}: the deal ends, the deposit is refunded.`,
    agreementId: done.r.after.id,
  };
}

/** The deal is done: the recorded deed must be on file. The listing is sold and the sale recorded. */
export async function closeAgreement(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const { agreementId } = parse(AgreementIdSchema, args.input);
  const done = await deps.db.transaction(async (tx) => {
    const a = await visibleAgreement(tx, args.actor, agreementId);
    if (a.status === "closing_documents_out" && (await selectDocuments(tx, a.id, "deed")).length === 0) {
      throw new AppError(
        "CONFLICT",
        `Upload the recorded deed of agreement ${formatAgreementNumber(a.id)} before closing it.`,
      );
    }
    const r = await transitionIn(tx, agreementWorkflow, agreementId, "close", { actor: args.actor });
    const listing = await transitionIn(tx, listingWorkflow, r.after.listingId, "markSold", { actor: args.actor });
    await recordSale(tx, r.after, "waived");
    return { r, listing };
  });
  await queueJobs(deps, agreementWorkflow, "close", done.r);
  await queueJobs(deps, listingWorkflow, "markSold", done.listing);
  await mailParties(deps, done.r.after, BOTH, AGREEMENT_STEP_MAIL, {
    message: "Closed: the deed is recorded; the points move to the buyer's membership within 10 to 14 business days",
  });
  return {
    message: `Agreement ${formatAgreementNumber(done.r.after.id)} is closed and the listing marked sold.`,
    agreementId,
  };
}

async function recordSale(tx: Tx, a: AgreementRow, rofrResult: "waived" | "exercised") {
  const closedAt = a.closedAt ?? a.rofrAnsweredAt ?? new Date();
  await insertSale(tx, {
    agreementId: a.id,
    listingId: a.listingId,
    resortId: a.resortId,
    points: a.points,
    useMonth: a.useMonth,
    pricePerPointCents: a.pricePerPointCents,
    daysToClose: Math.max(0, Math.round((closedAt.getTime() - a.createdAt.getTime()) / 86_400_000)),
    rofrResult,
    closedAt,
  });
}

/** send-email: the back office writes to one or both parties; the message is in the audit trail. */
export async function messageParties(deps: MailDeps, args: { actor: Viewer; input: unknown }) {
  const input = parse(MessagePartiesSchema, args.input);
  if (!isAdministrator(args.actor)) throw new AppError("FORBIDDEN", "Only the back office writes to the parties.");
  const a = await visibleAgreement(deps.db, args.actor, input.agreementId);
  const to: Side[] = input.to === "both" ? ["buyer", "seller"] : [input.to];
  await deps.db.transaction((tx) =>
    recordAgreementEvent(tx, {
      agreement: a,
      actor: args.actor,
      event: "message-sent",
      sentence: `${args.actor.name} wrote to the ${to.join(" and the ")} of agreement ${formatAgreementNumber(a.id)}: “${input.message}”`,
    }),
  );
  await mailParties(deps, a, to, AGREEMENT_MESSAGE_MAIL, { message: input.message });
  return {
    message: `Your message about agreement ${formatAgreementNumber(a.id)} was sent to the ${to.join(" and the ")}.`,
  };
}

/** An administrator cancels an open agreement, with a reason both parties read; the listing is for sale again. */
export async function cancelAgreement(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const input = parse(CancelAgreementSchema, args.input);
  const done = await deps.db.transaction(async (tx) => {
    await visibleAgreement(tx, args.actor, input.agreementId);
    const r = await transitionIn(tx, agreementWorkflow, input.agreementId, "cancel", {
      actor: args.actor,
      input: { reason: input.reason },
    });
    const listing = await transitionIn(tx, listingWorkflow, r.after.listingId, "backOnMarket", { actor: args.actor });
    return { r, listing };
  });
  await queueJobs(deps, agreementWorkflow, "cancel", done.r);
  await queueJobs(deps, listingWorkflow, "backOnMarket", done.listing);
  await mailParties(deps, done.r.after, BOTH, AGREEMENT_CANCELLED_MAIL);
  return {
    message: `Agreement ${formatAgreementNumber(done.r.after.id)} is cancelled; listing ${done.r.after.listingCode} is for sale again.`,
    agreementId: input.agreementId,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Timers (agreements.jobs.server.ts)

export type AgreementTimerData = { agreementId: number; status: string };

export function agreementTimerOf(data: unknown): AgreementTimerData | null {
  const d = data as Partial<AgreementTimerData> | null;
  return d && Number.isInteger(d.agreementId) && typeof d.status === "string" ? (d as AgreementTimerData) : null;
}

/** A timer does nothing once the agreement has left the state it was set in. */
async function stillIn(db: Db, d: AgreementTimerData) {
  const a = await selectAgreement(db, d.agreementId);
  return a && a.status === d.status ? a : null;
}

export async function remindDeposit(deps: MailDeps, d: AgreementTimerData) {
  const a = await stillIn(deps.db, d);
  if (a?.status !== "deposit_due") return false;
  await deps.db.transaction((tx) =>
    recordAgreementEvent(tx, {
      agreement: a,
      actor: null,
      event: "deposit-reminder",
      sentence: `Reminded the buyer that the deposit for agreement ${formatAgreementNumber(a.id)} is due by ${formatDateTimeEastern(a.depositDueAt ?? new Date())}`,
    }),
  );
  await mailParties(deps, a, ["buyer"], AGREEMENT_DEPOSIT_REMINDER_MAIL);
  return true;
}

/** The deposit deadline passed with no deposit received: the back office hears of it (once). */
export async function escalateOverdueDeposit(deps: MailDeps, d: AgreementTimerData) {
  const a = await stillIn(deps.db, d);
  if (a?.status !== "deposit_due") return false;
  await deps.db.transaction(async (tx) => {
    await recordAgreementEvent(tx, {
      agreement: a,
      actor: null,
      event: "deposit-overdue",
      sentence: `The deposit for agreement ${formatAgreementNumber(a.id)} is overdue${a.depositSentAt ? " (the buyer reported it wired)" : ""}`,
    });
    await notifyAdmins(tx, {
      type: "listing",
      user: "Agreements",
      role: "system",
      user_uniqid: "",
      notification: `The deposit for agreement ${formatAgreementNumber(a.id)} (listing ${a.listingCode}) is overdue${a.depositSentAt ? "; the buyer says it was wired" : ""}.`,
      agreement_id: a.id,
      listing_code: a.listingCode,
    });
  });
  return true;
}

/** 48 hours after the contract went out (or the other side signed), a party who has not signed is reminded. */
export async function remindSigning(deps: MailDeps, d: AgreementTimerData) {
  const a = await stillIn(deps.db, d);
  if (!a || !["out_for_signature", "signed_by_buyer", "signed_by_seller"].includes(a.status)) return false;
  const waiting = BOTH.filter((s) => (s === "buyer" ? !a.buyerSignedAt : !a.sellerSignedAt));
  await deps.db.transaction((tx) =>
    recordAgreementEvent(tx, {
      agreement: a,
      actor: null,
      event: "signing-reminder",
      sentence: `Reminded the ${waiting.join(" and the ")} to sign agreement ${formatAgreementNumber(a.id)}`,
    }),
  );
  await mailParties(deps, a, waiting, AGREEMENT_SIGNING_REMINDER_MAIL, { link: signLink(deps, a) });
  return true;
}

/** 30 days after the ROFR submission with no answer: the back office hears of it to follow up with the developer. */
export async function followUpRofr(deps: MailDeps, d: AgreementTimerData) {
  const a = await stillIn(deps.db, d);
  if (a?.status !== "rofr_submitted") return false;
  await deps.db.transaction(async (tx) => {
    await recordAgreementEvent(tx, {
      agreement: a,
      actor: null,
      event: "rofr-follow-up",
      sentence: `No ROFR answer for agreement ${formatAgreementNumber(a.id)} after 30 days: follow up with the developer`,
    });
    await notifyAdmins(tx, {
      type: "listing",
      user: "Agreements",
      role: "system",
      user_uniqid: "",
      notification: `No ROFR answer for agreement ${formatAgreementNumber(a.id)} (listing ${a.listingCode}) after 30 days: follow up with the developer.`,
      agreement_id: a.id,
      listing_code: a.listingCode,
    });
  });
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** One agreement for its page: the terms, the state, the audit trail and the files (parties and administrators). */
export async function getAgreementForViewer(deps: Pick<Services, "db">, args: { actor: Viewer; input: unknown }) {
  return (await readAgreementForViewer(deps, args)).view;
}

/** getAgreementForViewer's answer (`view`) with the title company's row, which the page's closing statement uses. */
async function readAgreementForViewer(deps: Pick<Services, "db">, args: { actor: Viewer; input: unknown }) {
  const { agreementId } = parse(AgreementIdSchema, args.input);
  const a = await visibleAgreement(deps.db, args.actor, agreementId);
  const [events, documents, company] = await Promise.all([
    selectAgreementEvents(deps.db, a.id),
    selectDocuments(deps.db, a.id),
    selectTitleCompany(deps.db, a.titleCompanyId),
  ]);
  const view = {
    agreement: a,
    statusLabel: AGREEMENT_STATUS_LABELS[a.status],
    side: ownSide(args.actor, a),
    terms: termsOf(a),
    events: events.map(({ actorId: _id, ...e }) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      fileName: d.fileName,
      createdAt: d.createdAt.toISOString(),
    })),
    titleCompany: company ? { name: company.name, wireInstructions: company.wireInstructions } : null,
  };
  return { view, company };
}

/** The viewer's agreements as buyer or as seller. */
export async function listAgreementsForParty(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; input: { side: Side } },
) {
  const rows = await selectAgreementsOf(
    deps.db,
    args.input.side === "buyer" ? { buyerId: args.actor.id } : { sellerId: args.actor.id },
  );
  return rows.map((a) => ({ ...a, statusLabel: AGREEMENT_STATUS_LABELS[a.status] }));
}

// ---------------------------------------------------------------------------------------------------------------
// The agreement's page: the deal timeline and the closing statement

/** The timeline's step dates of an agreement, from its step columns. */
export function stepDatesOf(a: AgreementRow): Partial<Record<DealStep, Date | null>> {
  return {
    accepted: a.createdAt,
    signed: a.sealedAt,
    deposit: a.depositReceivedAt,
    rofrSubmitted: a.rofrSubmittedAt,
    rofrAnswered: a.rofrAnsweredAt,
    estoppel: a.estoppelReceivedAt,
    closingDocs: a.closingDocumentsSentAt,
    closed: a.closedAt,
  };
}

type StepTimes = Awaited<ReturnType<typeof selectClosedDealSteps>>[number];

/** One closed agreement's per-step durations in whole (Eastern) days; a step not recorded is left null. */
export function closedDealOf(d: StepTimes): ClosedDeal {
  const days = (from: Date | null, to: Date | null) =>
    from && to ? daysBetween(calendarDate(from), calendarDate(to)) : null;
  const signed =
    d.sealedAt ??
    (d.buyerSignedAt && d.sellerSignedAt ? new Date(Math.max(+d.buyerSignedAt, +d.sellerSignedAt)) : null);
  return {
    resortCode: d.resortCode,
    closedOn: d.closedAt as Date,
    acceptedToSignedDays: days(d.createdAt, signed),
    acceptedToDepositDays: days(d.createdAt, d.depositReceivedAt),
    depositToRofrSubmittedDays: days(d.depositReceivedAt, d.rofrSubmittedAt),
    rofrSubmittedToAnsweredDays: days(d.rofrSubmittedAt, d.rofrAnsweredAt),
    rofrWaivedToEstoppelDays: days(d.rofrAnsweredAt, d.estoppelReceivedAt),
    estoppelToClosingDocsDays: days(d.estoppelReceivedAt, d.closingDocumentsSentAt),
    closingDocsToClosedDays: days(d.closingDocumentsSentAt, d.closedAt),
  };
}

/** The product's own closed deals of the last 12 months (and a day, for the Eastern calendar), as durations. */
export async function closedDealHistory(db: Db | Tx, today: Date) {
  const since = new Date(today.getTime() - 367 * 86_400_000);
  return (await selectClosedDealSteps(db, since)).map(closedDealOf);
}

export type TimelineItem = {
  step: DealStep | "ended";
  label: string;
  state: "done" | "current" | "ahead";
  /** Done: the day it happened; current and ahead: the expected day. */
  date: IsoDate | null;
  overdue: boolean;
  basis: string | null;
};

/**
 * The deal timeline of an agreement: each step done with its date, the step it waits for now and the expected dates
 * of the steps ahead (deal-timeline.ts `expectedDates` fed with the product's closed deals), and the bases of the
 * expected dates in words.
 */
export async function dealTimelineOf(db: Db, a: AgreementRow, today = new Date()) {
  const ended = a.status === "cancelled" || a.status === "rofr_exercised";
  // The same for every agreement on a day: a shared read (decision 0098), kept until the change feed moves.
  const history = await sharedRead(`agreements:closed-deal-history:${calendarDate(today)}`, () =>
    closedDealHistory(db, today),
  );
  const t = expectedDates({
    done: stepDatesOf(a),
    resortCode: a.resortCode,
    history,
    today,
    ended,
  });
  const items: TimelineItem[] = t.done.map((d) => ({
    step: d.step,
    label: d.label,
    state: "done",
    date: d.date,
    overdue: false,
    basis: null,
  }));
  for (const [i, u] of t.upcoming.entries()) {
    items.push({
      step: u.step,
      label: u.label,
      state: i === 0 ? "current" : "ahead",
      date: u.expectedDate,
      overdue: u.overdue,
      basis: u.basis.text,
    });
  }
  const endedAt = a.status === "cancelled" ? a.cancelledAt : a.rofrAnsweredAt;
  if (ended) {
    items.push({
      step: "ended",
      label: a.status === "cancelled" ? "Cancelled" : "Bought back by the developer (ROFR exercised)",
      state: "current",
      date: endedAt ? calendarDate(endedAt) : null,
      overdue: false,
      basis: null,
    });
  }
  const bases = [...new Set(t.upcoming.map((u) => u.basis.text))];
  return {
    items,
    expectedClosing: t.expectedClosing,
    basis: bases.length
      ? `Expected dates are estimates ${bases.map((b) => (b.startsWith("from ") ? b : `from ${b}`)).join("; ")}.`
      : null,
  };
}

const SIDE_WORDS = { buyer: "buyer", seller: "seller" } as const;

/**
 * The closing statement of an agreement (agreement-money.ts `closingStatement`): the terms, the resort's dues per
 * point, the closing date (the target, else the timeline's expected closing), the deposit, the title company's cost
 * row for the resort (else its state, else its general row; MONEY_DEFAULTS when none) and the seller's adjusted
 * commission when it reads as one. Each side sees its own lines; administrators both. Null for a deal that ended
 * without a sale.
 */
export async function closingStatementOf(
  db: Db,
  a: AgreementRow,
  args: {
    sides: readonly Side[];
    expectedClosing: IsoDate | null;
    today?: Date;
    /** The agreement's title company (or the default one), when the caller has read it already. */
    company?: Awaited<ReturnType<typeof selectTitleCompany>>;
  },
) {
  if (a.status === "cancelled" || a.status === "rofr_exercised" || args.sides.length === 0) return null;
  const today = calendarDate(args.today ?? new Date());
  const closedOn = a.closedAt ? calendarDate(a.closedAt) : null;
  const closingDate = closedOn ?? a.targetClosingDate ?? args.expectedClosing ?? today;
  const closingDateSource = closedOn
    ? "the closing date"
    : a.targetClosingDate
      ? "the target closing date"
      : args.expectedClosing
        ? "the expected closing date of the timeline"
        : "today";
  const state = RESORT_STATES[a.resortCode] ?? null;
  const company = args.company !== undefined ? args.company : await selectTitleCompany(db, a.titleCompanyId);
  // Read side by side; the settings sections are shared reads (decision 0098), as the estimates before it read them.
  const [costsRow, fees, dues, commissionText, tweaks] = await Promise.all([
    company ? selectApplicableTitleCosts(db, { companyId: company.id, resortId: a.resortId, state }) : null,
    getFeeTweaksForPage(db),
    selectResortDues(db, a.resortId),
    selectAdjustedCommissionText(db, a.sellerId),
    getAgreementTweaksForPage(db),
  ]);
  const titleCosts: TitleCosts = {
    ...(costsRow
      ? {
          closingFeeCents: costsRow.closingFeeCents,
          recordingFeeCents: costsRow.recordingFeeCents,
          titleSearchCents: costsRow.titleSearchCents,
        }
      : MONEY_DEFAULTS.titleCosts),
    sellerClosingFeeCents: fees.sellerClosingFeeCents,
  };
  const estoppelFeeCents =
    costsRow && costsRow.estoppelFeeCents > 0 ? costsRow.estoppelFeeCents : fees.estoppelFeeCents;
  // The dues of the closing's calendar year: the resort's published figure is for one year (duesYear).
  const duesPerPoint = dues.duesPerPointCents;
  const closingYear = Number(closingDate.slice(0, 4));
  const sellersOwn = parseCommissionText(commissionText);
  const deposit =
    a.depositCents ??
    depositCents({
      totalCents: a.totalCents,
      percent: tweaks.depositPercent,
      minimumCents: tweaks.depositMinimumCents,
    });
  let s: ClosingStatement;
  try {
    s = closingStatement({
      priceCents: a.totalCents,
      points: a.points,
      resortCode: a.resortCode,
      closingDate,
      duesPerPointCents: duesPerPoint ?? 0,
      duesPaidBy: a.duesPaidBy,
      closingCostsPaidBy: a.closingCostsPaidBy,
      depositPaidCents: deposit,
      titleCosts,
      estoppelFeeCents,
      commission: applicableCommission(a.totalCents, fees, sellersOwn),
      seller: { foreign: a.sellerForeign === true, nonResident: a.sellerStateResident === false },
    });
  } catch (err) {
    if (err instanceof AppError) {
      logger.warn({ err, agreementId: a.id }, "closing statement not computed");
      return null;
    }
    throw err;
  }
  const notes = [
    closedOn
      ? "The statement as of the closing date."
      : `An estimate until closing: the title company's statement at closing is the one that counts. Dated ${formatCalendarDate(closingDate)} (${closingDateSource}).`,
    costsRow
      ? `Closing costs from ${company?.name ?? "the title company"}'s cost table${costsRow.resortId ? " for this resort" : costsRow.state ? ` for ${costsRow.state}` : ""}.`
      : "Closing costs are typical figures: the title company's cost table has no row for this contract yet.",
  ];
  if (duesPerPoint === null) {
    notes.push(`The ${closingYear} dues per point are not known yet: the dues line is left out.`);
  } else if (dues.duesYear !== closingYear) {
    notes.push(
      dues.duesYear
        ? `The dues line is an estimate: ${closingYear} dues are not published yet, so it uses the ${dues.duesYear} dues per point (the latest published).`
        : `The dues line is an estimate: the year of the resort's published dues per point is not known, and ${closingYear} dues may differ.`,
    );
  }
  if (!a.sellerTaxDeclaredAt) {
    notes.push(
      "No FIRPTA or HARPTA withholding is shown yet: the seller declares their tax status (contract section 3) when signing.",
    );
  }
  const shown = (side: Side) => args.sides.includes(side);
  return {
    closingDate,
    closingDateSource,
    estimate: !closedOn,
    notes,
    commissionFromSettings: sellersOwn !== null,
    buyer: shown("buyer")
      ? {
          lines: s.buyer.lines.map((l) => ({ key: l.key, label: l.label, amountCents: l.amountCents })),
          totalDueCents: s.buyer.totalDueCents,
          depositPaidCents: s.buyer.depositPaidCents,
          balanceToWireCents: s.buyer.balanceToWireCents,
        }
      : null,
    seller: shown("seller")
      ? {
          lines: s.seller.lines.map((l) => ({ key: l.key, label: l.label, amountCents: l.amountCents })),
          netProceedsCents: s.seller.netProceedsCents,
        }
      : null,
    sideWords: SIDE_WORDS,
  };
}

/**
 * The agreement's page: what `getAgreementForViewer` gives, plus the deal timeline, the closing statement of the
 * viewer's side (administrators: both), what to do now and the deposit form's address for the buyer.
 */
export async function getAgreementPage(deps: Pick<Services, "db">, args: { actor: Viewer; input: unknown }) {
  const { view: base, company } = await readAgreementForViewer(deps, args);
  const a = base.agreement;
  const timeline = await dealTimelineOf(deps.db, a);
  const sides: Side[] = isAdministrator(args.actor) ? ["buyer", "seller"] : base.side ? [base.side] : [];
  const statement = await closingStatementOf(deps.db, a, { sides, expectedClosing: timeline.expectedClosing, company });
  const buyerView = base.side === "buyer" || isAdministrator(args.actor);
  return {
    ...base,
    timeline,
    statement,
    next: nextStepFor(a, base.side),
    depositFormPath: buyerView ? href("/profile/deposit-form/:id", { id: String(a.id) }) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The deposit form

/**
 * `/profile/deposit-form/{id}`: the deposit, its deadline and the title company's wire instructions, for the
 * agreement's buyer and administrators; anyone else (the seller too) is told it does not exist. `state`: `due`
 * (the buyer wires now), `not-yet` (not signed by both), `received`, or `ended` (no deposit is due any more).
 */
export async function getDepositForm(deps: Pick<Services, "db">, args: { actor: Viewer; input: unknown }) {
  const { agreementId } = parse(AgreementIdSchema, args.input);
  const a = await visibleAgreement(deps.db, args.actor, agreementId);
  if (ownSide(args.actor, a) !== "buyer" && !isAdministrator(args.actor)) throw notFound();
  const company = await selectTitleCompany(deps.db, a.titleCompanyId);
  const state: "due" | "not-yet" | "received" | "ended" =
    a.status === "deposit_due"
      ? "due"
      : a.depositReceivedAt
        ? "received"
        : a.status === "cancelled" || a.status === "rofr_exercised"
          ? "ended"
          : "not-yet";
  return {
    agreement: {
      id: a.id,
      resortName: a.resortName,
      points: a.points,
      listingCode: a.listingCode,
      statusLabel: AGREEMENT_STATUS_LABELS[a.status],
    },
    state,
    depositCents: a.depositCents,
    depositDueAt: a.depositDueAt?.toISOString() ?? null,
    depositSentAt: a.depositSentAt?.toISOString() ?? null,
    depositReceivedAt: a.depositReceivedAt?.toISOString() ?? null,
    titleCompany: company ? { name: company.name, wireInstructions: company.wireInstructions } : null,
    agreementPath: agreementPagePath(a, "buyer"),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Files: the deed upload and the download

/** The largest deed accepted (10 MB). */
export const DEED_MAX_BYTES = 10 * 1024 * 1024;
export const DEED_MESSAGES = {
  missing: "Choose the recorded deed (a PDF file) to upload.",
  notPdf: "That file is not a PDF: upload the recorded deed as a PDF.",
  tooBig: "The file is larger than 10 MB: upload a smaller PDF of the deed.",
} as const;

/** True when the bytes start as a PDF does ("%PDF-"), whatever the file is called or claims to be. */
export function looksLikePdf(bytes: Uint8Array) {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** A file name safe for a Content-Disposition header and a storage key: ASCII letters, digits, dot, dash, underscore. */
export function safeFileName(name: string, fallback = "document.pdf") {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 80);
  const named = base || fallback;
  return named.toLowerCase().endsWith(".pdf") ? named : `${named}.pdf`;
}

/**
 * An administrator uploads the recorded deed: a PDF by its bytes (`%PDF-`), at most 10 MB, stored in the file
 * storage under the agreement with its SHA-256 and size, and an audit event "deed-uploaded". Closing needs it. Once
 * stored, both parties get one mail per upload: the deed is recorded, closing is next.
 */
export async function uploadDeed(
  deps: MailDeps & Pick<Services, "storage">,
  args: { actor: Viewer; input: { agreementId: unknown; fileName: string; bytes: Uint8Array } },
) {
  if (!isAdministrator(args.actor)) throw new AppError("FORBIDDEN", "Only administrators upload the deed.");
  const { agreementId } = parse(AgreementIdSchema, { agreementId: args.input.agreementId });
  const a = await visibleAgreement(deps.db, args.actor, agreementId);
  const bytes = args.input.bytes;
  if (bytes.byteLength === 0) throw new AppError("BAD_INPUT", DEED_MESSAGES.missing, { deed: [DEED_MESSAGES.missing] });
  if (bytes.byteLength > DEED_MAX_BYTES)
    throw new AppError("BAD_INPUT", DEED_MESSAGES.tooBig, { deed: [DEED_MESSAGES.tooBig] });
  if (!looksLikePdf(bytes)) throw new AppError("BAD_INPUT", DEED_MESSAGES.notPdf, { deed: [DEED_MESSAGES.notPdf] });
  if (a.status === "cancelled" || a.status === "rofr_exercised") {
    throw new AppError("CONFLICT", `Agreement ${formatAgreementNumber(a.id)} has ended: it takes no deed.`);
  }
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const fileName = safeFileName(args.input.fileName, `deed-agreement-${a.id}.pdf`);
  const key = `agreements/${a.id}/deed-${randomBytes(8).toString("hex")}.pdf`;
  await deps.storage.put(key, bytes, "application/pdf");
  let doc: Awaited<ReturnType<typeof insertDocument>>;
  try {
    doc = await deps.db.transaction(async (tx) => {
      const row = await insertDocument(tx, {
        agreementId: a.id,
        kind: "deed",
        storageKey: key,
        fileName,
        contentType: "application/pdf",
        byteSize: bytes.byteLength,
        sha256,
        uploadedBy: args.actor.id,
      });
      await recordAgreementEvent(tx, {
        agreement: a,
        actor: args.actor,
        event: "deed-uploaded",
        sentence: `The recorded deed of agreement ${formatAgreementNumber(a.id)} was uploaded (${fileName}, ${formatNumber(bytes.byteLength)} bytes, SHA-256 ${sha256.slice(0, 12)}…)`,
      });
      return row;
    });
  } catch (err) {
    await deps.storage.delete(key).catch(() => {});
    throw err;
  }
  await mailParties(deps, a, BOTH, AGREEMENT_DEED_RECORDED_MAIL);
  return {
    message: `The deed of agreement ${formatAgreementNumber(a.id)} is on file; the buyer and the seller were told by mail.`,
    documentId: doc.id,
    sha256,
  };
}

/** The deed page's facts for administrators: the agreement and its deeds on file. */
export async function getDeedPage(deps: Pick<Services, "db">, args: { actor: Viewer; input: unknown }) {
  if (!isAdministrator(args.actor)) throw notFound();
  const { agreementId } = parse(AgreementIdSchema, args.input);
  const a = await visibleAgreement(deps.db, args.actor, agreementId);
  const deeds = await selectDocuments(deps.db, a.id, "deed");
  return {
    agreement: {
      id: a.id,
      resortName: a.resortName,
      points: a.points,
      listingCode: a.listingCode,
      status: a.status,
      statusLabel: AGREEMENT_STATUS_LABELS[a.status],
    },
    deeds: deeds.map((d) => ({
      id: d.id,
      fileName: d.fileName,
      byteSize: d.byteSize,
      sha256: d.sha256,
      createdAt: d.createdAt.toISOString(),
      path: documentPath(a.id, d.id),
    })),
    adminPath: agreementPagePath(a, "admin"),
  };
}

export const documentPath = (agreementId: number, documentId: number) =>
  href("/agreements/:agreementId/documents/:documentId", {
    agreementId: String(agreementId),
    documentId: String(documentId),
  });

/**
 * One file of an agreement for download: only its two parties and administrators (anyone else: not found). Served
 * as a PDF attachment by the route, never inline.
 */
export async function openAgreementDocument(
  deps: Pick<Services, "db" | "storage">,
  args: { actor: Viewer; input: { agreementId: unknown; documentId: unknown } },
) {
  const { agreementId } = parse(AgreementIdSchema, { agreementId: args.input.agreementId });
  const documentId = toDbId(args.input.documentId);
  const a = await visibleAgreement(deps.db, args.actor, agreementId);
  const missing = () => new AppError("NOT_FOUND", "This file does not exist.");
  if (documentId === null) throw missing();
  const doc = await selectDocument(deps.db, a.id, documentId);
  if (!doc) throw missing();
  // A store that cannot be read is its own AppError (UNAVAILABLE, 503), not "missing".
  const file = await deps.storage.get(doc.storageKey);
  if (!file) throw missing();
  return {
    body: file.body,
    size: file.size,
    fileName: safeFileName(doc.fileName, `agreement-${a.id}-${doc.kind}.pdf`),
  };
}
