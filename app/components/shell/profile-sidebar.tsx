import {
  BookOpen,
  FileSignature,
  Handshake,
  type LucideIcon,
  NotebookPen,
  Package,
  PackageX,
  UserRound,
} from "lucide-react";
import { NavLink } from "react-router";
import type { ProfileNavItem } from "./profile-nav";

const ICONS: Record<string, LucideIcon> = {
  profile: UserRound,
  "inventory-for-sale": Package,
  "inventory-not-for-sale": PackageX,
  "seller-offers": Handshake,
  "buyer-offers": Handshake,
  "seller-agreements": FileSignature,
  "buyer-agreements": FileSignature,
  "journal-activity": NotebookPen,
  "best-practices": BookOpen,
};

/**
 * The profile area's sidebar. From 768 px it is a column beside the page; narrower,
 * it collapses into a single horizontally scrollable row of links above the page.
 */
export function ProfileSidebar({ items, heading }: { items: ProfileNavItem[]; heading: string }) {
  return (
    <nav
      aria-label="Profile"
      data-testid="profile-sidebar"
      className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:self-start md:rounded-lg md:border"
    >
      <p className="hidden px-4 pt-4 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase md:block">
        {heading}
      </p>
      <ul className="flex gap-1 overflow-x-auto px-2 py-2 md:flex-col md:overflow-visible md:pt-0">
        {items.map((item) => {
          const Icon = ICONS[item.id] ?? UserRound;
          return (
            <li key={item.id} className="shrink-0">
              <NavLink
                to={item.href}
                end
                className={({ isActive }) =>
                  `flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap ${
                    isActive ? "bg-sky-100 font-semibold text-sky-900" : "text-slate-800 hover:bg-slate-100"
                  }`
                }
              >
                <Icon aria-hidden className="size-4 shrink-0" />
                {item.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
