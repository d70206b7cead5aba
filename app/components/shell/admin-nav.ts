import { href } from "react-router";
import type { AppAbility, SubjectName } from "~/auth/abilities";

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

/**
 * A link of the sidebar. It is shown when the viewer may `read` its subject: the same question the page's loader
 * asks (an engine resource's loader asks exactly that; a bespoke page's loader asks an equivalent right, proved for
 * every role by scripts/admin-nav.test.ts against the route-access walk).
 */
export type AdminNavLink = {
  kind: "link";
  id: string;
  label: string;
  href: string;
  icon: AdminIcon;
  subject: SubjectName;
  available: boolean;
  /** Its place among its group's links (lower first). */
  order: number;
};
export type AdminNavGroup = {
  kind: "group";
  id: string;
  label: string;
  icon: AdminIcon;
  /** Its place among the top level's entries (lower first). */
  order: number;
  /** Links or sub-groups (sub-groups hold links only). */
  children: AdminNavNode[];
};
export type AdminNavNode = AdminNavLink | AdminNavGroup;

/** What the client receives: the same tree without permissions, flags or places. */
export type VisibleNavLink = Omit<AdminNavLink, "subject" | "available" | "order">;
export type VisibleNavGroup = Omit<AdminNavGroup, "children" | "order"> & { children: VisibleNavNode[] };
export type VisibleNavNode = VisibleNavLink | VisibleNavGroup;

/** The group id of the sidebar's top level (a link placed there sits between the groups, by its order). */
export const TOP = "top";

/**
 * A screen's place in the sidebar: the one list of every admin screen's place is this list (bespoke pages) plus the
 * registry's `nav` (engine resources, app/modules/admin/resources.registry.ts), merged on the server.
 */
export type AdminPlace = {
  /** The route id (app/routes.ts) of the page. */
  id: string;
  href: string;
  subject: SubjectName;
  group: string;
  label: string;
  order: number;
  available?: boolean;
};

/** The sidebar's groups (empty: their links are the places). */
const GROUPS: AdminNavGroup[] = [
  { kind: "group", id: "users", label: "Users", icon: "users", order: 20, children: [] },
  { kind: "group", id: "listings", label: "Listings", icon: "offers", order: 30, children: [] },
  { kind: "group", id: "offers", label: "Offers", icon: "offers", order: 50, children: [] },
  {
    kind: "group",
    id: "content",
    label: "Content",
    icon: "content",
    order: 60,
    children: [
      { kind: "group", id: "blog", label: "DVC Blog", icon: "blog", order: 20, children: [] },
      { kind: "group", id: "support-pages", label: "Support pages", icon: "support", order: 30, children: [] },
    ],
  },
  { kind: "group", id: "marketing", label: "Marketing", icon: "mail", order: 65, children: [] },
  { kind: "group", id: "resorts", label: "Resorts", icon: "content", order: 70, children: [] },
  { kind: "group", id: "system", label: "System", icon: "system", order: 80, children: [] },
];

/** The icon of a group's links. */
const ICONS: Record<string, AdminIcon> = {
  users: "users",
  listings: "offers",
  offers: "offers",
  content: "content",
  blog: "blog",
  "support-pages": "support",
  resorts: "content",
  marketing: "mail",
  system: "system",
};
/** Links with an icon of their own (by route id). */
const PLACE_ICONS: Record<string, AdminIcon> = {
  "admin.dashboard": "overview",
  "admin.contact-messages": "mail",
  "admin.posts": "posts",
  "admin.mail-log": "mail",
};

/** The bespoke admin pages' places (the engine resources' are their registry lines' `nav`). */
export const ADMIN_PAGES: AdminPlace[] = [
  {
    id: "admin.dashboard",
    href: href("/admin/dashboard"),
    subject: "AdminDashboard",
    group: TOP,
    label: "Overview",
    order: 10,
  },
  {
    id: "admin.profile.index",
    href: href("/admin/profile"),
    subject: "UserAdmin",
    group: "users",
    label: "My profile",
    order: 60,
  },
  {
    id: "admin.od-settings",
    href: href("/admin/od-settings"),
    subject: "OfferAdmin",
    group: "offers",
    label: "Dashboard settings",
    order: 20,
  },
  {
    id: "admin.contract-sections",
    href: href("/admin/contract-sections"),
    subject: "SiteSettings",
    group: "offers",
    label: "Contract sections",
    order: 30,
  },
  {
    id: "admin.resorts.rvc",
    href: href("/admin/resorts/rvc"),
    subject: "ResortAdmin",
    group: "resorts",
    label: "Resale value calculator",
    order: 82,
  },
  {
    id: "admin.posts",
    href: href("/admin/posts"),
    subject: "ContentWorkspace",
    group: "content",
    label: "Posts workspace",
    order: 10,
  },
  // Issue 32 (decision 0085): the SEO manager's list is the registry's; its defaults are a settings screen.
  {
    id: "admin.seo-defaults",
    href: href("/admin/seo/defaults"),
    subject: "Seo",
    group: "content",
    label: "SEO defaults",
    order: 41,
  },
  // Issue 33 (decision 0087): marketing mail's results and previews (the campaigns and templates are engine resources)
  {
    id: "admin.marketing.dashboard",
    href: href("/admin/marketing/dashboard"),
    subject: "MarketingAdmin",
    group: "marketing",
    label: "Marketing dashboard",
    order: 10,
  },
  {
    id: "admin.marketing.preview",
    href: href("/admin/marketing/preview"),
    subject: "MarketingAdmin",
    group: "marketing",
    label: "Marketing preview",
    order: 40,
  },
  {
    id: "admin.tweaks",
    href: href("/admin/tweaks"),
    subject: "SiteSettings",
    group: "system",
    label: "Tweaks",
    order: 90,
  },
  // Issue 31: the payment calculator's defaults
  {
    id: "admin.finance.settings",
    href: href("/admin/finance/settings"),
    subject: "SiteSettings",
    group: "system",
    label: "Finance settings",
    order: 75,
  },
  // Issue 33 (decision 0086): the Facebook app id, Meta Pixel id and domain verification token
  {
    id: "admin.fb-settings",
    href: href("/admin/fb-settings"),
    subject: "SiteSettings",
    group: "system",
    label: "Facebook settings",
    order: 95,
  },
  // Issue 32: the site's name, logo, header colours, footer text and plane banner (decision 0082)
  {
    id: "admin.frontend-design-settings",
    href: href("/admin/frontend-design-settings"),
    subject: "SiteSettings",
    group: "content",
    label: "Front-end design",
    order: 50,
  },
];

