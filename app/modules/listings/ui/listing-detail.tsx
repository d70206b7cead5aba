import { centsToInput } from "~/lib/money";
import { Printer } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDollars, formatNumber, formatPerPoint, formatPerYear, formatPrice } from "~/lib/format";
import { formatCalendarDate, formatDateEastern } from "~/lib/format-dates";
import { SITE_NAME } from "~/modules/content/page-meta";
import { resortIllustrationHref, resortPhotoHref } from "~/modules/resorts/resort-picture";
import { DUES_UNKNOWN, END_YEAR_UNKNOWN, formatContractEnd } from "~/modules/resorts/resorts.rules";
import { FactSource } from "~/modules/resorts/ui/fact-source";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import { MakeOfferLink } from "~/modules/offers/ui/make-offer-link";
import { jsonLdText } from "../detail";
import type { ListingDetail as Detail } from "../detail.server";
import { MARKET_STATE_AVAILABILITY, MARKET_STATE_LABEL } from "../listing-status";
import { GoodDealMeter, NoHaggleBadge } from "./good-deal-meter";
import { type ListingCard, ListingCardView } from "./listing-card-view";
import { ListingActions } from "./listing-actions";
import { AvailablePoints } from "./available-points";

const link = "font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950";

const BANNERS: Record<
  Exclude<Detail["visibility"], "public" | "underContract" | "sold">,
  { title: string; text: string }
> = {
  pending: {
    title: "Pending review",
    text: "Buyers cannot see this listing until our team has approved it. Only its seller and administrators can open this page.",
  },
  deactivated: {
    title: "Deactivated",
    text: "This listing is not for sale. Only its seller and administrators can open this page.",
  },
  test: {
    title: "Test listing",
    text: "Test listings are hidden from buyers and from search. Only its seller and administrators can open this page.",
  },
  hidden: {
    title: "Not for sale",
    text: "This listing is not shown to buyers. Only its seller and administrators can open this page.",
  },
};

function Section({
  id,
  title,
  children,
  className = "",
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className={`scroll-mt-24 break-inside-avoid-page ${className}`}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-100 pb-2">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Shown only once the page runs JavaScript: without it the button could not print. */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <Button variant="secondary" size="sm" onClick={() => window.print()} className="print:hidden">
      <Printer aria-hidden className="size-4" />
      Print this listing
    </Button>
  );
}

/*
 * The page's three tables (the points by use year, the score's workings, the price chart with its table) are not part
 * of its first JavaScript: the app's table component and their code weigh about a tenth of it, and Lighthouse's first
 * paint counts every script preloaded (decision 0103). In the browser each is a lazy component fetched while the page
 * hydrates, React keeping the server's HTML until it arrives; the server has the modules before any render (a
 * top-level await, in the server build only), as listing-question-panel.tsx does for the question form.
 */
const server = import.meta.env.SSR
  ? {
      points: await import("./points-by-use-year"),
      score: await import("./score-explanation"),
      chart: await import("./price-chart"),
    }
  : undefined;
const PointsByUseYear =
  server?.points.PointsByUseYear ??
  lazy(() => import("./points-by-use-year").then((m) => ({ default: m.PointsByUseYear })));
const ScoreExplanation =
  server?.score.ScoreExplanation ??
  lazy(() => import("./score-explanation").then((m) => ({ default: m.ScoreExplanation })));
const PriceChart =
  server?.chart.PriceChart ?? lazy(() => import("./price-chart").then((m) => ({ default: m.PriceChart })));

/**
 * The listing detail page (/listing-info/:id and /broker-listings/:id): everything a buyer needs to decide,
 * the score explained, comparable listings and a way to ask about it. `aside` holds the question form.
 */
