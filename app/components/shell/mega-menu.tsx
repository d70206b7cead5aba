import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import type { MenuLink, QuickFact } from "~/modules/content/content.server";
import { MenuEntry } from "./menu-entry";
import { useOnNewPage } from "./use-new-page";
import { ON_HEADER_FOCUS } from "./use-shell";

type Props = {
  label: string;
  items: MenuLink[];
  facts?: QuickFact[];
  mission?: string | null;
  /** Whether this menu is the open one (the header keeps one open menu for all of them). */
  open: boolean;
  /** Asks the header to make this menu the open one (true) or to close it (false). */
  onOpenChange: (open: boolean) => void;
};

/**
 * The header's mega menus share one open menu, whatever opened it (hover, click or keyboard): opening one closes
 * the others, so two panels never overlap (issue 13). Closes after navigation.
 */
export function useOpenMenu() {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const location = useLocation();
  useOnNewPage(location.key, () => setOpenMenu(null));
  return {
    isOpen: (name: string) => openMenu === name,
    setOpen: (name: string) => (open: boolean) =>
      setOpenMenu((current) => (open ? name : current === name ? null : current)),
  };
}

/**
 * A desktop mega menu: opens on hover and on keyboard focus, toggles on click, closes on Escape,
 * when focus or the pointer leaves it, and when another menu opens.
 */
export function MegaMenu({ label, items, facts, mission, open, onOpenChange: setOpen }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Opened by hover or focus: the click that usually follows keeps it open instead of closing it.
  const autoOpened = useRef(false);
  const ignoreNextFocus = useRef(false);
  const panelId = useId();
  // Closed (by another menu, Escape, navigation): the next click toggles again.
  useEffect(() => {
    if (!open) autoOpened.current = false;
  }, [open]);

  const show = () => {
    if (!open) autoOpened.current = true;
    setOpen(true);
  };
  const focusInside = () => rootRef.current?.contains(document.activeElement) ?? false;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus-within of the whole menu; the button is the control
    <div
      ref={rootRef}
      className="flex"
      onMouseEnter={show}
      onMouseLeave={() => {
        if (!focusInside()) setOpen(false);
      }}
      onFocus={(e) => {
        if (ignoreNextFocus.current) {
          ignoreNextFocus.current = false;
          return;
        }
        // Keyboard focus opens it; a mouse click on the button is handled by onClick.
        const target = e.target as HTMLElement;
        if (target !== buttonRef.current || target.matches(":focus-visible")) show();
      }}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
          ignoreNextFocus.current = document.activeElement !== buttonRef.current;
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (autoOpened.current && open) autoOpened.current = false;
          else setOpen(!open);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => panelRef.current?.querySelector<HTMLElement>("a")?.focus());
          }
        }}
        style={ON_HEADER_FOCUS}
        className="flex h-16 items-center gap-1 px-3 font-medium hover:bg-current/10"
      >
        {label}
        <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-4 top-full z-40 rounded-b-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl"
      >
        {/* Drawn while open only (decision 0114): closed, the panel is hidden and only this button opens it, so its
            links were rendered on every page, and hydrated, for no one. */}
        {open ? (
          <div className={facts?.length || mission ? "grid gap-8 lg:grid-cols-[2fr_1fr]" : ""}>
            <ul className="grid gap-2 sm:grid-cols-2">
              {items.map((item) => (
                <li key={item.href}>
                  <MenuEntry item={item} strong className="block rounded-lg p-3 hover:bg-slate-100" />
                </li>
              ))}
            </ul>
            {facts?.length || mission ? <FactList facts={facts ?? []} mission={mission ?? null} /> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function FactList({ facts, mission }: { facts: QuickFact[]; mission: string | null }) {
  return (
    <div>
      {mission ? <p className="mb-3 px-3 text-sm text-slate-800 italic">{mission}</p> : null}
      <h2 className="px-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">At a glance</h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {facts.map((f) => {
          const body = (
            <>
              <span className="text-slate-700">{f.title}:</span>{" "}
              <span className="font-semibold text-slate-900">{f.value}</span>
            </>
          );
          return (
            <li key={f.key} className="text-sm">
              {f.link ? (
                <Link to={f.link} className="block rounded-md px-3 py-2 hover:bg-slate-100">
                  {body}
                </Link>
              ) : (
                <p className="px-3 py-2">{body}</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
