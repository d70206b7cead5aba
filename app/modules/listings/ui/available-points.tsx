import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatPoints } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import { availablePoints } from "../available-points";

/**
 * "Available points" on the listing page: what the contract's points can book now, by use year, with the banking
 * window and borrowing (DOMAIN.md rules, `availablePoints`). Worked out for today's date.
 */
export function AvailablePoints({
  listing,
}: {
  listing: { useMonth: number; prevYearPoints: number; currYearPoints: number; nextYearPoints: number };
}) {
  const a = availablePoints(listing, new Date());
  return (
    <section aria-labelledby="available-points-heading" id="available-points" className="scroll-mt-24">
      <h2 id="available-points-heading" className="text-xl font-semibold tracking-tight text-slate-900">
        Available points
      </h2>
      <p className="mt-3 text-slate-700">
        What these points can book now, in the use year running from {formatCalendarDate(a.useYear.start)} to{" "}
        {formatCalendarDate(a.useYear.end)}:{" "}
        <strong className="text-slate-900" data-testid="bookable-now">
          {formatPoints(a.bookableNow)}
        </strong>{" "}
        with next year's borrowed, {formatPoints(a.withoutBorrowing)} without.
      </p>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
        <li>
          <strong className="text-slate-900">Banked: {formatPoints(a.banked.points)}</strong>
          {a.banked.points
            ? `, usable until ${formatCalendarDate(a.banked.usableUntil)}; banked points cannot be banked again.`
            : "."}
        </li>
        <li>
          <strong className="text-slate-900">Current: {formatPoints(a.current.points)}</strong>
          {a.current.points
            ? `, usable until ${formatCalendarDate(a.current.usableUntil)}. ${
                a.current.canBank
                  ? `Still bankable until ${formatCalendarDate(a.current.bankBy)}: banked, they last until ${formatCalendarDate(a.current.bankedUsableUntil)}.`
                  : `The banking window closed on ${formatCalendarDate(a.current.bankBy)}: use them by ${formatCalendarDate(a.current.usableUntil)}.`
              }`
            : "."}
        </li>
        <li>
          <strong className="text-slate-900">Next use year: {formatPoints(a.next.points)}</strong>
          {a.next.points
            ? `, arriving ${formatCalendarDate(a.next.arrives)}; they can be borrowed now for a stay this use year (borrowed points cannot be banked).`
            : "."}
        </li>
      </ul>
      <p className="mt-3 text-sm text-slate-700">
        Worked out from the listing's points by use year and today's date, by the club's rules: points last 12 months,
        can be banked in the first 8 months of their use year, and next year's can be borrowed at any time. Points the
        seller has booked or that move at closing may change this. See what a stay takes in the{" "}
        <Link to={href("/buying-vacation-point-calculator")} className="font-medium text-sky-800 underline">
          point calculator
        </Link>
        .
      </p>
    </section>
  );
}
