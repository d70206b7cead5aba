import { href, Link } from "react-router";

/** The dues and prices pages (issue 31), linked from each other: the page in hand is left out. */
export const PRICE_PAGES = [
  {
    to: href("/dvc-annual-dues"),
    label: "Annual dues",
    description: "Dues per resort by year, and a dues calculator.",
  },
  {
    to: href("/dvc-retail-prices"),
    label: "Disney's direct prices",
    description: "What Disney charges per point, dated.",
  },
  {
    to: href("/dvc-compare-prices"),
    label: "Resale against direct",
    description: "Our market's prices against Disney's, and a contract's total cost.",
  },
  {
    to: href("/dvc-expiration-date"),
    label: "Contract end dates",
    description: "Years left per resort and the yearly cost of a point.",
  },
];

export function PricePagesNav({ current }: { current: string }) {
  return (
    <nav aria-labelledby="price-pages" className="mt-12 rounded-lg border border-slate-200 bg-slate-50 p-5">
      <h2 id="price-pages" className="mt-0! text-lg! font-semibold text-slate-900">
        Dues and prices
      </h2>
      <ul className="mt-3! list-none! pl-0! grid gap-2 sm:grid-cols-2">
        {PRICE_PAGES.filter((p) => p.to !== current).map((p) => (
          <li key={p.to} className="mt-0!">
            <Link to={p.to}>{p.label}</Link>
            <span className="block text-sm text-slate-600">{p.description}</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
