import type { ContractInput } from "./contracts.types";

/**
 * The facts the four sections print about the parties and the deal (decision 0056): a contract goes out to sign only
 * when every one is on file, so no section ever carries a blank or a placeholder. Pure: no database.
 */

export type ContractFactWhose = "buyer" | "seller" | "agreement";

export type MissingContractFact = {
  whose: ContractFactWhose;
  /** A stable key: legalName, address, deedNames, useYear, points, price. */
  field: "legalName" | "address" | "deedNames" | "useYear" | "points" | "price";
  /** In words, to go after "the buyer's" / "the seller's" / "the agreement's". */
  label: string;
};

const filled = (s: string | null | undefined) => !!s && s.trim() !== "";

/**
 * What is missing for a contract: each party's legal name and mailing address, the names for the deed, the use year,
 * the points and the price. A broker's listing has no seller account (`sellerOfRecord`): its seller is named by the
 * title company, not checked here.
 */
export function missingContractFacts(
  input: ContractInput,
  opts: { sellerOfRecord?: boolean } = {},
): MissingContractFact[] {
  const out: MissingContractFact[] = [];
  if (!input.buyer.legalNames.some(filled)) out.push({ whose: "buyer", field: "legalName", label: "legal name" });
  if (!filled(input.buyer.address)) out.push({ whose: "buyer", field: "address", label: "mailing address" });
  const deed = input.buyer.deedNames?.length ? input.buyer.deedNames : input.buyer.legalNames;
  if (!deed.some(filled)) out.push({ whose: "buyer", field: "deedNames", label: "names to go on the deed" });
  if (!opts.sellerOfRecord) {
    if (!input.seller.legalNames.some(filled)) out.push({ whose: "seller", field: "legalName", label: "legal name" });
    if (!filled(input.seller.address)) out.push({ whose: "seller", field: "address", label: "mailing address" });
  }
  const t = input.terms;
  if (!Number.isInteger(t.useMonth) || t.useMonth < 1 || t.useMonth > 12) {
    out.push({ whose: "agreement", field: "useYear", label: "use year" });
  }
  if (!Number.isFinite(t.points) || t.points <= 0) out.push({ whose: "agreement", field: "points", label: "points" });
  if (!(t.pricePerPointCents > 0) || !(t.totalCents > 0)) {
    out.push({ whose: "agreement", field: "price", label: "price" });
  }
  return out;
}

/** "the seller's mailing address and legal name; the agreement's price": the missing facts in words, by whose. */
export function describeMissingFacts(
  missing: MissingContractFact[],
  names: Partial<Record<ContractFactWhose, string>> = {},
) {
  const groups = (["seller", "buyer", "agreement"] as const)
    .map((whose) => {
      const labels = missing.filter((m) => m.whose === whose).map((m) => m.label);
      if (!labels.length) return null;
      const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
      const who = names[whose] ? `the ${whose}'s (${names[whose]})` : `the ${whose}'s`;
      return `${who} ${list}`;
    })
    .filter((x): x is string => !!x);
  return groups.join("; ");
}
