import type { Db, Tx } from "~/db/client.server";
import { formatNumber, formatPercent, formatPrice, useMonthName as monthName, plural, withArticle } from "~/lib/format";
import { formatCalendarDate, formatDateEastern } from "~/lib/format-dates";
import { renderTemplate, type TemplateDef } from "~/lib/templates.server";
import { sectionOf, sectionValuesOf } from "~/modules/admin/settings";
import { readSettingsSection } from "~/modules/admin/settings.server";
import { renderStoredTemplate } from "~/modules/notifications/mail-templates.server";
import { TWEAKS } from "~/modules/settings/tweaks.schema";
import { contractEndDate, resaleRestrictionsFor } from "~/modules/resorts/resorts.rules";
import { CONTRACT_SECTIONS } from "./contracts.templates";
import {
  type ContractHouseTerms,
  type ContractInput,
  type ContractSectionText,
  formatAgreementNumber,
  type Payer,
  type WithholdingRates,
} from "./contracts.types";

/** DOMAIN.md's rates; the agreement passes the ones in force from data. */
export const DEFAULT_WITHHOLDING: WithholdingRates = { firptaBps: 1500, harptaBps: 725, harptaResortCodes: ["AUL"] };
/** The tweaks' declared default (decision 0064), for a contract whose facts name no deadline. */
export const DEFAULT_DEPOSIT_DUE_HOURS = sectionValuesOf(sectionOf(TWEAKS, "agreement"), {}).depositHours;
/** /admin/tweaks "Contract" as declared (decision 0093), for a contract drawn without the database. */
export const DEFAULT_CONTRACT_HOUSE: ContractHouseTerms = sectionValuesOf(sectionOf(TWEAKS, "contract"), {});

/** The company's contract terms as set now (/admin/tweaks "Contract"): read when a contract's text is drawn. */
export function readContractHouse(db: Db | Tx): Promise<ContractHouseTerms> {
  return readSettingsSection(db, TWEAKS, "contract");
}

/** The target closing date the text states: the agreement's own, else the contract date plus the tweak's days. */
function targetClosing(input: ContractInput, house: ContractHouseTerms) {
  if (input.terms.targetClosingDate) return formatCalendarDate(input.terms.targetClosingDate);
  if (house.closingTargetDays <= 0) return "as soon as practical";
  const date = new Date(input.contractDate.getTime() + house.closingTargetDays * 86_400_000);
  return `${formatDateEastern(date)} or as soon as practical after it`;
}

export function formatRateBps(bps: number) {
  return formatPercent(bps / 100);
}

/** HARPTA applies to a resort in Hawaii: a code in the rates' list, or a location ending in ", HI" / "Hawaii". */
export function harptaApplies(resort: ContractInput["resort"], rates: WithholdingRates) {
  return rates.harptaResortCodes.includes(resort.code) || /(,\s*HI|Hawaii)\s*$/i.test(resort.location ?? "");
}

const DUES_TEXT: Record<Payer, string> = {
  buyer:
    "The Buyer pays the current calendar year's annual dues: at closing the Buyer reimburses the Seller for the dues the Seller has paid for the months left in the calendar year (months left ÷ 12 × dues per point × points).",
  seller: "The Seller pays the current calendar year's annual dues in full; the Buyer owes no reimbursement for them.",
  split:
    "The Buyer and the Seller share the current calendar year's annual dues equally: at closing the Buyer reimburses the Seller for half of the dues for the months left in the calendar year.",
};

const CLOSING_TEXT: Record<Payer, string> = {
  buyer: "The Buyer pays the closing costs (title search, closing fee and recording).",
  seller: "The Seller pays the closing costs (title search, closing fee and recording).",
  split: "The Buyer and the Seller each pay half of the closing costs (title search, closing fee and recording).",
};

const PAYER_NAME: Record<Payer, string> = {
  buyer: "the Buyer",
  seller: "the Seller",
  split: "the Buyer and the Seller equally",
};

function names(list: string[]) {
  const clean = list.map((n) => n.trim()).filter(Boolean);
  if (clean.length <= 1) return clean[0] ?? "";
  return `${clean.slice(0, -1).join(", ")} and ${clean.at(-1)}`;
}

