import { Share2, X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { DialogLink } from "~/components/shell/shell-dialog";
import { type DataTableColumn, DataTable } from "~/components/ui/data-table";
import { formatNumber, formatPerPoint, formatPrice } from "~/lib/format";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import type { FavoriteRow } from "../favorites";
import { useSavedListingFetcher } from "./saved-listing-form";
import { SavedListingForm, savedListingIntent } from "./saved-listing-row-form";
import { LazyShareDialog } from "./lazy-share-dialog";

type Props = {
  rows: FavoriteRow[];
  /** Inside the favorites modal: links also close it. */
  inDialog?: boolean;
};

/**
 * The favorites (SPEC section 2: remove, Listing, Points, Price, Total, Available Points, Use Year, Share):
 * a table from 768 px, one card per listing on phones. Every figure comes from the database.
 */
export function FavoritesTable({ rows, inDialog = false }: Props) {
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef(rows.length);
  // A removed row takes its focused Remove button with it: keep keyboard users in the list, not at the page top.
  useEffect(() => {
    const fewer = rows.length < shown.current;
    shown.current = rows.length;
    if (!fewer || !box.current || document.activeElement !== document.body) return;
    const next = [...box.current.querySelectorAll<HTMLElement>("button, a[href]")].find((el) => el.offsetParent);
    (next ?? box.current).focus();
  }, [rows]);
  const ListingLink = inDialog ? DialogLink : PlainLink;
  const share = (row: FavoriteRow) => <ShareLink row={row} onShare={setShareUrl} />;
  const columns: DataTableColumn<FavoriteRow>[] = [
    { key: "remove", header: <span className="sr-only">Remove</span>, cell: (r) => <RemoveButton row={r} /> },
    {
      key: "listing",
      header: "Listing",
      wrap: true,
      cell: (r) => (
        <span className="flex items-center gap-2">
          <ListingLink to={r.href} className="font-medium text-sky-800 underline-offset-2 hover:underline">
            {r.resortName} <span className="font-mono text-sm whitespace-nowrap">{r.listingCode}</span>
          </ListingLink>
          {r.available ? null : <Unavailable />}
        </span>
      ),
    },
    { key: "points", header: "Points", className: "text-right", cell: (r) => formatNumber(r.contractPoints) },
    {
      key: "price",
      header: "Price",
      className: "text-right",
      cell: (r) => (
        <>
          {formatPerPoint(r.pricePerPointCents)}
          <span className="sr-only"> per point</span>
        </>
      ),
    },
    { key: "total", header: "Total", className: "text-right", cell: (r) => formatPrice(r.totalCents) },
    { key: "available", header: "Available Points", cell: (r) => <AvailablePoints row={r} /> },
    { key: "useYear", header: "Use Year", cell: (r) => r.useYear },
    { key: "share", header: "Share", cell: share },
  ];
  return (
    <div ref={box} tabIndex={-1} className="outline-none">
      {rows.length === 0 ? (
        <Empty inDialog={inDialog} />
      ) : (
        <>
          <div className="hidden md:block">
            <DataTable
              caption="Your favorite listings"
              captionHidden
              columns={columns}
              rows={rows}
              rowKey={(r) => r.id}
              empty={null}
            />
          </div>
          <ul className="space-y-3 md:hidden">
            {rows.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <div className="flex items-start gap-3">
                  <ResortPicture
                    resort={{ slug: r.resortSlug, photoPath: r.resortPhotoPath }}
                    className="h-12 w-16 shrink-0 rounded-lg ring-1 ring-slate-900/5"
                  />
                  <div className="min-w-0 flex-1">
                    <ListingLink to={r.href} className="font-semibold text-sky-800 underline-offset-2 hover:underline">
                      {r.resortName} <span className="font-mono text-sm whitespace-nowrap">{r.listingCode}</span>
                    </ListingLink>
                    {r.available ? null : (
                      <p className="mt-1">
                        <Unavailable />
                      </p>
                    )}
                  </div>
                  <RemoveButton row={r} />
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  <Fact term="Points">{formatNumber(r.contractPoints)}</Fact>
                  <Fact term="Price">{formatPerPoint(r.pricePerPointCents)}</Fact>
                  <Fact term="Total">{formatPrice(r.totalCents)}</Fact>
                  <Fact term="Use Year">{r.useYear}</Fact>
                  <Fact term="Available Points" wide>
                    <AvailablePoints row={r} />
                  </Fact>
                </dl>
                <div className="mt-3 border-t border-slate-100 pt-2">{share(r)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      <LazyShareDialog
        open={shareUrl !== null}
        onOpenChange={(open) => !open && setShareUrl(null)}
        listingUrl={shareUrl}
      />
    </div>
  );
}

function PlainLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-slate-700">{term}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Unavailable() {
  return (
    <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">No longer available</span>
  );
}

/** Points available per use year (previous, current, next). */
function AvailablePoints({ row }: { row: FavoriteRow }) {
  return (
    <span className="whitespace-nowrap">
      <abbr title="Previous use year" className="no-underline">
        Prev
      </abbr>{" "}
      {formatNumber(row.prevYearPoints)} ·{" "}
      <abbr title="Current use year" className="no-underline">
        Curr
      </abbr>{" "}
      {formatNumber(row.currYearPoints)} ·{" "}
      <abbr title="Next use year" className="no-underline">
        Next
      </abbr>{" "}
      {formatNumber(row.nextYearPoints)}
    </span>
  );
}

function RemoveButton({ row }: { row: FavoriteRow }) {
  const fetcher = useSavedListingFetcher("favorites");
  const busy = fetcher.state !== "idle";
  return (
    <SavedListingForm fetcher={fetcher} action="favorites" listingId={row.id}>
      <button
        {...savedListingIntent("remove")}
        disabled={busy}
        className="rounded-md p-1.5 text-slate-700 hover:bg-rose-50 hover:text-rose-800 disabled:opacity-50"
      >
        <X aria-hidden className="size-5" />
        <span className="sr-only">
          Remove {row.resortName} {row.listingCode} from favorites
        </span>
      </button>
    </SavedListingForm>
  );
}

/**
 * Share with a Friend for one favorite. A link to the listing's page (where Share lives) that, once the page is
 * interactive, opens the share modal for that listing's address instead.
 */
function ShareLink({ row, onShare }: { row: FavoriteRow; onShare: (url: string) => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const label = (
    <>
      <Share2 aria-hidden className="size-4" />
      Share<span className="sr-only"> {row.title}</span>
    </>
  );
  const className =
    "inline-flex items-center gap-1.5 text-sm font-medium text-sky-800 underline-offset-2 hover:underline";
  if (!ready || !row.available)
    return row.available ? (
      <Link to={row.href} className={className}>
        {label}
      </Link>
    ) : (
      <span className="text-sm text-slate-700">Not shareable</span>
    );
  return (
    <button
      type="button"
      className={className}
      onClick={() => onShare(new URL(row.href, window.location.origin).toString())}
    >
      {label}
    </button>
  );
}

function Empty({ inDialog }: { inDialog: boolean }) {
  const Go = inDialog ? DialogLink : PlainLink;
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
      <p className="font-semibold text-slate-900">You have no favorite listings yet.</p>
      <p className="mt-1 text-slate-700">
        Press Favorite on any listing to keep it here for 30 days, with its current price and points.
      </p>
      <Go to={href("/listings")} className="mt-3 inline-block font-medium text-sky-800 underline">
        Browse listings
      </Go>
    </div>
  );
}
