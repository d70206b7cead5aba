import {
  Bell,
  BookOpen,
  ChevronDown,
  FileSignature,
  Handshake,
  type LucideIcon,
  NotebookPen,
  Package,
  PackageX,
  Settings,
  ShieldCheck,
  UserRound,
} from "lucide-react";
import { NavLink, useLocation } from "react-router";
import type { ProfileNavItem } from "./profile-nav";

const ICONS: Record<string, LucideIcon> = {
  profile: UserRound,
  "inventory-for-sale": Package,
  "inventory-not-for-sale": PackageX,
  "seller-offers": Handshake,
  "buyer-offers": Handshake,
  "seller-agreements": FileSignature,
  "buyer-agreements": FileSignature,
  notifications: Bell,
  "journal-activity": NotebookPen,
  "best-practices": BookOpen,
  settings: Settings,
  security: ShieldCheck,
};

export type ProfileCard = { name: string; photoUrl: string | null };

function Avatar({ card, size }: { card: ProfileCard; size: "sm" | "lg" }) {
  const box = size === "lg" ? "size-12" : "size-8";
  return card.photoUrl ? (
    <img
      src={card.photoUrl}
      alt=""
      width={size === "lg" ? 48 : 32}
      height={size === "lg" ? 48 : 32}
      className={`${box} shrink-0 rounded-full object-cover`}
      data-testid="profile-sidebar-photo"
    />
  ) : (
    <span aria-hidden className={`${box} grid shrink-0 place-items-center rounded-full bg-sky-100 text-sky-900`}>
      <UserRound className={size === "lg" ? "size-6" : "size-4"} />
    </span>
  );
}

function NavItems({ items }: { items: ProfileNavItem[] }) {
  return (
    <ul className="flex flex-col gap-1 px-2 pb-2 md:py-2">
      {items.map((item) => {
        const Icon = ICONS[item.id] ?? UserRound;
        return (
          <li key={item.id}>
            <NavLink
              to={item.href}
              end
              className={({ isActive }) =>
                `flex items-center gap-2 rounded-md px-3 py-2 text-sm ${
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
  );
}

/**
 * The profile area's sidebar. From 768 px it is a column beside the page with the person's photo and name;
 * narrower (the mobile profile) it collapses into a "Profile menu" disclosure above the page that names the
 * current page and opens into the full list (a native <details>, so it works without JavaScript too).
 * The list is drawn once, inside the disclosure: from 768 px the disclosure's summary is hidden and its content shown
 * whether it is open or not (`::details-content`), where two copies of the list cost every profile page 56 more
 * elements and 9-12 more links to render (issue 34).
 */
export function ProfileSidebar({
  items,
  heading,
  card,
}: {
  items: ProfileNavItem[];
  heading: string;
  card: ProfileCard;
}) {
  const { pathname } = useLocation();
  const current = items.find((i) => i.href === pathname)?.label ?? "Profile";
  return (
    <nav
      aria-label="Profile"
      data-testid="profile-sidebar"
      className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:self-start md:rounded-lg md:border"
    >
      {/* From 768 px: the person's photo and name above the list. */}
      <div className="hidden items-center gap-3 px-4 pt-4 pb-3 md:flex">
        <Avatar card={card} size="lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{card.name}</p>
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{heading}</p>
        </div>
      </div>
      {/* Phones: a disclosure, closed again after each navigation (the key changes). From 768 px: the open list. */}
      <details
        key={pathname}
        className="group md:[&::details-content]:[content-visibility:visible]"
        data-testid="profile-mobile-menu"
      >
        <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 md:hidden [&::-webkit-details-marker]:hidden">
          <Avatar card={card} size="sm" />
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">Profile menu</span>
            <span className="block truncate text-sm font-medium text-slate-900">{current}</span>
          </span>
          <ChevronDown aria-hidden className="size-5 text-slate-700 transition-transform group-open:rotate-180" />
        </summary>
        <NavItems items={items} />
      </details>
    </nav>
  );
}
