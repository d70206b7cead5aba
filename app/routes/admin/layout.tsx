import { UserRoundCheck } from "lucide-react";
import { href, Outlet, redirect } from "react-router";
import { defineAbilityFor, isStaffWriter, type Viewer } from "~/auth/abilities";
import { getViewer, requireAbility, requireUser } from "~/auth/session.server";
import { AdminHeader } from "~/components/shell/admin-header";
import { ADMIN_PAGES, buildAdminSidebar, visibleAdminNav, visibleShortcuts } from "~/components/shell/admin-nav";
import { resourceNavPlaces } from "~/modules/admin/resource-nav.server";
import { AdminSidebar } from "~/components/shell/admin-sidebar";
import { SkipLink } from "~/components/shell/skip-link";
import { buttonClass } from "~/components/ui/button";
import { setFlash } from "~/lib/flash.server";
import { getServices } from "~/lib/runtime.server";
import { getAdminInbox } from "~/modules/notifications/admin-inbox.server";
import { adminMustSetUpTwoFactor } from "~/modules/accounts/two-factor.server";
import { useShellData } from "~/root";
import type { Route } from "./+types/layout";

function staffLabelFor(viewer: Viewer) {
  if (viewer.role === "admin") return "Administrator";
  if (viewer.staffRole === "senior_writer") return "Senior writer";
  if (isStaffWriter(viewer)) return "Writer";
  return viewer.role === "seller" ? "Seller" : "Buyer";
}

/**
 * The one place that keeps an impersonating administrator (and anyone else without the admin area) from changing
 * admin data: every change below /admin is refused before its action runs, by the CASL rule `access AdminArea`
 * (abilities.ts takes it away while impersonating). Signed-out visitors reach the action's own sign-in redirect.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      const viewer = await getViewer(request);
      if (viewer && !defineAbilityFor(viewer).can("access", "AdminArea")) {
        const headers = await setFlash(new Headers(), {
          kind: "error",
          message: viewer.impersonatedBy
            ? "Admin data cannot be changed while you are signed in as someone else."
            : "You do not have permission to do that.",
        });
        throw redirect(href("/"), { headers, status: 303 });
      }
    }
    return next();
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  // SPEC section 4: while an administrator is impersonating, the admin layout hides its content.
  if (viewer.impersonatedBy) {
    return {
      impersonating: true as const,
      viewerName: viewer.name,
      staffLabel: "Impersonating",
      nav: [],
      shortcuts: [],
      notifications: null, // Issue 4: impersonation (the header's notification dropdowns)
    };
  }
  const { ability } = await requireAbility(request, "access", "AdminArea");
  // Issue 4: with require_admin_two_factor on, an administrator sets up two-factor authentication first.
  if (await adminMustSetUpTwoFactor(await getServices(), viewer)) {
    const headers = await setFlash(new Headers(), {
      kind: "error",
      message: "Two-factor authentication is required for administrators. Set it up to use the admin area.",
    });
    throw redirect(href("/profile/security"), { headers });
  }
  const sidebar = buildAdminSidebar([...ADMIN_PAGES, ...resourceNavPlaces()]);
  return {
    impersonating: false as const,
    viewerName: viewer.name,
    staffLabel: staffLabelFor(viewer),
    nav: visibleAdminNav(ability, sidebar),
    shortcuts: visibleShortcuts(ability, sidebar),
    notifications: ability.can("manage", "User") ? await getAdminInbox(await getServices(), { actor: viewer }) : null, // Issue 4: impersonation
  };
}

export function meta() {
  return [{ title: "Admin · Vacation Points Market" }, { name: "robots", content: "noindex" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const shell = useShellData();
  const siteName = shell?.site.siteName ?? "Vacation Points Market";
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <AdminHeader
        siteName={siteName}
        viewerName={loaderData.viewerName}
        staffLabel={loaderData.staffLabel}
        shortcuts={loaderData.shortcuts}
        notifications={loaderData.notifications}
      />
      {loaderData.impersonating ? (
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-xl flex-1 px-4 py-16 focus:outline-none">
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950">
            <h1 className="flex items-center gap-2 text-xl font-semibold">
              <UserRoundCheck aria-hidden className="size-6" />
              You are signed in as {loaderData.viewerName}
            </h1>
            <p className="mt-3">
              The admin area is hidden while you are impersonating a user. Leave impersonation to return to your own
              account and the admin area.
            </p>
            <form method="post" action={href("/admin/users/impersonate-leave")} className="mt-5">
              <button type="submit" className={buttonClass("primary", "md")}>
                Leave impersonation
              </button>
            </form>
          </div>
        </main>
      ) : (
        <div className="flex flex-1 flex-col md:flex-row">
          <AdminSidebar nav={loaderData.nav} />
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8 focus:outline-none">
            <Outlet />
          </main>
        </div>
      )}
    </div>
  );
}
