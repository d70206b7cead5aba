import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { type DataTableColumn, DataTable } from "~/components/ui/data-table";
import { formatNumber, formatPerPoint, formatPerYear, formatPrice } from "~/lib/format";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import { DUES_UNKNOWN, duesQuestionPath, END_YEAR_UNKNOWN, formatContractEnd } from "~/modules/resorts/resorts.rules";
import type { CompareListing } from "../compare";
import { GoodDealMeter, NoHaggleBadge } from "./good-deal-meter";
import { useSavedListingFetcher } from "./saved-listing-form";
import { SavedListingForm, savedListingIntent } from "./saved-listing-row-form";

type Fact = { key: string; label: string; cell: (l: CompareListing) => ReactNode };

function basisText(l: CompareListing) {
  const s = l.score;
  if (!s || s.basis === "none" || s.comparableMedian === null) return "Not enough comparable listings yet";
  return s.basis === "resort"
    ? `${formatPerPoint(s.comparableMedian)}: median actual value of ${formatNumber(s.comparableCount)} other listings at this resort`
    : `${formatPerPoint(s.comparableMedian)} a year: median annualised cost of ${formatNumber(s.comparableCount)} other listings across resorts (too few at this resort)`;
}

/** The rows of the comparison: the listing's facts, then the inputs of its score (DOMAIN.md "Value of a contract"). */
const FACTS: Fact[] = [
  { key: "resort", label: "Resort", cell: (l) => l.resortName },
  { key: "seller", label: "Listed by", cell: (l) => l.broker ?? "Member (owner)" },
  { key: "useYear", label: "Use year", cell: (l) => l.useYear },
  { key: "points", label: "Contract points", cell: (l) => formatNumber(l.contractPoints) },
  {
    key: "perYear",
    label: "Points per use year",
    cell: (l) => (
      <span className="whitespace-nowrap">
        Previous {formatNumber(l.prevYearPoints)}
        <br />
        Current {formatNumber(l.currYearPoints)}
        <br />
        Next {formatNumber(l.nextYearPoints)}
      </span>
    ),
  },
  { key: "ppp", label: "Price per point", cell: (l) => formatPerPoint(l.pricePerPointCents) },
  { key: "total", label: "Total price", cell: (l) => <strong>{formatPrice(l.totalCents)}</strong> },
  { key: "haggle", label: "Price", cell: (l) => (l.noHaggle ? <NoHaggleBadge /> : "Open to offers") },
  {
    key: "dues",
    label: "Annual dues",
    cell: (l) =>
      l.annualDuesCents === null || l.duesPerPointCents === null ? (
        <>
          Not known yet for this year.{" "}
          <Link to={duesQuestionPath(l.resortCode)} className="text-sky-800 underline">
            {DUES_UNKNOWN}
          </Link>
        </>
      ) : (
        <>
          {l.duesEstimated ? "About " : null}
          {formatPerYear(l.annualDuesCents)}
          <br />
          <span className="text-slate-700">
            {formatPerPoint(l.duesPerPointCents)}
            {l.duesYear ? ` for ${l.duesYear}` : null}
          </span>
          {l.duesEstimated ? (
            <>
              <br />
              <span className="text-sm text-slate-700">
                Our estimate, not the published figure.{" "}
                <Link to={duesQuestionPath(l.resortCode)} className="text-sky-800 underline">
                  Ask for this year's dues
                </Link>
              </span>
            </>
          ) : null}
        </>
      ),
  },
  {
    key: "end",
    label: "Contract ends",
    cell: (l) =>
      l.contractEndYear === null ? (
        END_YEAR_UNKNOWN
      ) : (
        <>
          {formatContractEnd(l.contractEndYear)}
          {l.extendedEndYear ? (
            <>
              <br />
              <span className="text-slate-700">{l.extendedEndYear} if extended</span>
            </>
          ) : null}
        </>
      ),
  },
  { key: "left", label: "Years left", cell: (l) => (l.yearsLeft === null ? "Unknown" : `${l.yearsLeft} years`) },
  { key: "score", label: "Score", cell: (l) => <GoodDealMeter score={l.score?.score ?? null} /> },
  {
    key: "avp",
    label: "Actual value per point",
    cell: (l) =>
      l.score?.inputs.actualValuePerPointCents == null
        ? l.duesPerPointCents === null
          ? "Unknown until the dues are published"
          : "Not scored"
        : formatPerPoint(l.score.inputs.actualValuePerPointCents),
  },
  {
    key: "annualised",
    label: "Annualised cost per point",
    cell: (l) =>
      l.score?.inputs.annualisedCostCents == null
        ? "Unknown"
        : `${formatPerPoint(l.score.inputs.annualisedCostCents)} a year`,
  },
  { key: "median", label: "Compared with", cell: basisText },
  {
    key: "factors",
    label: "What moves the score",
    cell: (l) =>
      l.score && l.score.factors.length > 0 ? (
        <ul className="space-y-1">
          {l.score.factors.map((f) => (
            <li key={f.label}>
              {f.effect !== 0 ? (
                <span className={`font-semibold ${f.effect > 0 ? "text-emerald-800" : "text-rose-800"}`}>
                  {f.effect > 0 ? "+" : "−"}
                  {Math.abs(f.effect)}{" "}
                </span>
              ) : null}
              {f.label}
            </li>
          ))}
        </ul>
      ) : (
        "Nothing yet"
      ),
  },
];

