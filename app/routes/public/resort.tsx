import { data, href } from "react-router";
import { Link } from "~/components/ui/link";
import { telHref } from "~/components/shell/footer";
import { useShell } from "~/components/shell/use-shell";
import { formatPerPoint, formatPerYear } from "~/lib/format";
import { formatCalendarDate, formatDateEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { Note, proseClass, RelatedPages } from "~/modules/content/ui/content-blocks";
import { pageMeta } from "~/modules/content/page-meta";
import { sanitizeRichText } from "~/lib/rich-text.server";
import {
  DUES_UNKNOWN,
  END_YEAR_UNKNOWN,
  formatContractEnd,
  hasLongerClosing,
  isOwnResortOnly,
  publicDues,
  resaleRestrictionsFor,
  yearsLeft,
} from "~/modules/resorts/resorts.rules";
import { getLastSales, getResortBySlug } from "~/modules/resorts/resorts.server";
import { LastSales } from "~/modules/resorts/ui/last-sales";
import { toListingCard } from "~/modules/listings/listing-card";
import { getResortForSale } from "~/modules/listings/search.server";
import { ResortForSale } from "~/modules/listings/ui/resort-for-sale";
import { headerOf, resortPriceTrend, resortRoomsFor } from "~/modules/resorts/resort-tabs.server";
import { POINT_CALCULATOR_PATH } from "~/modules/resorts/resort-tab-links";
import { duesPerPointText, FactSource } from "~/modules/resorts/ui/fact-source";
import { PriceTrendChart } from "~/modules/resorts/ui/price-trend-chart";
import { ResortTabsLayout } from "~/modules/resorts/ui/resort-tabs";
import { duesHistoryFor } from "~/modules/resorts/dues-prices.server";
import { DuesHistory } from "~/modules/resorts/ui/dues-history";
import { resortIllustrationHref, resortPhotoHref } from "~/modules/resorts/resort-picture";
import { resortJsonLd } from "~/modules/seo/json-ld";
import { JsonLd } from "~/modules/seo/ui/json-ld";
import { INTERVAL_RESORTS_HTML } from "~/modules/resorts/interval-resorts.server";
import type { Route } from "./+types/resort";
import { withSeo } from "~/modules/seo/seo-meta";
import { type PageLink, relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return pageMeta("Resort not found", "We could not find this resort.");
  const r = loaderData.resort;
  if (r.isInterval) {
    return pageMeta(
      "Interval and exchange resorts",
      "How Disney Vacation Club members can stay at resorts outside DVC through an exchange company, and what to check before relying on exchange.",
    );
  }
  const ends = r.contractEndYear ? `; contracts end January 31, ${r.contractEndYear}` : "";
  return pageMeta(
    `${r.name} (${r.code}) resale`,
    `${r.name}, ${r.location}${ends}. Years left, annual dues per point, booking windows and the resale restrictions that apply to ${r.code} resale contracts.`,
  );
});

export async function loader({ params }: Route.LoaderArgs) {
  const { db, config } = await getServices();
  const resort = await getResortBySlug(db, params.resort);
  if (!resort) throw data(null, { status: 404 });
  const now = new Date();
  const forSale = resort.isInterval ? null : await getResortForSale(db, resort);
  const lastSales = resort.isInterval ? [] : await getLastSales(db, resort.id);
  // Only what the public page shows: the verification flag stays in the admin (headerOf leaves it out).
  const header = headerOf(resort);
  return {
    header,
    resort: header.resort,
    dues: publicDues(resort),
    // What the picture shows, for its alt text: the uploaded photo, or the illustration drawn from the resort's data.
    pictureLabel: header.pictureLabel,
    descriptionHtml: resort.description ? sanitizeRichText(resort.description) : null,
    trend: resort.isInterval ? [] : await resortPriceTrend(db, resort.id, now),
    trendAsOf: now.toISOString(),
    rooms: resort.isInterval ? [] : (await resortRoomsFor(db, resort.id)).rooms,
    duesHistory: resort.isInterval ? [] : await duesHistoryFor(db, resort.id),
    forSale: forSale && { ...forSale, listings: forSale.listings.map(toListingCard) },
    lastSales,
    yearsLeft: yearsLeft(resort, now),
    yearsLeftExtended: resort.extendedEndYear ? yearsLeft(resort, now, { extended: true }) : null,
    restrictions: resaleRestrictionsFor(resort),
    ownResortOnly: isOwnResortOnly(resort),
    longerClosing: hasLongerClosing(resort),
    intervalHtml: resort.isInterval ? INTERVAL_RESORTS_HTML : null,
    related: await relatedPageLinks(
      db,
      resort.isInterval
        ? [href("/resorts"), href("/how-dvc-works"), href("/resale-restrictions")]
        : [href("/resorts"), href("/dvc-annual-dues"), href("/resale-restrictions"), href("/how-dvc-works")],
    ),
    // Built here so the page's browser code stays small (the JavaScript budget).
    jsonLd: resort.isInterval
      ? null
      : resortJsonLd(config.authUrl, {
          ...resort,
          image: resortPhotoHref(resort.photoPath) ?? resortIllustrationHref(resort.slug),
        }),
  };
}

