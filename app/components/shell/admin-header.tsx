import { Home, List, LogOut, User } from "lucide-react";
import { Form, href, useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import type { AdminInbox } from "~/modules/notifications/admin-inbox.schema";
import { AdminNotificationMenus } from "~/modules/notifications/ui/admin-notification-menus";
import { ADMIN_HEADER_LINKS, isActivePath, type VisibleNavLink } from "./admin-nav";

const HEADER_ICONS: Record<string, typeof Home> = { home: Home, listings: List, profile: User };

/**
 * The admin back office's header: the site name, shortcut buttons (each hidden on its own page),
 * Home, Listings (the public listings) and Profile, Logout, and for administrators the notification dropdowns (SPEC section 2 "Admin notifications").
 */
export function AdminHeader({
  siteName,
  viewerName,
  staffLabel,
  shortcuts,
  notifications = null,
}: {
  siteName: string;
  viewerName: string;
  staffLabel: string;
  shortcuts: VisibleNavLink[];
  notifications?: AdminInbox | null;
}) {
  const { pathname } = useLocation();
  const shown = shortcuts.filter((s) => !isActivePath(pathname, s.href));
  const links = ADMIN_HEADER_LINKS.filter((l) => l.available);
  return (
    <header className="relative border-b border-slate-800 bg-slate-900 text-white">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <div className="mr-auto min-w-0">
          <Link to={href("/admin")} className="block truncate text-lg font-semibold hover:underline">
            {siteName} <span className="font-normal text-slate-300">admin</span>
          </Link>
          <p className="truncate text-xs text-slate-300">
            {viewerName} · {staffLabel}
          </p>
        </div>
        {notifications ? <AdminNotificationMenus inbox={notifications} /> : null}
        <nav aria-label="Admin shortcuts" className="flex flex-wrap items-center gap-2">
          {shown.map((s) => (
            <Link key={s.id} to={s.href} className={buttonClass("secondary", "sm")}>
              {s.label}
            </Link>
          ))}
          {links.map((l) => {
            const Icon = HEADER_ICONS[l.id];
            return (
              <Link
                key={l.id}
                to={l.href}
                className={buttonClass("ghost", "sm", "text-white hover:bg-slate-700 hover:text-white")}
              >
                {Icon && <Icon aria-hidden className="size-4" />}
                {l.label}
              </Link>
            );
          })}
          <Form method="post" action={href("/logout")}>
            <button
              type="submit"
              className={buttonClass("ghost", "sm", "text-white hover:bg-slate-700 hover:text-white")}
            >
              <LogOut aria-hidden className="size-4" />
              Sign out
            </button>
          </Form>
        </nav>
      </div>
    </header>
  );
}
