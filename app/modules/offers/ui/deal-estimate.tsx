import { formatPrice } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import type { DealEstimate } from "~/modules/agreements/deal-estimates";

/**
 * The estimates of a deal before its agreement (issue 27), from `estimateDeal` (the closing statement's rules): the
 * buyer's all-in total, the seller's estimated net. Each says it is an estimate, with its basis and date.
 */

function Lines({ lines }: { lines: DealEstimate["buyer"]["lines"] }) {
  return (
    <>
      {lines.map((l) => (
        <div key={l.key} className="flex justify-between gap-4">
          <dt className="text-slate-700">{l.label}</dt>
          <dd className="tabular-nums">{formatPrice(l.amountCents)}</dd>
        </div>
      ))}
    </>
  );
}

/** The buyer's all-in total: price, their share of this year's dues, closing costs; the deposit due at signing. */
export function BuyerAllIn({ estimate, id = "all-in" }: { estimate: DealEstimate; id?: string }) {
  const b = estimate.buyer;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-sky-200 bg-sky-50 p-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Your all-in total:{" "}
        <span className="tabular-nums" data-testid="all-in-total">
          {formatPrice(b.allInCents)}
        </span>
      </h3>
      <dl className="mt-2 space-y-1 text-sm">
        <Lines lines={b.lines} />
        <div className="flex justify-between gap-4 border-t border-sky-200 pt-1 font-medium">
          <dt>Deposit due at signing (into the title company's escrow)</dt>
          <dd className="tabular-nums">{formatPrice(b.depositAtSigningCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Balance wired at closing</dt>
          <dd className="tabular-nums">{formatPrice(b.balanceAtClosingCents)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        An estimate, for a closing around {formatCalendarDate(estimate.closingDate)}, with typical closing costs: the
        title company's statement at closing is the one that counts.
      </p>
    </section>
  );
}

/** The seller's estimated net: the price, less commission, estoppel, closing fees, plus this year's dues reimbursed. */
export function SellerNet({ estimate, id = "net" }: { estimate: DealEstimate; id?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-emerald-200 bg-emerald-50 p-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Your estimated net:{" "}
        <span className="tabular-nums" data-testid="seller-net">
          {formatPrice(estimate.seller.netCents)}
        </span>
      </h3>
      <dl className="mt-2 space-y-1 text-sm">
        <Lines lines={estimate.seller.lines} />
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        An estimate, for a closing around {formatCalendarDate(estimate.closingDate)}, from the site's current fees and
        typical closing costs, before any FIRPTA or HARPTA withholding (you declare your tax status when signing).
      </p>
    </section>
  );
}
