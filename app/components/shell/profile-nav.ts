import { href } from "react-router";
import type { Role } from "~/auth/abilities";

/**
 * The profile area's sidebar per role (SPEC section 2, "Buyer and seller profile area").
 * Pages that do not exist yet have `available: false` and are not shown; the issue that
 * builds a page flips its flag.
 */
export type ProfileNavItem = { id: string; label: string; href: string; available: boolean };

const PROFILE: ProfileNavItem = { id: "profile", label: "Profile", href: href("/v2/profile"), available: true };
const JOURNAL: ProfileNavItem = {
  id: "journal-activity",
  label: "Journal activity",
  href: href("/v2/profile/journal-activity"),
  available: true,
};
const NOTIFICATIONS: ProfileNavItem = {
  id: "notifications",
  label: "Notifications",
  href: href("/v2/profile/notifications"),
  available: true,
};
const BEST_PRACTICES: ProfileNavItem = {
  id: "best-practices",
  label: "Best practices guide",
  href: href("/v2/profile/best-practices"),
  available: true,
};
/** Account settings: profile information, password, photo and email (/profile), and security (/profile/security). */
const SETTINGS: ProfileNavItem = { id: "settings", label: "Account settings", href: href("/profile"), available: true };
const SECURITY: ProfileNavItem = {
  id: "security",
  label: "Security",
  href: href("/profile/security"),
  available: true,
};

export const SELLER_PROFILE_NAV: readonly ProfileNavItem[] = [
  PROFILE,
  {
    id: "inventory-for-sale",
    label: "Inventory for sale",
    href: href("/v2/profile/inventory-for-sale"),
    available: true,
  },
  { id: "seller-offers", label: "Offers", href: href("/v2/profile/seller-offers"), available: true },
  { id: "seller-agreements", label: "Agreements", href: href("/v2/profile/seller-agreements"), available: true },
  {
    id: "inventory-not-for-sale",
    label: "Inventory not for sale",
    href: href("/v2/profile/inventory-not-for-sale"),
    available: true,
  },
  NOTIFICATIONS,
  JOURNAL,
  BEST_PRACTICES,
  SETTINGS,
  SECURITY,
];

export const BUYER_PROFILE_NAV: readonly ProfileNavItem[] = [
  PROFILE,
  { id: "buyer-offers", label: "Offers", href: href("/v2/profile/buyer-offers"), available: true },
  { id: "buyer-agreements", label: "Agreements", href: href("/v2/profile/buyer-agreements"), available: true },
  {
    id: "special-requests",
    label: "Special requests",
    href: href("/my-special-requests"),
    available: true,
  },
  NOTIFICATIONS,
  JOURNAL,
  BEST_PRACTICES,
  SETTINGS,
  SECURITY,
];

/** Staff (administrators and writers) have no buyer or seller profile: only their own account pages. */
export function staffProfileNav(adminHome: string): ProfileNavItem[] {
  return [{ id: "admin-area", label: "Back to the admin area", href: adminHome, available: true }, SETTINGS, SECURITY];
}

/** The sidebar items a person with this role sees now. */
export function profileNavFor(role: Role): ProfileNavItem[] {
  return (role === "seller" ? SELLER_PROFILE_NAV : BUYER_PROFILE_NAV).filter((i) => i.available);
}