/** The ids of the sidebar's groups, sub-groups included, and the top level (a place's `group` must be one). */
export const ADMIN_NAV_GROUPS: readonly string[] = [
  TOP,
  ...(function groups(nodes: AdminNavNode[]): string[] {
    return nodes.flatMap((n) => (n.kind === "group" ? [n.id, ...groups(n.children)] : []));
  })(GROUPS),
];

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** The sidebar tree of these places (the bespoke pages' and the registry's): each in its group, in order. */
export function buildAdminSidebar(places: AdminPlace[]): AdminNavNode[] {
  const linkOf = (p: AdminPlace): AdminNavLink => ({
    kind: "link",
    id: p.id,
    label: p.label,
    href: p.href,
    icon: PLACE_ICONS[p.id] ?? ICONS[p.group] ?? "overview",
    subject: p.subject,
    available: p.available ?? true,
    order: p.order,
  });
  for (const p of places) {
    if (!ADMIN_NAV_GROUPS.includes(p.group)) throw new Error(`admin screen ${p.id}: no sidebar group “${p.group}”`);
  }
  const fill = (g: AdminNavGroup): AdminNavGroup => ({
    ...g,
    children: [
      ...g.children.map((c) => (c.kind === "group" ? fill(c) : c)),
      ...places.filter((p) => p.group === g.id).map(linkOf),
    ].sort(byOrder),
  });
  return [...GROUPS.map(fill), ...places.filter((p) => p.group === TOP).map(linkOf)].sort(byOrder);
}

/** Header shortcut buttons (SPEC: Users, Offer Dashboard, Offers Logs, Repost; each hidden on its own page). */
const SHORTCUTS: { href: string; label?: string }[] = [
  { href: href("/admin/users") },
  { href: href("/admin/offer-dashboard") },
  { href: href("/admin/admin-offers-logs") },
  { href: href("/admin/reposts"), label: "Repost" },
];

function flatten(nodes: AdminNavNode[]): AdminNavLink[] {
  return nodes.flatMap((n) => (n.kind === "link" ? [n] : flatten(n.children)));
}

function visible(link: AdminNavLink, ability: AppAbility) {
  return link.available && ability.can("read", link.subject);
}

function strip({ subject: _subject, available: _available, order: _order, ...rest }: AdminNavLink): VisibleNavLink {
  return rest;
}

/** The sidebar tree this viewer may use; groups left empty disappear. */
export function visibleAdminNav(ability: AppAbility, nodes: AdminNavNode[]): VisibleNavNode[] {
  const out: VisibleNavNode[] = [];
  for (const node of nodes) {
    if (node.kind === "link") {
      if (visible(node, ability)) out.push(strip(node));
    } else {
      const children = visibleAdminNav(ability, node.children);
      const { order: _order, ...group } = node;
      if (children.length > 0) out.push({ ...group, children });
    }
  }
  return out;
}

/** The shortcuts are the sidebar's own entries, so one place and one check govern both. */
export function visibleShortcuts(ability: AppAbility, nodes: AdminNavNode[]): VisibleNavLink[] {
  const links = flatten(nodes);
  return SHORTCUTS.flatMap((s) => {
    const link = links.find((l) => l.href === s.href);
    if (!link) throw new Error(`admin shortcut ${s.href} is not in the sidebar`);
    return visible(link, ability) ? [strip({ ...link, label: s.label ?? link.label })] : [];
  });
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
  { id: "listings", label: "Listings", href: href("/listings"), available: true },
  { id: "profile", label: "Profile", href: href("/admin/profile"), available: true },
];
