import { Clock, Heart, Mail, Phone, Printer, Scale, Share2, Wrench, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { href, Link, type UIMatch, useMatches } from "react-router";
import { FavoriteButton } from "~/modules/listings/ui/favorite-button";
import { LazyFavoritesDialog, LazyShareDialog } from "~/modules/listings/ui/lazy-dialogs";
import { telHref } from "./footer";
import { useShell } from "./use-shell";

/** What the menu has open: the contact panel, or one of the two modals. One at a time (SPEC section 4). */
type Active = "contact" | "share" | "favorites" | null;

const ITEM =
  "relative flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-800 " +
  "hover:bg-slate-100 hover:text-slate-950 aria-expanded:bg-sky-50 aria-expanded:text-sky-900 " +
  "md:flex-col md:gap-1 md:rounded-none md:px-1 md:py-3 md:text-center md:text-[11px] md:leading-tight";
const ICON = "size-5 shrink-0";

/** The listing page being shown, if any: a route with `handle.listingPage`, a numeric `params.id` and the listing loaded. */
export function listingPageOf(matches: UIMatch[]) {
  const match = matches.find((m) => (m.handle as { listingPage?: boolean } | undefined)?.listingPage === true);
  const id = Number(match?.params.id);
  if (!match || !Number.isSafeInteger(id) || id < 1) return null;
  // No listing in the page's data (it is gone: the not-found page shows instead): nothing to favorite (issue 13).
  const listing = (match.loaderData as { listing?: { title?: unknown } } | undefined)?.listing;
  if (!listing) return null;
  const title = listing.title;
  return { id, url: match.pathname, title: typeof title === "string" ? title : `Listing ${id}` };
}

/**
 * The right-side tool menu (SPEC "Other shell elements"): print, favorites, make favorite (listing pages),
 * compare, contact and share with a friend. From 768 px a slim rail at the right edge; on phones a Tools button
 * above the tab bar opens it. Rendered on the server; JavaScript only opens its panels.
 */
export function ToolMenu() {
  const shell = useShell();
  const { site, favoritesCount } = shell;
  const listing = listingPageOf(useMatches());

  const [menuOpen, setMenuOpen] = useState(false);
  const [active, setActive] = useState<Active>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const toolsRef = useRef<HTMLButtonElement>(null);
  const contactRef = useRef<HTMLButtonElement>(null);
  const shareRef = useRef<HTMLButtonElement>(null);
  const favoritesRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const focusAfterRender = useRef<HTMLElement | null>(null);
  const menuId = useId();
  const panelId = useId();
  const panelTitleId = `${panelId}-title`;

  // Focus moves once the element is shown again (on phones the menu list is hidden while the panel is open).
  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current.focus();
    focusAfterRender.current = null;
  });

  useEffect(() => {
    if (active === "contact") panelRef.current?.focus();
  }, [active]);

  // Escape and a click elsewhere close the contact panel and the phone menu; the modals handle their own.
  useEffect(() => {
    if (active === "share" || active === "favorites" || (active === null && !menuOpen)) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      if (active === "contact") {
        focusAfterRender.current = contactRef.current;
        setActive(null);
      } else {
        focusAfterRender.current = toolsRef.current;
        setMenuOpen(false);
      }
    }
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current?.contains(event.target as Node)) return;
      setActive(null);
      setMenuOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [active, menuOpen]);

  const closeDialog = (open: boolean) => {
    if (!open) setActive(null);
  };

  return (
    <div ref={rootRef} className="print:hidden" data-testid="tool-menu">
      <button
        ref={toolsRef}
        type="button"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={() => {
          setMenuOpen(!menuOpen);
          setActive(null);
        }}
        className="fixed right-3 bottom-[4.75rem] z-40 inline-flex items-center gap-2 rounded-full bg-sky-800 px-4 py-2.5 text-sm font-semibold text-white shadow-lg hover:bg-sky-900 md:hidden"
      >
        {menuOpen ? <X aria-hidden className="size-4" /> : <Wrench aria-hidden className="size-4" />}
        Tools
      </button>

      <nav
        id={menuId}
        aria-label="Tools"
        className={`${menuOpen ? "flex" : "hidden"} ${active === "contact" ? "max-md:hidden" : ""} fixed right-3 bottom-32 z-40 max-h-[calc(100dvh-9rem)] w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-xl md:top-0 md:right-0 md:bottom-0 md:flex md:max-h-none md:w-16 md:flex-col md:justify-center md:rounded-none md:border-y-0 md:border-r-0 md:p-0 md:shadow-[-2px_0_8px_rgb(15_23_42/0.06)]`}
      >
        <ul className="flex w-full flex-col gap-0.5 md:gap-0">
          <li>
            <button
              type="button"
              className={ITEM}
              onClick={() => {
                setMenuOpen(false);
                setActive(null);
                window.print();
              }}
            >
              <Printer aria-hidden className={ICON} />
              Print
            </button>
          </li>
          <li>
            <button
              ref={favoritesRef}
              type="button"
              aria-haspopup="dialog"
              className={ITEM}
              onClick={() => setActive("favorites")}
            >
              <Heart aria-hidden className={ICON} />
              Favorites
              {favoritesCount > 0 ? (
                <span className="ml-auto min-w-5 rounded-full bg-sky-800 px-1.5 text-center text-xs leading-5 font-semibold text-white md:absolute md:top-1.5 md:right-2 md:ml-0 md:text-[10px] md:leading-4">
                  {favoritesCount}
                  <span className="sr-only"> saved</span>
                </span>
              ) : null}
            </button>
          </li>
          {listing ? (
            <li className="flex justify-center">
              <FavoriteButton listingId={listing.id} title={listing.title} showLabel className={ITEM} />
            </li>
          ) : null}
          <li>
            <Link to={href("/compare")} className={ITEM} onClick={() => setMenuOpen(false)}>
              <Scale aria-hidden className={ICON} />
              Compare
            </Link>
          </li>
          <li>
            <button
              ref={contactRef}
              type="button"
              aria-expanded={active === "contact"}
              aria-controls={active === "contact" ? panelId : undefined}
              className={ITEM}
              onClick={() => setActive(active === "contact" ? null : "contact")}
            >
              <Phone aria-hidden className={ICON} />
              Contact
            </button>
          </li>
          <li>
            <button
              ref={shareRef}
              type="button"
              aria-haspopup="dialog"
              className={ITEM}
              onClick={() => setActive("share")}
            >
              <Share2 aria-hidden className={ICON} />
              <span>
                Share<span className="md:sr-only"> with a friend</span>
              </span>
            </button>
          </li>
        </ul>
      </nav>

      {active === "contact" ? (
        <section
          ref={panelRef}
          id={panelId}
          tabIndex={-1}
          aria-labelledby={panelTitleId}
          data-testid="contact-panel"
          className="fixed inset-x-3 bottom-32 z-40 max-h-[calc(100dvh-9rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl focus:outline-none md:inset-x-auto md:top-1/2 md:right-20 md:bottom-auto md:w-[22rem] md:-translate-y-1/2"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 id={panelTitleId} className="text-lg font-semibold">
              Contact us
            </h2>
            <button
              type="button"
              aria-label="Close contact panel"
              onClick={() => {
                focusAfterRender.current = contactRef.current;
                setActive(null);
              }}
              className="-mt-1 -mr-1 rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-950"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <p className="mt-1 text-sm text-slate-700">
            Questions about a listing, buying or selling? Talk to a person on our team.
          </p>
          <ul className="mt-3 space-y-2">
            {site.email ? (
              <li>
                <a
                  href={`mailto:${site.email}`}
                  className="inline-flex items-center gap-2 font-medium text-sky-800 [overflow-wrap:anywhere] hover:underline"
                >
                  <Mail aria-hidden className="size-4 shrink-0" />
                  {site.email}
                </a>
              </li>
            ) : null}
            {site.phone ? (
              <li>
                <a
                  href={telHref(site.phone)}
                  className="inline-flex items-center gap-2 font-medium text-sky-800 hover:underline"
                >
                  <Phone aria-hidden className="size-4 shrink-0" />
                  Toll-free {site.phone}
                </a>
              </li>
            ) : null}
            {site.phoneSecondary ? (
              <li>
                <a
                  href={telHref(site.phoneSecondary)}
                  className="inline-flex items-center gap-2 font-medium text-sky-800 hover:underline"
                >
                  <Phone aria-hidden className="size-4 shrink-0" />
                  Local {site.phoneSecondary}
                </a>
              </li>
            ) : null}
          </ul>
          {site.hours.length ? (
            <div className="mt-4 border-t border-slate-200 pt-3">
              <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                <Clock aria-hidden className="size-4 shrink-0" />
                Opening hours
              </h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {site.hours.map((h) => (
                  <div key={h.label} className="contents">
                    <dt className="font-medium text-slate-900">{h.label}</dt>
                    <dd className="text-slate-700">{h.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : null}
        </section>
      ) : null}

      <LazyShareDialog
        open={active === "share"}
        onOpenChange={closeDialog}
        listingUrl={listing?.url ?? null}
        returnFocusTo={shareRef}
      />
      <LazyFavoritesDialog open={active === "favorites"} onOpenChange={closeDialog} />
    </div>
  );
}
