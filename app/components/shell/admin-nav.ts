import { href } from "react-router";
import type { Action, AppAbility, Subject } from "~/auth/abilities";

/**
 * The admin back office's navigation, as data: the header shortcuts and the sidebar tree.
 * An entry whose page does not exist yet has `available: false` and is never shown;
 * the issue that builds the page flips the flag. The server filters the lists with the
 * viewer's CASL ability (`visibleAdminNav`) and sends only what the viewer may open.
 */

/** Icon names the sidebar knows how to draw (mapped to lucide icons in admin-sidebar.tsx). */
export type AdminIcon =
  | "overview"
  | "users"
  | "offers"
  | "content"
  | "posts"
  | "blog"
  | "support"
  | "seo"
  | "system"
  | "mail";

type Permission = readonly [Action, Subject];

export type AdminNavLink = {
  kind: "link";
  id: string;
  label: string;
  href: string;
  icon: AdminIcon;
  can: Permission;
  available: boolean;
  /** The header shortcut's label when it differs from the sidebar's (SPEC: "Repost"). */
  shortcutLabel?: string;
};
export type AdminNavGroup = {
  kind: "group";
  id: string;
  label: string;
  icon: AdminIcon;
  /** Links or sub-groups (sub-groups hold links only). */
  children: AdminNavNode[];
};
export type AdminNavNode = AdminNavLink | AdminNavGroup;

/** What the client receives: the same tree without permissions or flags. */
export type VisibleNavLink = Omit<AdminNavLink, "can" | "available" | "shortcutLabel">;
export type VisibleNavGroup = Omit<AdminNavGroup, "children"> & { children: VisibleNavNode[] };
export type VisibleNavNode = VisibleNavLink | VisibleNavGroup;

const ADMIN_ONLY: Permission = ["read", "AdminDashboard"];

