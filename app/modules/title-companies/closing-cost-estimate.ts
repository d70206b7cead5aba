/**
 * A buyer's (and seller's) closing-cost estimate for a price at a resort (issue 31), pure and browser-safe: shown on
 * the listing page and in the financing calculator. The fees are the title company's cost table (`closingCostsFor`:
 * the resort's row, else the state's, else the general one); the deed stamps are the agreements' `deedStamps()` over
 * the dated `DEED_STAMP_RULES` (Florida: $0.70 per $100 or part of it), added where the resort's state charges them,
 * because the cost tables hold no such line. The buyer pays the closing costs by custom (DOMAIN.md), the seller the
 * estoppel fee and their own closing fee.
 */
import { deedStamps } from "~/modules/agreements/agreement-money";
import { RESORT_STATES } from "~/modules/agreements/tax-rates";

/** The fees the estimate is made from, in cents, and where they come from. */
export type CostTable = {
  closingFeeCents: number;
  recordingFeeCents: number;
  titleSearchCents: number;
  estoppelFeeCents: number;
  /** The seller's own closing fee (deed preparation, notary): the admin fees setting. */
  sellerClosingFeeCents: number;
  /** The title company's name, or null for the typical figures. */
  companyName: string | null;
  /** Which of the company's rows applied ("resort", "state", "general") or "typical" when none did. */
  source: "resort" | "state" | "general" | "typical";
  /** When the row was last changed (YYYY-MM-DD), or null for the typical figures. */
  updatedOn: string | null;
};

export type CostLine = { key: string; label: string; amountCents: number };

export type ClosingCostEstimate = {
  priceCents: number;
  resortCode: string;
  state: string | null;
  buyer: { lines: CostLine[]; totalCents: number };
  seller: { lines: CostLine[]; totalCents: number };
  table: Pick<CostTable, "companyName" | "source" | "updatedOn">;
  /** The method, in one sentence, for the page. */
  method: string;
};

/** The estimate for `priceCents` at `resortCode` closing on `closingDate` (the deed stamp rule in force then). */
export function closingCostEstimate(input: {
  priceCents: number;
  resortCode: string;
  closingDate: string;
  table: CostTable;
}): ClosingCostEstimate {
  const t = input.table;
  const stamps = deedStamps({
    priceCents: input.priceCents,
    resortCode: input.resortCode,
    closingDate: input.closingDate,
  });
  const buyer: CostLine[] = [
    { key: "closing-fee", label: "Closing fee", amountCents: t.closingFeeCents },
    { key: "recording-fee", label: "Recording fee", amountCents: t.recordingFeeCents },
    { key: "title-search", label: "Title search", amountCents: t.titleSearchCents },
  ];
  if (stamps)
    buyer.push({ key: "deed-stamps", label: `${stamps.label} ($0.70 per $100)`, amountCents: stamps.amountCents });
  const seller: CostLine[] = [
    { key: "estoppel-fee", label: "Estoppel fee", amountCents: t.estoppelFeeCents },
    { key: "seller-closing-fee", label: "Seller's closing fee", amountCents: t.sellerClosingFeeCents },
  ];
  const keep = (lines: CostLine[]) => lines.filter((l) => l.amountCents > 0);
  const sum = (lines: CostLine[]) => lines.reduce((s, l) => s + l.amountCents, 0);
  const from =
    t.source === "typical"
      ? "typical title-company fees (no cost table applies)"
      : `${t.companyName}'s cost table (its ${t.source === "general" ? "general" : t.source === "state" ? "state" : "resort"} row)`;
  return {
    priceCents: input.priceCents,
    resortCode: input.resortCode,
    state: RESORT_STATES[input.resortCode] ?? null,
    buyer: { lines: keep(buyer), totalCents: sum(buyer) },
    seller: { lines: keep(seller), totalCents: sum(seller) },
    table: { companyName: t.companyName, source: t.source, updatedOn: t.updatedOn },
    method: `Fees from ${from}${stamps ? `, plus ${stamps.label} of $0.70 for every $100 of the price or part of it` : ""}. The buyer pays the closing costs and the seller the estoppel fee, as is customary; the agreement can say otherwise.`,
  };
}