const EXAMPLE_POINTS = 150;

export default function ResortPage({ loaderData }: Route.ComponentProps) {
  const { site } = useShell();
  if (loaderData.intervalHtml !== null)
    return (
      <IntervalResorts
        summary={loaderData.resort.summary}
        html={loaderData.intervalHtml}
        related={loaderData.related}
      />
    );
  const { header, resort: r, restrictions, ownResortOnly, longerClosing, forSale, dues } = loaderData;
  return (
    <ResortTabsLayout header={header} tab="overview">
      <JsonLd value={loaderData.jsonLd} />
      <nav aria-label="On this page" className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {[
            ["#for-sale", "For sale now"],
            ["#last-sales", "Last sales"],
            ["#price-trend", "Price trend"],
            ["#overview", "Overview"],
            ["#booking", "Booking & points"],
          ].map(([href, label]) => (
            <li key={href}>
              <a
                href={href}
                className="inline-block rounded-full border border-slate-300 bg-white px-4 py-1.5 font-medium text-slate-800 hover:border-sky-700 hover:text-sky-900"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {forSale ? <ResortForSale resort={r} {...forSale} /> : null}
      <LastSales resortName={r.name} sales={loaderData.lastSales} />

      <section id="price-trend" aria-labelledby="price-trend-title" className="mt-10 scroll-mt-24">
        <h2 id="price-trend-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Price per point, last 12 months
        </h2>
        <p className="mt-2 text-slate-700">
          Each month's median asking price of the {r.code} listings posted on our marketplace and the median price of
          the {r.code} resales that closed through it (the number of each in brackets), as of{" "}
          {formatDateEastern(loaderData.trendAsOf)}. A month with none has no figure.
        </p>
        <PriceTrendChart resortName={r.name} trend={loaderData.trend} />
        <p className="mt-3 text-slate-700">
          Longer history, sales volume, days on market and ROFR results:{" "}
          <Link to={`${href("/market")}?resort=${r.code}`} className="text-sky-800 underline">
            open market data for {r.code}
          </Link>
          .
        </p>
      </section>

      <div className={proseClass}>
        <section id="overview" aria-labelledby="overview-title" className="scroll-mt-24">
          <h2 id="overview-title">Overview</h2>
          {r.summary ? <p>{r.summary}</p> : null}
          {loaderData.descriptionHtml ? (
            <div
              className="rich-text"
              data-testid="resort-description"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed rich text (sanitizeRichText, decision 0028)
              dangerouslySetInnerHTML={{ __html: loaderData.descriptionHtml }}
            />
          ) : null}
          <dl className="mt-6 grid gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200 sm:grid-cols-2">
            <Fact label="Contract ends">
              {r.contractEndYear ? (
                <>
                  {formatContractEnd(r.contractEndYear)}
                  {r.extendedEndYear ? <>, or {formatContractEnd(r.extendedEndYear)} for extended contracts</> : null}
                  <FactSource source={r.endYearSource} />
                </>
              ) : (
                END_YEAR_UNKNOWN
              )}
            </Fact>
            <Fact label="Years left">
              {loaderData.yearsLeft ?? "–"}
              {loaderData.yearsLeftExtended != null ? ` (${loaderData.yearsLeftExtended} if extended)` : null}
            </Fact>
            <Fact label="Annual dues">
              {dues ? (
                <>
                  {duesPerPointText(dues)}
                  <FactSource source={dues.source} />
                </>
              ) : (
                <>
                  {DUES_UNKNOWN}:{" "}
                  <a href={telHref(site.phone)} className="text-sky-800 underline">
                    {site.phone}
                  </a>
                </>
              )}
            </Fact>
            <Fact label="Location">{r.location}</Fact>
            {r.openingYear ? <Fact label="Opened">{r.openingYear}</Fact> : null}
          </dl>

          <h3>What the dues mean</h3>
          {dues ? (
            <p>
              Dues are billed per point for each calendar year and due by January 15. At{" "}
              {formatPerPoint(dues.perPointCents)}, a {EXAMPLE_POINTS}-point contract here costs{" "}
              {formatPerYear(dues.perPointCents * EXAMPLE_POINTS)} ({EXAMPLE_POINTS} ×{" "}
              {formatPerPoint(dues.perPointCents)}
              ), whether or not you travel. Rises are capped at 15% a year and have usually been 3-5%.
            </p>
          ) : (
            <p>
              Ask us for {r.name}'s current dues before you make an offer (call{" "}
              <a href={telHref(site.phone)}>{site.phone}</a> or write to{" "}
              <a href={`mailto:${site.email}`}>{site.email}</a>): dues are paid every year for as long as you own the
              contract.
            </p>
          )}
          <p>
            At closing, the buyer usually reimburses the seller for the months left in the year; who pays is agreed in
            the offer. <Link to={href("/dvc-annual-dues")}>More about annual dues</Link>.
          </p>

          <h3>Dues by year</h3>
          <DuesHistory resortName={r.name} history={loaderData.duesHistory} />

          <h3>Buying and closing</h3>
          <p>
            A resale usually takes 60-90 days from accepted offer to points in your account, including Disney's right of
            first refusal. <Link to={`${href("/how-dvc-works")}#closing`}>See every step</Link>.
          </p>
          {longerClosing ? (
            <Note>
              <p>
                <strong>Closings take longer at {r.name}.</strong> Expect more than the usual 60-90 days
                {r.code === "AUL" ? (
                  <>
                    : a seller who is not a Hawaii resident also faces{" "}
                    <Link to={href("/harpta")}>HARPTA withholding</Link>
                  </>
                ) : null}
                .
              </p>
            </Note>
          ) : null}
        </section>

        <section id="booking" aria-labelledby="booking-title" className="scroll-mt-24">
          <h2 id="booking-title">Booking &amp; points</h2>
          <h3>Booking windows</h3>
          <ul>
            <li>
              <strong>{r.homeBookingMonths} months</strong> before check-in at {r.name}, your home resort.
            </li>
            {ownResortOnly ? (
              <li>
                A resale {r.code} contract books only {r.name}, so the {r.otherBookingMonths}-month window for other
                resorts does not apply to it.
              </li>
            ) : (
              <li>
                <strong>{r.otherBookingMonths} months</strong> before check-in at the other resorts the contract may
                book.
              </li>
            )}
          </ul>
          <p>
            Points arrive on the 1st of the contract's use year and last 12 months; they can be banked or borrowed.{" "}
            <Link to={href("/how-dvc-works")}>How use years, banking and borrowing work</Link>.
          </p>

          <h3>Resale restrictions that apply</h3>
          {ownResortOnly ? (
            <p>
              <strong>
                Resale {r.name} contracts book only {r.name}.
              </strong>{" "}
              They cannot be used at the other DVC resorts.
            </p>
          ) : null}
          <ul>
            {restrictions.map((x) => (
              <li key={x.id}>
                <strong>{x.title}</strong> (since {formatCalendarDate(x.since)}). {x.detail}
              </li>
            ))}
          </ul>
          <p>
            <Link to={href("/resale-restrictions")}>All resale restrictions and what grandfathered means</Link>.
          </p>
          <PointsForm resortName={r.name} resortSlug={r.slug} rooms={loaderData.rooms} />
        </section>
      </div>

      <RelatedPages path={href("/resorts/:resort", { resort: r.slug })} related={loaderData.related} />
    </ResortTabsLayout>
  );
}

/**
 * "How many points for my stay?": a GET form to the point calculator with the resort preset (issue 31: the query
 * names `resort`, `room`, `checkIn`, `checkOut`). It works without JavaScript; the result is a URL to share.
 */
function PointsForm({
  resortName,
  resortSlug,
  rooms,
}: {
  resortName: string;
  resortSlug: string;
  rooms: { slug: string; name: string; sleeps: number }[];
}) {
  const input =
    "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-700";
  return (
    <aside aria-labelledby="points-form-title" className="mt-6 rounded-lg border border-sky-200 bg-sky-50 p-5">
      <h3 id="points-form-title" className="mt-0!">
        Points you need for a stay at {resortName}
      </h3>
      <p className="mt-2! text-slate-800">
        Points per night depend on the room, its view, the season and whether the night is a weekday or a weekend.
        Choose a room and your dates: the point calculator prices the stay night by night.
      </p>
      <form
        method="get"
        action={POINT_CALCULATOR_PATH}
        className="mt-4 grid gap-4 sm:grid-cols-3"
        data-testid="points-form"
      >
        <input type="hidden" name="resort" value={resortSlug} />
        <div className="sm:col-span-3">
          <label htmlFor="points-room" className="block text-sm font-medium text-slate-900">
            Room
          </label>
          <select id="points-room" name="room" className={input} defaultValue={rooms[0]?.slug}>
            {rooms.map((room) => (
              <option key={room.slug} value={room.slug}>
                {room.name} (sleeps {room.sleeps})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="points-check-in" className="block text-sm font-medium text-slate-900">
            Check-in
          </label>
          <input id="points-check-in" type="date" name="checkIn" required className={input} />
        </div>
        <div>
          <label htmlFor="points-check-out" className="block text-sm font-medium text-slate-900">
            Check-out
          </label>
          <input id="points-check-out" type="date" name="checkOut" required className={input} />
        </div>
        <div className="flex items-end">
          <button
            type="submit"
            className="w-full rounded-md bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
          >
            Count the points
          </button>
        </div>
      </form>
    </aside>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="bg-white px-4 py-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function IntervalResorts({ summary, html, related }: { summary: string; html: string; related: PageLink[] }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link
          to={href("/resorts")}
          className="font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950"
        >
          All resorts
        </Link>
      </nav>
      <header className="mt-4 border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Interval and exchange resorts</h1>
        <p className="mt-4 text-lg leading-8 text-slate-700">{summary}</p>
      </header>
      {/* Built on the server (interval-resorts.server.ts): plain text with two site links. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, no user input */}
      <div className={proseClass} dangerouslySetInnerHTML={{ __html: html }} />
      <RelatedPages path={href("/resorts/:resort", { resort: "interval-resorts" })} related={related} />
    </article>
  );
}
