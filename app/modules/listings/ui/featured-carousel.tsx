import { ChevronDown, ChevronUp, Pause, Play } from "lucide-react";
import { type CSSProperties, useEffect, useMemo, useState } from "react";
import { Link } from "~/components/ui/link";
import { formatNumber, formatPerPoint, formatPrice, useMonthName } from "~/lib/format";
import { availabilityColumns } from "../availability";
import { MakeOfferLink } from "~/modules/offers/ui/make-offer-link";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import type { FeaturedListing } from "../listings.server";
import { listingHref } from "../listing-href";
import { listingName } from "../listing-name";
import { useIconsOnPage } from "~/components/ui/lucide-icon";

/** SPEC section 9: carousel autoplay delay. */
const AUTOPLAY_DELAY_MS = 3000;
/** Cards in view at once: one on phones (the resort's name whole), three from `sm` (the slides' CSS says the same). */
const WIDE_QUERY = "(min-width: 640px)";

type Props = { listings: FeaturedListing[]; asOf: string };

function useMediaQuery(query: string, serverValue: boolean) {
  const [matches, setMatches] = useState(serverValue);
  useEffect(() => {
    const mq = window.matchMedia(query);
    setMatches(mq.matches);
    const onChange = () => setMatches(mq.matches);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}

/**
 * The home page's vertical carousel of featured listings. Autoplays every 3 s unless the visitor prefers
 * reduced motion, pauses while hovered or focused, and has a pause button and previous/next buttons. It moves a
 * track with a CSS transform (no carousel library: the home page's script budget); after the last card it goes
 * back to the first. Without JavaScript the first cards show and the rest are a link away on /listings.
 */
export function FeaturedCarousel({ listings, asOf }: Props) {
  // Assume reduced motion until the browser says otherwise: never autoplay by surprise.
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)", true);
  const perView = useMediaQuery(WIDE_QUERY, false) ? 3 : 1;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  // The autoplay button shows only in the browser (it follows the visitor's motion setting): its icons in the page.
  useIconsOnPage(Pause, Play);
  const [selected, setSelected] = useState(0);
  const date = useMemo(() => new Date(asOf), [asOf]);

  const last = Math.max(0, listings.length - perView);
  const index = Math.min(selected, last);
  const step = (by: number) => setSelected((i) => wrap(Math.min(i, last) + by, last));

  const canAutoplay = !reducedMotion && listings.length > perView;
  const playing = canAutoplay && !userPaused && !hovered && !focused;

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setSelected((i) => wrap(Math.min(i, last) + 1, last)), AUTOPLAY_DELAY_MS);
    return () => clearInterval(timer);
  }, [playing, last]);

  if (listings.length === 0) {
    return (
      <p className="rounded-lg bg-white p-6 text-slate-700 ring-1 ring-slate-200">
        No featured listings right now. New contracts are listed every week.
      </p>
    );
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured listings"
      data-testid="featured-carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      className="flex flex-col gap-3 sm:flex-row"
    >
      <div
        // A link focused in a card out of view makes the browser scroll this box; the track's transform does the
        // moving, so the box stays at the top.
        onScroll={(e) => {
          e.currentTarget.scrollTop = 0;
        }}
        className="h-[20rem] overflow-hidden sm:h-[31rem] sm:flex-1"
      >
        <div
          data-testid="featured-track"
          style={{ "--slide": index } as CSSProperties}
          className="-mt-3 flex h-[calc(100%+0.75rem)] flex-col transition-transform duration-500 ease-out [--per-view:1] [transform:translateY(calc(var(--slide)*-100%/var(--per-view)))] motion-reduce:transition-none sm:[--per-view:3]"
        >
          {listings.map((l, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: each slide is a group labelled "n of N"
            <div
              key={l.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${listings.length}`}
              // Tabbing into a card out of view brings it into view.
              onFocus={() => setSelected(Math.min(i, last))}
              className="min-h-0 shrink-0 grow-0 basis-full pt-3 sm:basis-1/3"
            >
              <FeaturedCard listing={l} asOf={date} />
            </div>
          ))}
        </div>
      </div>
      <div className="flex items-center justify-center gap-3 sm:flex-col sm:gap-2">
        <CarouselButton label="Previous listing" onClick={() => step(-1)}>
          <ChevronUp aria-hidden className="size-5" />
        </CarouselButton>
        <span className="text-xs font-medium text-slate-700 tabular-nums" aria-hidden>
          {index + 1}/{last + 1}
        </span>
        <CarouselButton label="Next listing" onClick={() => step(1)}>
          <ChevronDown aria-hidden className="size-5" />
        </CarouselButton>
        {canAutoplay ? (
          <CarouselButton
            label={userPaused ? "Start automatic scrolling" : "Pause automatic scrolling"}
            onClick={() => setUserPaused((p) => !p)}
          >
            {userPaused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
          </CarouselButton>
        ) : null}
      </div>
    </section>
  );
}

/** The position after moving past either end: back to the other end. */
export function wrap(i: number, last: number) {
  if (i > last) return 0;
  if (i < 0) return last;
  return i;
}

function CarouselButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="grid size-10 place-items-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-100"
    >
      {children}
    </button>
  );
}

function FeaturedCard({ listing, asOf }: { listing: FeaturedListing; asOf: Date }) {
  const columns = availabilityColumns(listing, asOf);
  const name = listingName({ resortName: listing.resort.name, contractPoints: listing.contractPoints });
  return (
    // The card is one link to the listing's page (issue 27; stretched over it from the resort's name), with Make an
    // offer above it.
    <div
      data-testid="featured-listing"
      className="relative flex h-full flex-col justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-3 sm:p-4 hover:border-sky-700 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-sky-700"
    >
      <div className="flex items-start gap-3">
        <ResortPicture resort={listing.resort} className="h-11 w-16 shrink-0 rounded-lg ring-1 ring-slate-900/5" />
        <div className="min-w-0 flex-1">
          <p className="leading-snug font-semibold text-slate-900">
            <Link
              to={listingHref(listing)}
              className="outline-none after:absolute after:inset-0 after:rounded-xl"
              data-testid="featured-listing-link"
            >
              {listing.resort.name}
              <span className="sr-only">
                , {formatNumber(listing.contractPoints)} points, listing {listing.listingCode}
              </span>
            </Link>
          </p>
          <p className="text-sm text-slate-700">
            {formatNumber(listing.contractPoints)} points · {useMonthName(listing.useMonth)} use year
          </p>
          <p className="text-sm text-slate-700">
            {formatPerPoint(listing.pricePerPointCents)} ·{" "}
            <span className="font-semibold whitespace-nowrap text-slate-900" data-testid="featured-total">
              Total {formatPrice(listing.contractPoints * listing.pricePerPointCents)}
            </span>
          </p>
        </div>
        {/* From 640 px Make an offer sits beside the name; on a phone it has a row of its own, below. */}
        <div className="relative z-10 hidden shrink-0 flex-col items-end gap-1 sm:flex">
          <MakeOfferLink listingId={listing.id} listingName={`${name} (${listing.listingCode})`} size="sm" />
          <span className="text-xs whitespace-nowrap text-slate-600">{listing.listingCode}</span>
        </div>
      </div>
      <dl className="grid grid-cols-1 divide-y divide-slate-200 rounded-lg bg-slate-50 py-1 sm:grid-cols-3 sm:divide-x sm:divide-y-0 sm:py-2 sm:text-center">
        {columns.map((c) => (
          <div
            key={c.key}
            data-testid="availability-column"
            className="flex items-baseline justify-between gap-2 px-3 py-1 sm:block sm:px-1 sm:py-0"
          >
            <dt className="shrink-0 text-xs font-medium text-slate-700">
              {c.label} <span className="whitespace-nowrap">UY {c.year}</span>
            </dt>
            <dd className="text-right text-sm text-slate-900 tabular-nums sm:mt-1 sm:text-center">
              <span className="whitespace-nowrap">
                {formatNumber(c.points)} × {formatPerPoint(listing.pricePerPointCents)}
              </span>{" "}
              <span className="font-semibold whitespace-nowrap sm:block">= {formatPrice(c.totalCents)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="relative z-10 flex items-center justify-between gap-2 sm:hidden">
        <span className="text-xs whitespace-nowrap text-slate-600">{listing.listingCode}</span>
        <MakeOfferLink listingId={listing.id} listingName={`${name} (${listing.listingCode})`} size="sm" />
      </div>
    </div>
  );
}