/** The template variables of a contract (CONTRACT_VARIABLES documents each). */
export function buildContractVars(input: ContractInput): Record<string, unknown> {
  const t = input.terms;
  const house = input.house ?? DEFAULT_CONTRACT_HOUSE;
  const rates: WithholdingRates = { ...DEFAULT_WITHHOLDING, ...input.withholding };
  const end = contractEndDate(input.resort);
  const restrictions = resaleRestrictionsFor(input.resort, { purchasedOn: input.contractDate }).map((r) => ({
    title: r.title,
    detail: r.detail,
    since: formatCalendarDate(r.since),
  }));
  const tc = input.titleCompany;
  const closingPayer = PAYER_NAME[t.closingCostsPaidBy];
  const estoppelPayer = PAYER_NAME[t.estoppelPaidBy ?? "seller"];
  const fees = tc?.fees
    ? [
        { label: "Closing fee", cents: tc.fees.closingFeeCents, paid_by: closingPayer },
        { label: "Title search", cents: tc.fees.titleSearchCents, paid_by: closingPayer },
        { label: "Recording", cents: tc.fees.recordingFeeCents, paid_by: closingPayer },
        { label: "Estoppel fee", cents: tc.fees.estoppelFeeCents, paid_by: estoppelPayer },
      ]
        .filter((f) => f.cents > 0)
        .map(({ cents, ...f }) => ({ ...f, amount: formatPrice(cents) }))
    : [];
  const contact = tc ? [tc.contactName, tc.email, tc.phone].filter((x) => x?.trim()).join(" · ") : "";
  return {
    site: "Vacation Points Market",
    agreement_number: input.agreementNumber ?? formatAgreementNumber(input.agreementId),
    contract_date: formatDateEastern(input.contractDate),
    buyer_names: names(input.buyer.legalNames),
    // Sending checks every party fact is on file (missingContractFacts): no blank goes out to sign.
    buyer_address: input.buyer.address.trim(),
    deed_names: names(input.buyer.deedNames?.length ? input.buyer.deedNames : input.buyer.legalNames),
    seller_name: names(input.seller.legalNames),
    seller_address: input.seller.address.trim(),
    first_sentence: input.seller.firstSentenceOfContract?.trim() ?? "",
    resort_name: input.resort.name,
    resort_code: input.resort.code,
    resort_location: input.resort.location ?? "",
    contract_end: end ? formatDateEastern(new Date(end.getTime() + 12 * 3600_000)) : "",
    points: formatNumber(t.points),
    points_words: plural(t.points, "point"),
    vacation_points: plural(t.points, "vacation point"),
    use_year_month: monthName(t.useMonth, true),
    a_use_year: monthName(t.useMonth, true) ? `${withArticle(monthName(t.useMonth, true))} use year` : "",
    points_per_use_year: (t.pointsPerUseYear ?? []).map((p) => ({
      label: p.label,
      points: formatNumber(p.points),
      points_words: plural(p.points, "point"),
    })),
    // The contract's sentence says "a point" after it.
    price_per_point: formatPrice(t.pricePerPointCents),
    total_price: formatPrice(t.totalCents),
    financing_text:
      t.financing === "cash" ? "in cash" : "with a loan the Buyer arranges (not a condition of this sale)",
    deposit: formatPrice(t.depositCents),
    deposit_hours: String(t.depositDueHours ?? DEFAULT_DEPOSIT_DUE_HOURS),
    deposit_hours_words: plural(t.depositDueHours ?? DEFAULT_DEPOSIT_DUE_HOURS, "hour"),
    dues_text: DUES_TEXT[t.duesPaidBy],
    closing_costs_text: CLOSING_TEXT[t.closingCostsPaidBy],
    estoppel_paid_by: estoppelPayer,
    target_closing_date: targetClosing(input, house),
    company_address: house.companyAddress.trim(),
    governing_state: house.governingState.trim(),
    restrictions,
    restrictions_count: restrictions.length,
    firpta_rate: formatRateBps(rates.firptaBps),
    harpta_rate: formatRateBps(rates.harptaBps),
    harpta_applies: harptaApplies(input.resort, rates),
    // Decision 0056: a box is ticked only by the seller's own answer at signing. Until then both are unticked and
    // section 3 reads "The Seller ticks one when signing (not answered yet)"; sending to sign never waits on it.
    seller_declared: !!input.seller.declared,
    seller_us_resident: input.seller.declared ? !input.seller.declared.foreign : null,
    seller_state_resident: input.seller.declared?.stateResident ?? null,
    title_company_name: tc?.name ?? "The title company named by Vacation Points Market before the deposit is due",
    title_company_contact: contact,
    wire_instructions: tc?.wireInstructions?.trim() ?? "",
    fees,
  };
}

/**
 * The four sections' titles and texts for a contract. With `db`, an administrator's stored version of each section
 * (message_templates, decision 0025) is used; without, the code defaults.
 */
export async function renderContractSections(
  input: ContractInput,
  deps: { db?: Db | Tx } = {},
): Promise<ContractSectionText[]> {
  // /admin/tweaks "Contract" as set now: a contract's text is drawn once, when it goes out to sign, and kept.
  const house = input.house ?? (deps.db ? await readContractHouse(deps.db) : DEFAULT_CONTRACT_HOUSE);
  const { site, ...rest } = buildContractVars({ ...input, house });
  // With the database, `site` is the site's name from its settings (renderStoredTemplate adds it).
  const render = (template: TemplateDef) =>
    deps.db
      ? renderStoredTemplate({ db: deps.db }, { template, vars: rest })
      : renderTemplate(template, { site, ...rest });
  const out: ContractSectionText[] = [];
  for (const [i, template] of CONTRACT_SECTIONS.entries()) {
    const r = await render(template);
    out.push({ number: i + 1, key: template.key, title: r.subject || template.subject || "", text: tidy(r.text) });
  }
  return out;
}

/** No runs of blank lines, no trailing spaces: an edited template's stray whitespace does not reach the PDF. */
function tidy(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