export const ADMIN_SIDEBAR: AdminNavNode[] = [
  {
    kind: "link",
    id: "overview",
    label: "Overview",
    href: href("/admin/dashboard"),
    icon: "overview",
    can: ADMIN_ONLY,
    available: true,
  },
  {
    kind: "group",
    id: "users",
    label: "Users",
    icon: "users",
    children: [
      {
        kind: "link",
        id: "users-all",
        label: "Users",
        href: href("/admin/users"),
        icon: "users",
        can: ["manage", "User"],
        available: true,
      },
      {
        kind: "link",
        id: "users-deleted",
        label: "Deleted users",
        href: href("/admin/deleted-users"),
        icon: "users",
        can: ["manage", "User"],
        available: true,
      },
      {
        kind: "link",
        id: "users-admins",
        label: "Admins",
        href: href("/admin/admins"),
        icon: "users",
        can: ["manage", "User"],
        available: true,
      },
      {
        kind: "link",
        id: "users-login-activity",
        label: "Login activity",
        href: href("/admin/login-activity"),
        icon: "users",
        can: ["manage", "User"],
        available: true,
      },
      {
        kind: "link",
        id: "users-journal",
        label: "Journal",
        href: href("/admin/journal"),
        icon: "users",
        can: ["manage", "User"],
        available: true,
      },
      {
        kind: "link",
        id: "admin-profile",
        label: "My profile",
        href: href("/admin/profile"),
        icon: "users",
        can: ["manage", "User"],
        available: true,
      },
    ],
  },
  {
    kind: "group",
    id: "listings",
    label: "Listings",
    icon: "offers",
    children: [
      {
        kind: "link",
        id: "pending-listings",
        label: "Pending listings",
        href: href("/admin/pending-listings"),
        icon: "offers",
        can: ["manage", "Listing"],
        available: true,
      },
      {
        kind: "link",
        id: "deactivated-listings",
        label: "Deactivated listings",
        href: href("/admin/deactivated-listings"),
        icon: "offers",
        can: ["manage", "Listing"],
        available: true,
      },
      {
        kind: "link",
        id: "test-listings",
        label: "Test listings",
        href: href("/admin/test-listings"),
        icon: "offers",
        can: ["manage", "Listing"],
        available: true,
      },
      {
        kind: "link",
        id: "reposts",
        label: "Reposts",
        href: href("/admin/reposts"),
        icon: "offers",
        can: ["manage", "Listing"],
        available: true,
        shortcutLabel: "Repost",
      },
    ],
  },
  {
    kind: "link",
    id: "contact-messages",
    label: "Contact messages",
    href: href("/admin/contact-messages"),
    icon: "mail",
    can: ADMIN_ONLY,
    available: true,
  },
  {
    kind: "group",
    id: "offers",
    label: "Offers",
    icon: "offers",
    children: [
      {
        kind: "link",
        id: "offer-dashboard",
        label: "Offer dashboard",
        href: href("/admin/offer-dashboard"),
        icon: "offers",
        can: ADMIN_ONLY,
        available: true,
      },
      {
        kind: "link",
        id: "od-settings",
        label: "Dashboard settings",
        href: href("/admin/od-settings"),
        icon: "offers",
        can: ADMIN_ONLY,
        available: true,
      },
      {
        kind: "link",
        id: "contract-sections",
        label: "Contract sections",
        href: href("/admin/contract-sections"),
        icon: "offers",
        can: ADMIN_ONLY,
        available: true,
      },
      {
        kind: "link",
        id: "offers-logs",
        label: "Offers logs",
        href: href("/admin/admin-offers-logs"),
        icon: "offers",
        can: ADMIN_ONLY,
        available: true,
      },
    ],
  },
  {
    kind: "group",
    id: "content",
    label: "Content",
    icon: "content",
    children: [
      {
        kind: "link",
        id: "posts",
        label: "Posts workspace",
        href: href("/admin/posts"),
        icon: "posts",
        can: ["read", "ContentWorkspace"],
        available: true,
      },
      {
        kind: "group",
        id: "blog",
        label: "DVC Blog",
        icon: "blog",
        children: [
          {
            kind: "link",
            id: "blogs",
            label: "All posts",
            href: "/admin/blogs",
            icon: "blog",
            can: ["manage", "Blog"],
            available: false,
          },
          {
            kind: "link",
            id: "blogs-create",
            label: "New post",
            href: "/admin/blogs/create",
            icon: "blog",
            can: ["manage", "Blog"],
            available: false,
          },
          {
            kind: "link",
            id: "blogs-topics",
            label: "Topics",
            href: "/admin/blogs-topics",
            icon: "blog",
            can: ["manage", "Blog"],
            available: false,
          },
        ],
      },
      {
        kind: "group",
        id: "support-pages",
        label: "Support pages",
        icon: "support",
        children: [
          {
            kind: "link",
            id: "support-pages-all",
            label: "All support pages",
            href: "/admin/support-pages",
            icon: "support",
            can: ["manage", "SupportPage"],
            available: false,
          },
          {
            kind: "link",
            id: "support-pages-create",
            label: "New support page",
            href: "/admin/support-pages/create",
            icon: "support",
            can: ["manage", "SupportPage"],
            available: false,
          },
        ],
      },
      {
        kind: "link",
        id: "seo",
        label: "SEO manager",
        href: "/admin/seo",
        icon: "seo",
        can: ["manage", "Seo"],
        available: false,
      },
    ],
  },
  {
    kind: "group",
    id: "resorts",
    label: "Resorts",
    icon: "content",
    children: [
      {
        kind: "link",
        id: "resorts-annual-dues",
        label: "Annual dues",
        href: href("/admin/resorts/annual-dues"),
        icon: "content",
        can: ["manage", "all"],
        available: true,
      },
    ],
  },
  {
    kind: "group",
    id: "system",
    label: "System",
    icon: "system",
    children: [
      {
        kind: "link",
        id: "mail-log",
        label: "Mail log",
        href: href("/admin/mail"),
        icon: "mail",
        can: ["read", "MailLog"],
        available: true,
      },
      {
        kind: "link",
        id: "tweaks",
        label: "Tweaks",
        href: href("/admin/tweaks"),
        icon: "system",
        can: ["manage", "all"],
        available: true,
      },
    ],
  },
];

