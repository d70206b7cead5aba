import { ChevronDown, CircleUser } from "lucide-react";
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { href, useSubmit } from "react-router";
import { Link } from "~/components/ui/link";
import type { Viewer } from "~/auth/abilities";
import { useDisclosure } from "./use-disclosure";
import { accountLinks, ON_HEADER_FOCUS, useShell } from "./use-shell";

// The preferences modal is loaded when first opened, so it adds nothing to every page's first download.
const PreferencesModal = lazy(() =>
  import("~/modules/profile/ui/preferences-modal").then((m) => ({ default: m.PreferencesModal })),
);

const ITEM =
  "block w-full cursor-pointer rounded-md px-3 py-2 text-left text-slate-900 outline-none hover:bg-sky-100 hover:text-sky-950 focus:bg-sky-100 focus:text-sky-950";

/**
 * The signed-in user's account menu in the header: a menu button (ARIA menu pattern). Opening focuses the
 * first item; arrow keys, Home and End move between items; Escape closes and returns focus to the button;
 * Tab, a press outside and a navigation close it.
 */
function menuItems(menu: HTMLElement | null) {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

const ROLE_WORDS: Record<string, string> = { buyer: "Buyer", seller: "Seller", admin: "Administrator" };

export function UserMenu({ viewer }: { viewer: Viewer }) {
  const submit = useSubmit();
  const { open, setOpen, rootRef, buttonRef, panelId, onBlur } = useDisclosure();
  const menuRef = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<"first" | "last">("first");
  const firstName = viewer.name.split(" ")[0] || viewer.name;
  // "Edit settings" opens the user preferences modal (SPEC section 2) instead of following its link.
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Issue 32: Survey opens the feedback panel (on the profile page) until the person's feedback is given.
  const surveyOpen = Boolean(useShell().voices.feedback);

  useEffect(() => {
    const items = menuItems(menuRef.current);
    if (open) (focusFrom.current === "first" ? items[0] : items.at(-1))?.focus();
  }, [open]);

  function openAt(where: "first" | "last") {
    focusFrom.current = where;
    setOpen(true);
  }

  function onMenuKeyDown(e: KeyboardEvent) {
    const list = menuItems(menuRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === "ArrowDown"
        ? (at + 1) % list.length
        : e.key === "ArrowUp"
          ? (at - 1 + list.length) % list.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? list.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    list[next]?.focus();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the button and its menu closes the menu
    <div ref={rootRef} onBlur={onBlur} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? setOpen(false) : openAt("first"))}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            openAt(e.key === "ArrowDown" ? "first" : "last");
          }
        }}
        style={ON_HEADER_FOCUS}
        className="flex items-center gap-1 rounded-md px-2 py-2 font-medium hover:bg-current/10 sm:gap-2 sm:px-3"
      >
        <CircleUser aria-hidden className="size-5" />
        {/* On phones the icon alone, so the logo keeps its one line; the name stays in the button's name. */}
        <span className="sr-only sm:not-sr-only sm:max-w-32 sm:truncate">{firstName}</span>
        <span className="sr-only">: account menu</span>
        <ChevronDown aria-hidden className="size-4" />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute top-full right-0 z-50 mt-1.5 min-w-56 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
        >
          <p className="px-3 py-2 text-sm text-slate-700">
            Signed in as <span className="block font-semibold text-slate-900">{viewer.email}</span>
            {/* The role shows here, not as a different header (issue 27: one header for every role). */}
            <span data-account-role className="mt-1 block text-xs font-medium text-slate-600">
              {ROLE_WORDS[viewer.role] ?? "Member"} account{viewer.staffRole ? " (staff)" : ""}
            </span>
          </p>
          <div ref={menuRef} role="menu" aria-label="Account" tabIndex={-1} onKeyDown={onMenuKeyDown}>
            <hr className="my-1 h-px border-0 bg-slate-200" />
            {accountLinks(viewer).map((l) =>
              l.label === "Edit settings" ? (
                <button
                  key={l.href}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    setOpen(false);
                    setSettingsOpen(true);
                  }}
                  className={ITEM}
                >
                  {l.label}
                </button>
              ) : (
                <Link key={l.href} to={l.href} role="menuitem" tabIndex={-1} className={ITEM}>
                  {l.label}
                </Link>
              ),
            )}
            {surveyOpen ? (
              <Link
                to={`${href("/v2/profile")}?survey=1`}
                role="menuitem"
                tabIndex={-1}
                className={ITEM}
                onClick={() => setOpen(false)}
              >
                Survey
              </Link>
            ) : null}
            <hr className="my-1 h-px border-0 bg-slate-200" />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => submit(null, { method: "post", action: href("/logout") })}
              className={ITEM}
            >
              Sign out
            </button>
          </div>
        </div>
      ) : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <PreferencesModal userId={viewer.id} open onOpenChange={setSettingsOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </div>
  );
}
