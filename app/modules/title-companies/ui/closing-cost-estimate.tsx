import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatPrice } from "~/lib/format";
import type { ClosingCostEstimate as Estimate } from "../closing-cost-estimate";

/**
 * A buyer's closing-cost estimate for a price (issue 31): the title company's fees, the deed stamps where the
 * resort's state charges them, the total, the seller's side below, and the method with the cost table's date. On the
 * listing page (with a link to the payment calculator for this contract) and in the financing calculator's result.
 * Server-rendered; no JavaScript.
 */
export function ClosingCostEstimate({
  estimate: e,
  financeLink = false,
  headingLevel = 2,
  standalone = false,
}: {
  estimate: Estimate | null | undefined;
  /** Offer "Estimate a monthly payment" for this price (the listing page). */
  financeLink?: boolean;
  headingLevel?: 2 | 3;
  /** Placed on a page on its own (below the listing detail): given the page's width and padding. */
  standalone?: boolean;
}) {
  if (!e) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const id = `closing-costs-${e.resortCode.toLowerCase()}`;
  const financeHref = `${href("/dvc-financing")}?price=${Math.round(e.priceCents / 100)}&resort=${e.resortCode}#result`;
  const box = (
    <section
      aria-labelledby={id}
      data-testid="closing-cost-estimate"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm print:hidden"
    >
      <Heading id={id} className="mt-0! text-lg font-semibold text-slate-900">
        Closing costs (estimate)
      </Heading>
      <p className="mt-1 text-sm text-slate-700">For a price of {formatPrice(e.priceCents)}.</p>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">The buyer's closing costs</caption>
        <thead>
          <tr>
            <th scope="col" className="pb-1 text-left font-medium text-slate-700">
              Buyer pays
            </th>
            <th scope="col" className="pb-1 text-right font-medium text-slate-700">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {e.buyer.lines.map((l) => (
            <tr key={l.key} className="border-t border-slate-100">
              <td className="py-1 pr-2 text-slate-700">{l.label}</td>
              <td className="py-1 text-right tabular-nums text-slate-900">{formatPrice(l.amountCents)}</td>
            </tr>
          ))}
          <tr className="border-t border-slate-300 font-semibold">
            <th scope="row" className="py-1 pr-2 text-left text-slate-900">
              Buyer's closing costs
            </th>
            <td className="py-1 text-right tabular-nums text-slate-900" data-testid="buyer-closing-costs">
              {formatPrice(e.buyer.totalCents)}
            </td>
          </tr>
        </tbody>
      </table>
      {e.seller.lines.length > 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          The seller pays{" "}
          {e.seller.lines.map((l) => `the ${l.label.toLowerCase()} (${formatPrice(l.amountCents)})`).join(" and ")}:{" "}
          {formatPrice(e.seller.totalCents)}.
        </p>
      ) : null}
      <p className="mt-3 text-xs leading-5 text-slate-600">
        {e.method} {e.table.updatedOn ? `Cost table dated ${e.table.updatedOn}.` : "No dated cost table applies."}
      </p>
      {financeLink ? (
        <p className="mt-3 text-sm">
          <Link to={financeHref} className="font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950">
            Estimate a monthly payment for this contract
          </Link>
        </p>
      ) : null}
    </section>
  );
  return standalone ? (
    <div className="mx-auto w-full max-w-6xl px-4 pb-10 sm:px-6 print:hidden">
      <div className="lg:max-w-2xl">{box}</div>
    </div>
  ) : (
    box
  );
}
