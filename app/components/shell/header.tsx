import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { FavoritesHeaderLink } from "~/modules/listings/ui/favorites-header-link";
import { LazyNotificationBell, LazyUserMenu } from "./lazy-account-menus";
import { MegaMenu, useOpenMenu } from "./mega-menu";
import { MobileTabBar } from "./mobile-tab-bar";
import { type HeaderState, headerStateOf, MAIN_MENUS, ON_HEADER_FOCUS, useShell } from "./use-shell";

/**
 * One header for every role (issue 27): the same colour and logo signed in or out, so a buyer, a seller and an
 * administrator see one site; the role shows in the account menu. Only impersonation, a warning rather than a role,
 * changes the colour (with its bar). Every pair passes WCAG AA.
 */
const STATE_CLASSES: Record<HeaderState, string> = {
  impersonating: "bg-amber-300 text-slate-950",
  admin: "bg-slate-900 text-white",
  seller: "bg-slate-900 text-white",
  buyer: "bg-slate-900 text-white",
  anonymous: "bg-slate-900 text-white",
};

export function Header() {
  const { viewer, site, menus, quickFacts, mission, notifications, design } = useShell();
  const state = headerStateOf(viewer);
  const menu = useOpenMenu();
  return (
    <>
      {/* The administrator's colours (/admin/frontend-design-settings, AA-checked), except while impersonating. */}
      <header
        data-header-state={state}
        className={`relative z-30 ${STATE_CLASSES[state]}`}
        style={
          state === "impersonating" || !design
            ? undefined
            : { backgroundColor: design.header.background, color: design.header.text }
        }
      >
        {viewer?.impersonatedBy ? <ImpersonationBar name={viewer.name} /> : null}
        <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
          <Link
            to={href("/")}
            style={ON_HEADER_FOCUS}
            className="flex min-w-0 shrink items-center gap-2 rounded-md py-1 pr-1 font-bold sm:pr-2 md:mr-2 md:shrink-0"
          >
            <img
              src={design?.logo ?? "/favicon.svg"}
              alt=""
              width={32}
              height={32}
              className="size-8 shrink-0 object-contain"
            />
            {/* A two-line wordmark on phones, balanced ("Vacation / Points Market"), one line from 640 px (issue 13:
                it wrapped onto three lines at 375 px and ran into the header's buttons when kept on one). */}
            <span className="min-w-[6.5rem] text-sm leading-[1.15] text-balance sm:min-w-0 sm:text-base sm:whitespace-nowrap lg:text-lg">
              {site.siteName}
            </span>
          </Link>
          <nav aria-label="Main" className="hidden h-full md:flex">
            <ul className="flex h-full">
              {MAIN_MENUS.map((m) => (
                <li key={m.name} className="flex">
                  <MegaMenu
                    label={m.label}
                    items={menus[m.name] ?? []}
                    facts={m.name === "quick_facts" ? quickFacts : undefined}
                    mission={m.name === "quick_facts" ? mission : undefined}
                    open={menu.isOpen(m.name)}
                    onOpenChange={menu.setOpen(m.name)}
                  />
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex shrink-0 items-center">
            <FavoritesHeaderLink />
            {viewer && notifications ? <LazyNotificationBell bell={notifications} /> : null}
            {viewer ? (
              <LazyUserMenu viewer={viewer} />
            ) : (
              <>
                <Link
                  to={href("/sign-in")}
                  style={ON_HEADER_FOCUS}
                  className="rounded-md px-2.5 py-2 text-sm font-semibold whitespace-nowrap hover:bg-current/10 sm:px-3"
                >
                  Sign in
                </Link>
                <Link
                  to={href("/sign-up")}
                  className="ml-1 hidden rounded-md bg-white px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-900 hover:bg-sky-100 sm:block"
                >
                  Create an account
                </Link>
              </>
            )}
          </div>
        </div>
      </header>
      <MobileTabBar />
    </>
  );
}

/**
 * SPEC "Header behaviour": the impersonating state. Leaving is a plain form posted to /admin/users/impersonate-leave
 * (a full page load: the session changes; works without JavaScript). Never a link: a GET ends nothing (issue 28).
 */
function ImpersonationBar({ name }: { name: string }) {
  return (
    <div className="border-b border-amber-500 bg-amber-100 text-amber-950" data-impersonation-bar>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">
        <p>
          You are signed in as <strong>{name}</strong> (impersonating)
        </p>
        <form method="post" action={href("/admin/users/impersonate-leave")}>
          <button
            type="submit"
            className="rounded-md border border-amber-700 px-2 py-0.5 font-semibold hover:bg-amber-200"
          >
            Leave impersonation
          </button>
        </form>
      </div>
    </div>
  );
}