export function ListingDetailView({ listing: l, aside }: { listing: Detail; aside: ReactNode }) {
  const current = l.availability.find((c) => c.key === "curr");
  const term = l.term;
  /** Under contract or sold: the page stays, without the score, the offer or favorites (issue 27). */
  const offMarket = l.visibility === "underContract" || l.visibility === "sold";
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-10 print:max-w-none print:px-0 print:py-0">
      <nav aria-label="Breadcrumb" className="text-sm print:hidden">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
          <li>
            <Link to={href("/listings")} className={link}>
              Listings
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={href("/resorts/:resort", { resort: l.resort.slug })} className={link}>
              {l.resort.name}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-mono">
            {l.listingCode}
          </li>
        </ol>
      </nav>

      {l.visibility === "underContract" || l.visibility === "sold" ? (
        <MarketStateBanner listing={l} />
      ) : l.visibility !== "public" ? (
        <div
          role="status"
          data-testid="listing-status-banner"
          className="mt-4 rounded-lg border-2 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950"
        >
          <p className="font-semibold">{BANNERS[l.visibility].title}</p>
          <p className="text-sm">{BANNERS[l.visibility].text}</p>
        </div>
      ) : null}
      {l.viewerIsSeller && l.source === "member" ? (
        <p className="mt-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 print:hidden">
          This is your listing.{" "}
          <Link to={href("/v2/profile/inventory-for-sale/:id/edit", { id: String(l.id) })} className={link}>
            Edit it
          </Link>
        </p>
      ) : null}

      <div className="mt-6 flex items-start gap-4">
        <ResortPicture
          resort={l.resort}
          eager
          className="h-20 w-28 rounded-xl ring-1 ring-slate-900/5 sm:h-28 sm:w-44"
        />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{l.title}</h1>
          <p className="mt-1 text-slate-700">
            <Link to={href("/resorts/:resort", { resort: l.resort.slug })} className={link}>
              {l.resort.name}
            </Link>{" "}
            · {l.resort.location} · Listing <span className="font-mono">{l.listingCode}</span>
          </p>
          {l.noHaggle ? (
            <p className="mt-2">
              <NoHaggleBadge />
            </p>
          ) : null}
        </div>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <aside
          aria-label="Price"
          className="space-y-4 self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-start-2 lg:row-start-1 print:border-slate-400 print:shadow-none"
        >
          <div>
            <p className="text-sm text-slate-700">{l.visibility === "public" ? "Asking price" : "Last asking price"}</p>
            <p className="text-3xl font-bold text-slate-900" data-testid="listing-total">
              {formatPrice(l.totalCents)}
            </p>
            <p className="text-sm text-slate-700">
              {formatPerPoint(l.pricePerPointCents)} × {formatNumber(l.contractPoints)} points
            </p>
          </div>
          {!offMarket ? (
            <div>
              <p className="text-sm text-slate-700">Value score</p>
              <GoodDealMeter score={l.score} size="lg" />
              {l.explanation ? (
                <a href="#score" className={`mt-1 inline-block text-sm ${link} print:hidden`}>
                  How the score is worked out
                </a>
              ) : null}
            </div>
          ) : null}
          <p className="text-sm text-slate-800">
            {l.broker ? (
              <>
                Listed by broker <strong>{l.broker.name}</strong>
              </>
            ) : (
              "Listed by its owner, a member of this marketplace"
            )}
          </p>
          {l.visibility === "public" && !l.viewerIsSeller ? (
            <div className="space-y-2 print:hidden">
              <MakeOfferLink listingId={l.id} className="w-full" />
              <a href="#ask" className={buttonClass("secondary", "md", "w-full")}>
                Ask about this listing
              </a>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            {!offMarket ? <ListingActions listingId={l.id} title={l.title} variant="detail" /> : null}
            <PrintButton />
          </div>
        </aside>

        <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Section id="facts" title="The contract">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
              <Fact label="Resort">
                <Link to={href("/resorts/:resort", { resort: l.resort.slug })} className={link}>
                  {l.resort.name}
                </Link>{" "}
                ({l.resort.code})
              </Fact>
              <Fact label="Listing code">
                <span className="font-mono">{l.listingCode}</span>
              </Fact>
              <Fact label="Use year">
                {l.useMonthFull}
                <span className="block text-sm font-normal text-slate-700">Points arrive {l.useMonthShort} 1</span>
              </Fact>
              <Fact label="Contract points">{formatNumber(l.contractPoints)} a year</Fact>
              <Fact label="Price per point">{formatPerPoint(l.pricePerPointCents)}</Fact>
              <Fact label="Total price">{formatPrice(l.totalCents)}</Fact>
              <Fact label="Annual dues">
                {l.dues.annualCents === null || l.dues.perPointCents === null ? (
                  offMarket ? (
                    DUES_UNKNOWN
                  ) : (
                    <a href="#ask" className={link}>
                      {DUES_UNKNOWN}
                    </a>
                  )
                ) : (
                  <>
                    {l.dues.estimate ? "About " : ""}
                    {formatPerYear(l.dues.annualCents)} ({formatNumber(l.contractPoints)} ×{" "}
                    {formatPerPoint(l.dues.perPointCents)}
                    {l.dues.year ? ` for ${l.dues.year}` : ""}){l.dues.estimate ? ", our estimate" : ""}
                    <FactSource source={l.dues.source} />
                  </>
                )}
              </Fact>
              <Fact label="Contract ends">
                {term.endYear === null ? (
                  END_YEAR_UNKNOWN
                ) : (
                  <>
                    {formatContractEnd(term.endYear)} ({formatNumber(term.yearsLeft ?? 0)} years left)
                    <FactSource source={term.source} />
                  </>
                )}
              </Fact>
              <Fact label="Seller">
                {l.broker ? (
                  <>
                    {l.broker.logo ? (
                      <img
                        src={l.broker.logo}
                        alt={`${l.broker.name} logo`}
                        className="mb-1 h-8 w-auto max-w-32 object-contain"
                      />
                    ) : null}
                    Broker: {l.broker.name}
                    {l.broker.commissionText ? (
                      <span className="block text-sm text-slate-700">{l.broker.commissionText}</span>
                    ) : null}
                    {l.broker.website ? (
                      <a
                        href={l.broker.website}
                        rel="noopener noreferrer nofollow"
                        className={`block text-sm ${link} print:hidden`}
                      >
                        Broker's website
                      </a>
                    ) : null}
                  </>
                ) : (
                  "A member (the owner)"
                )}
              </Fact>
              <Fact label="Listed on">{formatDateEastern(l.postedAt)}</Fact>
            </dl>
          </Section>

          <Section id="points" title="Points by use year">
            <Suspense fallback={null}>
              <PointsByUseYear rows={l.availability} useMonthFull={l.useMonthFull} />
            </Suspense>
            <p className="mt-3 text-sm text-slate-700">
              Value is the year's points × the asking price of {formatPerPoint(l.pricePerPointCents)}. Points arrive on
              the 1st of the use-year month and can be used for 12 months. Banked points from the previous use year must
              be used by the end of the current one
              {current ? ` (${formatCalendarDate(current.dates.end)})` : ""}. Points missing from a year count as 0.
              {l.currYearPoints < l.contractPoints
                ? ` This contract has ${formatNumber(l.contractPoints - l.currYearPoints)} fewer current-year points than its size.`
                : ""}
            </p>
          </Section>

          {!offMarket ? <AvailablePoints listing={l} /> : null}
          <Section id="dues" title="Annual dues and dues at closing">
            {(l.dues.annualCents === null || l.dues.perPointCents === null) && offMarket ? (
              <p className="text-slate-700">{DUES_UNKNOWN}.</p>
            ) : l.dues.annualCents === null || l.dues.perPointCents === null ? (
              <p className="text-slate-700">
                {DUES_UNKNOWN} before you make an offer:{" "}
                <a href="#ask" className={link}>
                  ask about this listing
                </a>{" "}
                and we will tell you what {l.resort.name} owners pay a point this year.
              </p>
            ) : (
              <div className="space-y-3 text-slate-700">
                <p>
                  Dues are billed per point for each calendar year and are due by January 15. For this contract
                  {l.dues.year ? `, at the ${l.dues.year} figure` : ""}
                  {l.dues.estimate ? " (our estimate, until the resort's own figure is out)" : ""}:{" "}
                  <strong className="text-slate-900">
                    {formatNumber(l.contractPoints)} points × {formatPerPoint(l.dues.perPointCents)} ={" "}
                    {formatPerYear(l.dues.annualCents)}
                  </strong>
                  .{l.dues.source ? <FactSource source={l.dues.source} /> : null}
                </p>
                <p>
                  The seller has usually paid the year's dues, so at closing the buyer usually reimburses the months
                  left in the calendar year: months left ÷ 12 × annual dues. A sale agreed today typically closes in 60
                  to 90 days:
                </p>
                <ul className="list-disc space-y-1 pl-6" data-testid="closing-dues">
                  {l.dues.atClosing.map((e) => (
                    <li key={e.label}>
                      Closing in {e.label}: {e.monthsLeft} {e.monthsLeft === 1 ? "month" : "months"} left ÷ 12 ×{" "}
                      {formatDollars(l.dues.annualCents ?? 0)} ={" "}
                      <strong className="text-slate-900">{formatDollars(e.cents)}</strong>
                    </li>
                  ))}
                </ul>
                <p>
                  Who pays the dues is negotiable; what you agree is recorded in the purchase agreement. Dues rise each
                  year (by at most 15% unless owners approve more).
                </p>
              </div>
            )}
          </Section>

          <Section id="term" title="Contract end date">
            {term.endYear === null && offMarket ? (
              <p className="text-slate-700">{END_YEAR_UNKNOWN}.</p>
            ) : term.endYear === null ? (
              <p className="text-slate-700">
                {END_YEAR_UNKNOWN}:{" "}
                <a href="#ask" className={link}>
                  ask about this listing
                </a>
                .
              </p>
            ) : (
              <div className="space-y-2 text-slate-700">
                <p>
                  Every {l.resort.name} contract ends on{" "}
                  <strong className="text-slate-900">{formatContractEnd(term.endYear)}</strong>:{" "}
                  {formatNumber(term.yearsLeft ?? 0)} years left.
                </p>
                {term.extended ? (
                  <p>
                    Contracts that were extended end on {formatContractEnd(term.extended.endYear)} (
                    {formatNumber(term.extended.yearsLeft)} years left). Ask us whether this contract has the extension
                    before you offer.
                  </p>
                ) : null}
                <FactSource source={term.source} />
                <p className="text-sm">A contract's estoppel, issued before closing, states its exact end date.</p>
              </div>
            )}
          </Section>

          <Section id="restrictions" title="Resale restrictions">
            {l.restrictions.length === 0 ? (
              <p className="text-slate-700">No Disney Vacation Club resale restrictions apply to this resort.</p>
            ) : (
              <>
                <ul className="space-y-3">
                  {l.restrictions.map((r) => (
                    <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-3">
                      <p className="font-medium text-slate-900">{r.title}</p>
                      <p className="text-sm text-slate-700">{r.detail}</p>
                      <p className="mt-1 text-xs text-slate-600">In force since {formatCalendarDate(r.since)}.</p>
                    </li>
                  ))}
                </ul>
                <p className="mt-3 text-sm print:hidden">
                  <Link to={href("/resale-restrictions")} className={link}>
                    More about resale restrictions
                  </Link>
                </p>
              </>
            )}
          </Section>

          {!offMarket ? (
            <Section id="score" title="How the score is worked out">
              <Suspense fallback={null}>
                <ScoreExplanation explanation={l.explanation} />
              </Suspense>
            </Section>
          ) : null}

          <Section id="chart" title={`Prices at ${l.resort.name}`}>
            <Suspense fallback={null}>
              <PriceChart
                resortName={l.resort.name}
                current={{
                  id: l.id,
                  listingCode: l.listingCode,
                  contractPoints: l.contractPoints,
                  pricePerPointCents: l.pricePerPointCents,
                }}
                others={l.chart.others}
                totalOthers={l.chart.totalOthers}
                offMarket={offMarket}
              />
            </Suspense>
          </Section>

          {l.similar.length > 0 ? (
            <Section id="similar" title="Similar listings" className="print:hidden">
              <ul className="grid gap-4 sm:grid-cols-2">
                {l.similar.map((s) => (
                  <li key={s.id} data-testid="similar-listing">
                    <ListingCardView l={similarCard(s, l.resort)} />
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </div>

        {offMarket ? null : <div className="self-start lg:col-start-2 lg:row-start-2 print:hidden">{aside}</div>}
      </div>
    </article>
  );
}

/**
 * A listing no longer for sale keeps its page (issue 27): under contract, sold or bought back by Disney, with the
 * closing price of a sale, and the way to the deal for its buyer and seller (and nobody else: the loader decides).
 */
function MarketStateBanner({ listing: l }: { listing: Detail }) {
  const state = l.market ?? (l.visibility === "sold" ? "sold" : "under-contract");
  const text =
    state === "under-contract"
      ? "An offer on this listing was accepted and the sale is under way. It can no longer be bought here; similar listings for sale are below."
      : state === "bought-back"
        ? "Disney exercised its right of first refusal and bought this contract on the agreed terms. It is no longer for sale; similar listings for sale are below."
        : "This contract was sold through our marketplace. It is no longer for sale; similar listings for sale are below.";
  return (
    <div
      role="status"
      data-testid="listing-market-state"
      className="mt-4 rounded-lg border-2 border-slate-400 bg-slate-50 px-4 py-3 text-slate-900"
    >
      <p className="text-lg font-semibold">{MARKET_STATE_LABEL[state]}</p>
      <p className="text-sm">{text}</p>
      {l.sale ? (
        <p className="mt-1 text-sm" data-testid="listing-sold-price">
          {state === "bought-back" ? "Bought back" : "Sold"} at{" "}
          <strong>{formatPerPoint(l.sale.pricePerPointCents)}</strong> on {formatDateEastern(l.sale.closedAt)}.
        </p>
      ) : null}
      {l.deal ? (
        <p className="mt-2 text-sm print:hidden">
          <Link to={l.deal.href} className={link} data-testid="listing-deal-link">
            {l.deal.side === "buyer" ? "Go to your purchase agreement" : "Go to your sale agreement"}
          </Link>
        </p>
      ) : null}
      <p className="mt-2 text-sm print:hidden">
        <Link to={href("/listings")} className={link}>
          See listings for sale
        </Link>
      </p>
    </div>
  );
}

/** A similar listing as the one listing card shows it (issue 27: one card design wherever listings appear). */
function similarCard(s: Detail["similar"][number], resort: Detail["resort"]): ListingCard {
  return {
    id: s.id,
    listingCode: s.listingCode,
    resortCode: resort.code,
    resortName: resort.name,
    resortSlug: resort.slug,
    resortPhotoPath: resort.photoPath,
    useMonth: s.useMonthShort,
    contractPoints: s.contractPoints,
    prevYearPoints: s.prevYearPoints,
    currYearPoints: s.currYearPoints,
    nextYearPoints: s.nextYearPoints,
    pricePerPointCents: s.pricePerPointCents,
    totalPriceCents: s.totalCents,
    score: s.score,
    broker: null,
    noHaggle: s.noHaggle,
    href: href("/listing-info/:id", { id: String(s.id) }),
  };
}

/** The page title and description of a listing, and a canonical link (broker pages point at /listing-info/:id). */
export function listingPageMeta(
  data: { listing: Detail; origin: string } | undefined,
  opts: { canonical?: boolean } = {},
) {
  if (!data) {
    return [
      { title: `This listing is no longer for sale | ${SITE_NAME}` },
      { name: "description", content: "This listing has probably sold or been withdrawn by its owner." },
      { name: "robots", content: "noindex" },
    ];
  }
  const l = data.listing;
  const description = `${l.resort.name} resale contract: ${formatNumber(l.contractPoints)} points, ${l.useMonthFull} use year, ${formatPerPoint(l.pricePerPointCents)}, ${formatPrice(l.totalCents)} in all. Points by use year, annual dues, contract end and the value score explained.`;
  const tags: Record<string, string>[] = [
    {
      title: `${l.market && l.market !== "for-sale" ? `${MARKET_STATE_LABEL[l.market]}: ` : ""}${l.title} | ${SITE_NAME}`,
    },
    { name: "description", content: description },
    { property: "og:title", content: l.title },
    { property: "og:description", content: description },
  ];
  if (l.visibility !== "public" && l.visibility !== "underContract" && l.visibility !== "sold")
    tags.push({ name: "robots", content: "noindex" });
  if (opts.canonical) tags.push({ tagName: "link", rel: "canonical", href: listingUrl(data.origin, l.id) });
  return tags;
}

export function listingUrl(origin: string, id: number) {
  return new URL(href("/listing-info/:id", { id: String(id) }), origin).toString();
}

/**
 * schema.org Product with its Offer (price = total in USD), for listings on the market: for sale (InStock), under
 * contract (LimitedAvailability), sold or bought back (SoldOut).
 */
export function ListingJsonLd({ listing: l, origin }: { listing: Detail; origin: string }) {
  if (!l.market || (l.visibility !== "public" && l.visibility !== "underContract" && l.visibility !== "sold"))
    return null;
  const url = listingUrl(origin, l.id);
  const value = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: l.title,
    sku: l.listingCode,
    category: "Disney Vacation Club resale points contract",
    description: `${formatNumber(l.contractPoints)} points a year at ${l.resort.name}, ${l.useMonthFull} use year.`,
    image: new URL(resortPhotoHref(l.resort.photoPath) ?? resortIllustrationHref(l.resort.slug), origin).toString(),
    url,
    offers: {
      "@type": "Offer",
      url,
      price: centsToInput(l.totalCents),
      priceCurrency: "USD",
      availability: MARKET_STATE_AVAILABILITY[l.market],
      itemCondition: "https://schema.org/UsedCondition",
      seller: l.broker
        ? { "@type": "Organization", name: l.broker.name }
        : { "@type": "Organization", name: SITE_NAME },
    },
  };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD needs raw script text; jsonLdText escapes "<".
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(value) }} />;
}
