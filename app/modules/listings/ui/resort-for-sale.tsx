import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatNumber, formatPerPoint } from "~/lib/format";
import { type ListingCard, ListingCardView } from "./listing-card-view";

const link = "font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950";

/**
 * A resort page's "For sale now": how many of its contracts are listed and at what prices per point, the best-scored
 * few as the search shows them, and the way to all of them in the search (or, when none is listed, to a special
 * request that alerts the buyer when one is).
 */
export function ResortForSale({
  resort,
  total,
  lowestCents,
  highestCents,
  listings,
  searchPath,
}: {
  resort: { code: string; name: string };
  total: number;
  lowestCents: number | null;
  highestCents: number | null;
  listings: ListingCard[];
  /** All of the resort's listings in the search (`getResortForSale`). */
  searchPath: string;
}) {
  const prices =
    lowestCents === null || highestCents === null
      ? null
      : lowestCents === highestCents
        ? formatPerPoint(lowestCents)
        : `${formatPerPoint(lowestCents)} to ${formatPerPoint(highestCents)}`;
  return (
    <section id="for-sale" aria-labelledby="for-sale-title" className="mt-8 scroll-mt-24">
      <h2 id="for-sale-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        For sale now
      </h2>
      {total === 0 ? (
        <p className="mt-2 text-slate-700">
          No {resort.name} contract is listed right now.{" "}
          <Link to={href("/special-request")} className={link}>
            Tell us what you are looking for
          </Link>{" "}
          and we will let you know when one is.
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700" data-testid="resort-for-sale-summary">
            {formatNumber(total)} {resort.code} {total === 1 ? "contract is" : "contracts are"} listed
            {prices ? `, at ${prices}` : ""}.{listings.length < total ? " The best value first:" : null}
          </p>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {listings.map((l) => (
              <li key={l.id}>
                <ListingCardView l={l} />
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <Link to={searchPath} className={link}>
              {total === 1 ? `See it in the search` : `See all ${formatNumber(total)} ${resort.code} listings`}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