/** Up to four listings side by side: one column per listing, one row per fact. */
export function CompareTable({ listings }: { listings: CompareListing[] }) {
  const columns: DataTableColumn<Fact>[] = [
    {
      key: "fact",
      header: <span className="sr-only">Detail</span>,
      className: "sticky left-0 z-10 bg-slate-50 font-medium text-slate-800",
      // Narrow on phones, so a listing's column shows beside the labels.
      cell: (f) => <span className="block w-24 whitespace-normal sm:w-auto">{f.label}</span>,
    },
    ...listings.map(
      (l): DataTableColumn<Fact> => ({
        key: String(l.id),
        header: <ListingHeader l={l} />,
        className: "min-w-52 align-top",
        wrap: true,
        cell: (f) => f.cell(l),
      }),
    ),
  ];
  return (
    <DataTable
      caption={`Comparing ${listings.length} ${listings.length === 1 ? "listing" : "listings"}`}
      layout="table"
      captionHidden
      columns={columns}
      rows={FACTS}
      rowKey={(f) => f.key}
      empty={null}
    />
  );
}

function ListingHeader({ l }: { l: CompareListing }) {
  return (
    <div className="flex items-start gap-2 whitespace-normal">
      <ResortPicture
        resort={{ slug: l.resortSlug, photoPath: l.photoPath }}
        className="h-12 w-16 rounded-md ring-1 ring-slate-900/5"
      />
      <div className="min-w-0 flex-1">
        <Link to={l.href} className="font-semibold text-sky-800 underline-offset-2 hover:underline">
          {l.resortName}
        </Link>
        <p className="font-mono text-xs font-normal text-slate-700">{l.listingCode}</p>
      </div>
      <RemoveButton l={l} />
    </div>
  );
}

function RemoveButton({ l }: { l: CompareListing }) {
  const fetcher = useSavedListingFetcher("compare");
  return (
    <SavedListingForm fetcher={fetcher} action="compare" listingId={l.id}>
      <button
        {...savedListingIntent("remove")}
        disabled={fetcher.state !== "idle"}
        className="rounded-md p-1.5 text-slate-700 hover:bg-rose-50 hover:text-rose-800 disabled:opacity-50"
      >
        <X aria-hidden className="size-5" />
        <span className="sr-only">Remove {l.title} from the comparison</span>
      </button>
    </SavedListingForm>
  );
}
