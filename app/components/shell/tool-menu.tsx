import { CircleHelp, Clock, Heart, Mail, Phone, Printer, Scale, Search, Share2, Wrench, X } from "lucide-react";
import { opensElsewhere } from "./clicks";
import { useEffect, useId, useRef, useState } from "react";
import { href, type UIMatch, useLocation, useMatches } from "react-router";
import { Link } from "~/components/ui/link";
import { FAQS_PAGE } from "~/modules/content/faqs-page";
import { LazyFaqsPanel } from "~/modules/content/ui/lazy-faqs-panel";
import { FavoriteButton } from "~/modules/listings/ui/favorite-button";
import { LazyFavoritesDialog } from "~/modules/listings/ui/lazy-favorites-dialog";
import { LazyShareDialog } from "~/modules/listings/ui/lazy-share-dialog";
import { LazySearchPanel } from "~/modules/search/ui/lazy-search-panel";
import { telHref } from "./footer";
import { useToolMenuControl } from "./tool-menu-context";
import { useOnNewPage } from "./use-new-page";
import { useShell } from "./use-shell";

/**
 * What the menu has open: the contact, search or FAQs panel beside the list, or one of the two modals. One at a time
 * (SPEC section 4: the sidebar panel is one of search, contact, share or faq).
 */
export type Active = "contact" | "search" | "faqs" | "share" | "favorites" | null;

/** The panels that open beside the list (below the rail's width they take its place; Escape closes them). */
export type SidePanel = "contact" | "search" | "faqs";

export const isSidePanel = (active: Active): active is SidePanel =>
  active === "contact" || active === "search" || active === "faqs";

/**
 * Three shapes (decision 0049). Phones: the tab bar's Tools tab opens the list as a card above the bar. From 768 px:
 * a round Tools button at the bottom right opens it as a card above the button. From 88rem (1408 px), where the
 * page's 80rem content leaves a gutter, the list is a slim floating rail in that gutter, always shown. None of them
 * takes a strip of the page: the header, the hero and the footer run to both edges.
 */
const ITEM =
  "relative flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-800 " +
  "hover:bg-slate-100 hover:text-slate-950 aria-expanded:bg-sky-50 aria-expanded:text-sky-900 aria-pressed:text-rose-900 " +
  "min-[88rem]:flex-col min-[88rem]:gap-1 min-[88rem]:px-1 min-[88rem]:py-2.5 min-[88rem]:text-center min-[88rem]:text-[11px] min-[88rem]:leading-tight";
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
 * The right-side tool menu (SPEC "Other shell elements"): print, my favorites, favorite this listing (listing
 * pages), compare, search (a panel loaded when first opened, decision 0082), contact, share with a friend and the
 * page's related FAQs (a link to every FAQ that JavaScript turns into a panel loaded when first opened). On phones
 * the tab bar's Tools tab opens it; from 768 px a round Tools button at the bottom right; from 88rem a slim rail
 * floating in the right gutter (decision 0049). Rendered on the server; JavaScript only opens its panels. The open
 * list and its panels sit above the other corner's reviews badge (z-50), which would otherwise cover their foot.
 */
