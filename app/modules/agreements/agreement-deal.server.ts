import { href } from "react-router";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { formatPrice, useMonthName as monthName } from "~/lib/format";
import { formatDateEastern, formatDateTimeEastern } from "~/lib/format-dates";
import type { Services } from "~/lib/runtime.server";
import { listingHref } from "~/modules/listings/listing-href";
import { isAdministrator } from "~/modules/offers/offers.rules";
import { stateNameOf } from "~/modules/title-companies/us-states";
import { agreementPagePath, documentPath, getAgreementPage } from "./agreements.server";
import { type AgreementRow, selectDealFacts, selectDocuments, selectPartyContacts } from "./agreements.queries.server";
import { residencyStateOf } from "./tax-rates";
import { missingFactsOf } from "./agreement-contract.server";
import { sealStateOf } from "./agreement-seal.server";
import { describeMissingFacts } from "~/modules/contracts/contract-facts";

const day = (d: Date | null) => (d ? formatDateEastern(d) : "");

/** The right of first refusal in one sentence: not yet, waiting, waived or exercised (with its day). */
export function rofrSummary(a: AgreementRow) {
  if (a.rofrResult === "exercised")
    return `Exercised ${day(a.rofrAnsweredAt)}: the developer bought the contract back (buy-back)`;
  if (a.rofrResult === "waived") return `Waived ${day(a.rofrAnsweredAt)}: the sale goes on to closing`;
  if (a.rofrSubmittedAt) return `Submitted ${day(a.rofrSubmittedAt)}: waiting for the developer's answer`;
  return "Not submitted to the developer yet";
}

/** What the back office does next (or why nothing is left to do), by stage. */
export function backOfficeStepFor(
  a: AgreementRow,
  deedOnFile: boolean,
  missing = "",
  seal: { stuck: boolean; tries: number; error: string | null } | null = null,
): { title: string; text: string } {
  const signed = (at: Date | null) => (at ? `signed ${formatDateTimeEastern(at)} Eastern` : "not signed yet");
  switch (a.status) {
    case "created":
      if (missing) {
        return {
          title: "Waiting for facts the contract prints",
          text: "The contract cannot go out to sign with a blank: the facts listed above are not on file yet. Whoever they belong to is asked for them when you press “Send to sign”; send it once they are on file.",
        };
      }
      return {
        title: "Send the contract to sign",
        text: "Send the purchase agreement to both parties (“Send to sign” on the list); it names the default title company unless another is chosen.",
      };
    case "out_for_signature":
    case "signed_by_buyer":
    case "signed_by_seller":
      return {
        title: "Waiting for the signatures",
        text: `The buyer: ${signed(a.buyerSignedAt)}. The seller: ${signed(a.sellerSignedAt)}. Whoever has not signed is reminded every 48 hours.`,
      };
    case "sealing":
      return seal?.stuck
        ? {
            title: "The contract could not be sealed",
            text: `Both sides signed, but the sealed contract could not be stored after ${seal.tries} tries. Last error: ${seal.error ?? "unknown"}. Check the file storage, then retry sealing.`,
          }
        : {
            title: "Sealing the contract",
            text: `Both sides signed: the sealed contract is being stored and checked${seal?.tries ? ` (${seal.tries} failed ${seal.tries === 1 ? "try" : "tries"} so far, retried automatically; last error: ${seal.error ?? "unknown"})` : ""}. The deposit falls due once it is sealed.`,
          };
    case "deposit_due":
      return {
        title: "Waiting for the buyer's deposit",
        text: `The deposit of ${a.depositCents === null ? "the agreed amount" : formatPrice(a.depositCents)} is due${a.depositDueAt ? ` by ${formatDateTimeEastern(a.depositDueAt)} Eastern` : ""}. ${a.depositSentAt ? `The buyer reported it wired ${formatDateTimeEastern(a.depositSentAt)} Eastern.` : "The buyer has not reported it wired yet."} Mark it received once the title company confirms it.`,
      };
    case "deposit_received":
      return {
        title: "Submit the contract for ROFR",
        text: "The deposit is in escrow: submit the contract to the developer for its right of first refusal and record the day.",
      };
    case "rofr_submitted":
      return {
        title: "Waiting for the developer's ROFR answer",
        text: `Submitted ${day(a.rofrSubmittedAt)}. The answer usually takes 20 to 30 days, rarely 45: record it as waived or exercised (buy-back).`,
      };
    case "rofr_waived":
      return {
        title: "Waiting for the estoppel",
        text: "The developer waived its right of first refusal. The estoppel usually arrives 2 to 4 weeks after the answer.",
      };
    case "rofr_exercised":
      return {
        title: "The deal ended: the developer bought the contract back",
        text: `The developer exercised its right of first refusal ${day(a.rofrAnsweredAt)} and buys the contract on the same terms. The buyer's deposit is refunded in full; the title company closes the sale with the developer. The listing is sold.`,
      };
    case "estoppel_received":
      return {
        title: "Send the closing documents",
        text: "The estoppel is in: the closing documents go to both parties within about 72 hours.",
      };
    case "closing_documents_out":
      return {
        title: deedOnFile ? "Close the agreement" : "Upload the recorded deed, then close",
        text: `The seller signs before a notary; the buyer signs and wires the balance to the title company. ${deedOnFile ? "The recorded deed is on file: the agreement can be closed." : "Closing needs the recorded deed on file."}`,
      };
    case "closed":
      return {
        title: "Closed",
        text: "The deed is recorded. The points move to the buyer's membership within 10 to 14 business days, and the seller is paid from escrow.",
      };
    case "cancelled":
      return {
        title: "The deal ended: cancelled",
        text: `Cancelled ${day(a.cancelledAt)}${a.cancelReason ? `. Reason: ${a.cancelReason}` : ""}. The listing is for sale again.`,
      };
  }
}