/** The ids of the sidebar's groups, sub-groups included (a registry line's `nav.group` must be one). */
export const ADMIN_NAV_GROUPS: readonly string[] = (function groups(nodes: AdminNavNode[]): string[] {
  return nodes.flatMap((n) => (n.kind === "group" ? [n.id, ...groups(n.children)] : []));
})(ADMIN_SIDEBAR);

/** Links to add to the sidebar's groups (the admin resources, from their registry, on the server). */
export type ExtraNavLink = { group: string; link: Omit<AdminNavLink, "kind" | "icon"> };

/** The sidebar with extra links appended to their groups (a group keeps its icon for them). */
export function withExtraLinks(nodes: AdminNavNode[], extra: ExtraNavLink[]): AdminNavNode[] {
  return nodes.map((node) => {
    if (node.kind !== "group") return node;
    const mine = extra
      .filter((e) => e.group === node.id)
      .map((e): AdminNavLink => ({ ...e.link, kind: "link", icon: node.icon }));
    return mine.length ? { ...node, children: [...node.children, ...mine] } : node;
  });
}

/** Header shortcut buttons (SPEC: Users, Offer Dashboard, Offers Logs, Repost; each hidden on its own page). */
const SHORTCUT_HREFS = [
  href("/admin/users"),
  href("/admin/offer-dashboard"),
  href("/admin/admin-offers-logs"),
  href("/admin/reposts"),
];

function flatten(nodes: AdminNavNode[]): AdminNavLink[] {
  return nodes.flatMap((n) => (n.kind === "link" ? [n] : flatten(n.children)));
}

/** The shortcuts are the sidebar's own entries, so one `available` flag governs both. */
export const ADMIN_SHORTCUTS: AdminNavLink[] = SHORTCUT_HREFS.map((href) => {
  const link = flatten(ADMIN_SIDEBAR).find((l) => l.href === href);
  if (!link) throw new Error(`admin shortcut ${href} is not in the sidebar`);
  return { ...link, label: link.shortcutLabel ?? link.label };
});

function visible(link: AdminNavLink, ability: AppAbility) {
  return link.available && ability.can(link.can[0], link.can[1] as never);
}

function strip({ can: _can, available: _available, shortcutLabel: _label, ...rest }: AdminNavLink): VisibleNavLink {
  return rest;
}

/** The sidebar tree this viewer may use; groups left empty disappear. */
export function visibleAdminNav(ability: AppAbility, nodes: AdminNavNode[] = ADMIN_SIDEBAR): VisibleNavNode[] {
  const out: VisibleNavNode[] = [];
  for (const node of nodes) {
    if (node.kind === "link") {
      if (visible(node, ability)) out.push(strip(node));
    } else {
      const children = visibleAdminNav(ability, node.children);
      if (children.length > 0) out.push({ ...node, children });
    }
  }
  return out;
}

export function visibleShortcuts(ability: AppAbility): VisibleNavLink[] {
  return ADMIN_SHORTCUTS.filter((s) => visible(s, ability)).map(strip);
}

/** True when `pathname` is `href` or a page below it. */
export function isActivePath(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The ids of the groups (top level, then sub-group) that lead to the current page. */
export function openGroupsFor(nodes: VisibleNavNode[], pathname: string): { top: string | null; sub: string | null } {
  for (const node of nodes) {
    if (node.kind !== "group") continue;
    for (const child of node.children) {
      if (child.kind === "link" && isActivePath(pathname, child.href)) return { top: node.id, sub: null };
      if (child.kind === "group" && child.children.some((c) => c.kind === "link" && isActivePath(pathname, c.href))) {
        return { top: node.id, sub: child.id };
      }
    }
  }
  return { top: null, sub: null };
}

/**
 * The header's fixed buttons besides the shortcuts. Profile points at the administrator's own
 * profile page (SPEC admin.profile.index); /v2/profile sends staff back to their landing page.
 */
export const ADMIN_HEADER_LINKS: { id: string; label: string; href: string; available: boolean }[] = [
  { id: "home", label: "Home", href: href("/"), available: true },
  { id: "listings", label: "Listings", href: href("/listings"), available: false },
  { id: "profile", label: "Profile", href: href("/admin/profile"), available: true },
];