export function ToolMenu() {
  const shell = useShell();
  const { site, favoritesCount } = shell;
  const listing = listingPageOf(useMatches());
  const control = useToolMenuControl();
  // Rendered outside a ToolMenuProvider (a test, a page of its own) the menu keeps its own state and has no tab.
  const [ownOpen, setOwnOpen] = useState(false);
  const ownId = useId();
  const menuOpen = control ? control.open : ownOpen;
  const setMenuOpen = control ? control.setOpen : setOwnOpen;
  const menuId = control ? control.menuId : ownId;
  const tabRef = control?.tabRef;

  const [active, setActive] = useState<Active>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const contactRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLButtonElement>(null);
  const faqsRef = useRef<HTMLAnchorElement>(null);
  const shareRef = useRef<HTMLButtonElement>(null);
  const favoritesRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const focusAfterRender = useRef<HTMLElement | null>(null);
  const panelId = useId();
  const panelTitleId = `${panelId}-title`;
  const searchPanelId = `${panelId}-search`;
  const faqsPanelId = `${panelId}-faqs`;
  // The FAQs item is a plain link until the page is interactive; then it opens its panel and says whether it is open.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const sidePanelButton = (panel: SidePanel) =>
    ({ contact: contactRef, search: searchRef, faqs: faqsRef })[panel].current;

  /** The button that opened the list at this width: the phone's Tools tab or the round Tools button. */
  const openerShown = () =>
    [tabRef?.current, launcherRef.current].find(
      (el): el is HTMLButtonElement => !!el && el.getClientRects().length > 0,
    ) ?? null;

  // Focus moves once the element is shown again (below the rail's width the list hides while the panel is open).
  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current.focus();
    focusAfterRender.current = null;
  });

  useEffect(() => {
    if (active === "contact") panelRef.current?.focus();
  }, [active]);

  // A navigation closes the list (the Compare link, a link in a dialog).
  const { pathname } = useLocation();
  useOnNewPage(pathname, () => setMenuOpen(false));

  // Escape and a click elsewhere close the contact panel and the list; the modals handle their own.
  useEffect(() => {
    if (active === "share" || active === "favorites" || (active === null && !menuOpen)) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      if (isSidePanel(active)) {
        focusAfterRender.current = sidePanelButton(active);
        setActive(null);
      } else {
        focusAfterRender.current = openerShown();
        setMenuOpen(false);
      }
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (rootRef.current?.contains(target) || tabRef?.current?.contains(target)) return;
      setActive(null);
      setMenuOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  });

  const closeDialog = (open: boolean) => {
    if (!open) setActive(null);
  };

  return (
    <div ref={rootRef} className="print:hidden" data-testid="tool-menu">
      <button
        ref={launcherRef}
        type="button"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={() => {
          setMenuOpen(!menuOpen);
          setActive(null);
        }}
        data-tool-button
        className={`fixed right-4 bottom-4 z-40 hidden items-center gap-2 rounded-full bg-sky-800 px-4 py-2.5 text-sm font-semibold text-white shadow-lg ring-1 ring-white/30 hover:bg-sky-900 md:inline-flex min-[88rem]:hidden`}
      >
        {menuOpen ? <X aria-hidden className="size-4" /> : <Wrench aria-hidden className="size-4" />}
        Tools
      </button>

      <nav
        id={menuId}
        aria-label="Tools"
        className={`${menuOpen ? "flex" : "hidden"} ${isSidePanel(active) ? "max-[88rem]:hidden" : ""} fixed right-2 bottom-[4.75rem] z-50 max-h-[calc(100dvh-6rem)] w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-xl md:right-4 md:bottom-18 min-[88rem]:top-1/2 min-[88rem]:right-3 min-[88rem]:bottom-auto min-[88rem]:flex min-[88rem]:max-h-none min-[88rem]:w-14 min-[88rem]:-translate-y-1/2 min-[88rem]:flex-col min-[88rem]:rounded-2xl min-[88rem]:p-1`}
      >
        <ul className="flex w-full flex-col gap-0.5">
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
            {/* The saved listings (a dialog); the header's Favorites link goes to the same list. */}
            <button
              ref={favoritesRef}
              type="button"
              aria-haspopup="dialog"
              className={ITEM}
              onClick={() => setActive("favorites")}
            >
              <Heart aria-hidden className={ICON} />
              My favorites
              {favoritesCount > 0 ? (
                <span className="ml-auto min-w-5 rounded-full bg-sky-800 px-1.5 text-center text-xs leading-5 font-semibold text-white min-[88rem]:absolute min-[88rem]:top-1 min-[88rem]:right-1 min-[88rem]:ml-0 min-[88rem]:text-[10px] min-[88rem]:leading-4">
                  {favoritesCount}
                  <span className="sr-only"> saved</span>
                </span>
              ) : null}
            </button>
          </li>
          {listing ? (
            <li>
              {/* This page's listing into the favorites or out of them (a toggle: aria-pressed says which). */}
              <FavoriteButton
                listingId={listing.id}
                title={listing.title}
                label="Favorite this listing"
                bare
                className={ITEM}
              />
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
              ref={searchRef}
              type="button"
              aria-expanded={active === "search"}
              aria-controls={active === "search" ? searchPanelId : undefined}
              className={ITEM}
              onClick={() => setActive(active === "search" ? null : "search")}
            >
              <Search aria-hidden className={ICON} />
              Search
            </button>
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
                Share<span className={`min-[88rem]:sr-only`}> with a friend</span>
              </span>
            </button>
          </li>
          <li>
            {/* Without JavaScript the page of every FAQ; once interactive, this page's FAQs in a panel (a click with a
                modifier key still opens the page in a new tab or window). */}
            <Link
              ref={faqsRef}
              to={FAQS_PAGE}
              aria-expanded={interactive ? active === "faqs" : undefined}
              aria-controls={active === "faqs" ? faqsPanelId : undefined}
              className={ITEM}
              onClick={(e) => {
                if (opensElsewhere(e)) return;
                e.preventDefault();
                setActive(active === "faqs" ? null : "faqs");
              }}
            >
              <CircleHelp aria-hidden className={ICON} />
              <span>
                FAQs<span className={`min-[88rem]:sr-only`}> for this page</span>
              </span>
            </Link>
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
          className="fixed inset-x-3 bottom-[4.75rem] z-50 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl focus:outline-none md:inset-x-auto md:right-4 md:bottom-18 md:w-[22rem] min-[88rem]:top-1/2 min-[88rem]:right-20 min-[88rem]:bottom-auto min-[88rem]:-translate-y-1/2"
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

      <LazySearchPanel
        open={active === "search"}
        id={searchPanelId}
        onClose={() => {
          focusAfterRender.current = searchRef.current;
          setActive(null);
        }}
      />

      <LazyFaqsPanel
        open={active === "faqs"}
        id={faqsPanelId}
        pathname={pathname}
        onClose={() => {
          focusAfterRender.current = faqsRef.current;
          setActive(null);
        }}
      />

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