/**
 * `/admin/agreements/{id}/deal`: everything an administrator needs about one deal on one page. What a party's page
 * shows (the deal timeline, the terms, the files, the audit trail) with the closing statement of both sides, plus the
 * parties with their admin pages, the ROFR result, the seller's tax declarations (null: not declared yet), what the
 * back office does next and the way to the deed upload. Administrators only: anyone else is refused.
 */
export async function getAgreementDealForStaff(deps: Pick<Services, "db">, args: { actor: Viewer; input: unknown }) {
  if (!isAdministrator(args.actor) || args.actor.impersonatedBy) {
    throw new AppError("FORBIDDEN", "Only administrators see an agreement's deal page.");
  }
  const page = await getAgreementPage(deps, args);
  const a = page.agreement;
  const [facts, people, deeds] = [
    await selectDealFacts(deps.db, a.id),
    await selectPartyContacts(
      deps.db,
      [a.buyerId, a.sellerId].filter((x): x is string => !!x),
    ),
    await selectDocuments(deps.db, a.id, "deed"),
  ];
  const party = (id: string | null) => {
    const p = id ? people.find((x) => x.id === id) : undefined;
    return p
      ? { name: p.name, email: p.email, adminPath: href("/admin/users/:uniqid/edit", { uniqid: p.userUniqid }) }
      : null;
  };
  const residency = residencyStateOf(a.resortCode);
  const ended = a.status === "cancelled" || a.status === "rofr_exercised";
  // Decision 0056: before the contract goes out, what it would print with a blank (and whose it is).
  const blanks = a.status === "created" || a.status === "out_for_signature" ? await missingFactsOf(deps.db, a) : null;
  const missing = blanks ? describeMissingFacts(blanks.missing, blanks.names) : "";
  const seal = await sealStateOf(deps.db, a);
  return {
    agreement: {
      id: a.id,
      status: a.status,
      statusLabel: page.statusLabel,
      ended,
      resortName: a.resortName,
      points: a.points,
      useYear: monthName(a.useMonth, true),
      listingCode: a.listingCode,
      listingPath: listingHref({ id: a.listingId, source: facts?.listingSource ?? "member" }),
      total: formatPrice(a.totalCents),
      rofr: rofrSummary(a),
      cancelReason: a.cancelReason,
    },
    buyer: party(a.buyerId),
    seller: party(a.sellerId),
    now: backOfficeStepFor(a, deeds.length > 0, missing, seal),
    /** While sealing: the failed tries, the last error and whether the job gave up (an administrator retries). */
    seal,
    missingFacts: blanks?.missing ?? [],
    missingFactsText: missing,
    timeline: page.timeline,
    statement: page.statement,
    terms: page.terms,
    titleCompany: page.titleCompany,
    documents: page.documents.map((d) => ({ ...d, path: documentPath(a.id, d.id) })),
    events: page.events.map((e) => ({
      id: e.id,
      createdAt: e.createdAt,
      event: e.event,
      note: e.note,
      who: e.actorName ?? "The system",
      onBehalfOf: e.onBehalfOf,
      ipAddress: e.ipAddress,
      userAgent: e.userAgent,
    })),
    taxes: {
      /** The state whose residency the seller declares (HARPTA), or null where no state withholds. */
      residencyState: residency ? stateNameOf(residency) : null,
      foreign: facts?.sellerForeign ?? null,
      stateResident: facts?.sellerStateResident ?? null,
      declaredAt: facts?.sellerTaxDeclaredAt?.toISOString() ?? null,
    },
    paths: {
      list: href("/admin/agreements"),
      row: agreementPagePath(a, "admin"),
      deed: href("/admin/agreements/:id/deed", { id: String(a.id) }),
    },
  };
}
