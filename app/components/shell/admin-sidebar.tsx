import {
  BookOpen,
  ChevronDown,
  ChevronsLeft,
  ChevronsRight,
  FileText,
  Handshake,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Mail,
  Menu,
  Newspaper,
  Search,
  Settings,
  Users,
  X,
} from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { useOnNewPage } from "./use-new-page";
import { Link } from "~/components/ui/link";
import {
  type AdminIcon,
  isActivePath,
  openGroupsFor,
  type VisibleNavGroup,
  type VisibleNavLink,
  type VisibleNavNode,
} from "./admin-nav";

const ICONS: Record<AdminIcon, LucideIcon> = {
  overview: LayoutDashboard,
  users: Users,
  offers: Handshake,
  content: Newspaper,
  posts: FileText,
  blog: BookOpen,
  support: LifeBuoy,
  seo: Search,
  system: Settings,
  mail: Mail,
};

const STORAGE_KEY = "vpm.admin-sidebar.collapsed";

type OpenState = { top: string | null; sub: string | null };

/**
 * The admin sidebar: wide with labels or narrow with icons only (remembered in localStorage);
 * one top-level group and one sub-group open at a time; the current page opens its parents.
 * Under 768 px it becomes a disclosure at the top of the page.
 */
export function AdminSidebar({ nav }: { nav: VisibleNavNode[] }) {
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [open, setOpen] = useState<OpenState>(() => openGroupsFor(nav, pathname));
  const [mobileOpen, setMobileOpen] = useState(false);
  const desktopId = useId();
  const mobileId = useId();

  useEffect(() => {
    try {
      setCollapsed(window.localStorage.getItem(STORAGE_KEY) === "1");
    } catch {
      // Storage blocked: stay expanded.
    }
  }, []);

  // A new page opens the groups that lead to it and closes the mobile menu.
  useEffect(() => {
    const next = openGroupsFor(nav, pathname);
    if (next.top) setOpen(next);
  }, [nav, pathname]);
  useOnNewPage(pathname, () => setMobileOpen(false));

  function toggleCollapsed() {
    const next = !collapsed;
    setCollapsed(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next ? "1" : "0");
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
  }

  function toggleGroup(id: string, level: "top" | "sub") {
    if (collapsed && level === "top") {
      // Icons only: a group's links need room, so widen the sidebar and open the group.
      toggleCollapsed();
      setOpen({ top: id, sub: null });
      return;
    }
    setOpen((o) =>
      level === "top" ? { top: o.top === id ? null : id, sub: null } : { ...o, sub: o.sub === id ? null : id },
    );
  }

  return (
    <>
      {/* Under 768 px: a disclosure at the top of the page. */}
      <div className="border-b border-slate-200 bg-white md:hidden">
        <button
          type="button"
          aria-expanded={mobileOpen}
          aria-controls={mobileId}
          onClick={() => setMobileOpen((v) => !v)}
          className="flex w-full items-center justify-between px-4 py-3 text-left font-medium text-slate-900"
        >
          <span className="inline-flex items-center gap-2">
            {mobileOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
            Admin menu
          </span>
          <ChevronDown aria-hidden className={`size-4 transition-transform ${mobileOpen ? "rotate-180" : ""}`} />
        </button>
        <nav id={mobileId} aria-label="Admin" hidden={!mobileOpen} className="border-t border-slate-200 px-2 py-2">
          <NavList nodes={nav} pathname={pathname} collapsed={false} open={open} onToggle={toggleGroup} idPrefix="m" />
        </nav>
      </div>

      {/* 768 px and wider: a sidebar, wide or narrow. */}
      <aside
        className={`hidden shrink-0 border-r border-slate-200 bg-white md:flex md:flex-col ${collapsed ? "w-16" : "w-64"}`}
        data-collapsed={collapsed ? "true" : "false"}
        data-testid="admin-sidebar"
      >
        <div className={`flex border-b border-slate-200 p-2 ${collapsed ? "justify-center" : "justify-end"}`}>
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-expanded={!collapsed}
            aria-controls={desktopId}
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            title={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
          >
            {collapsed ? (
              <ChevronsRight aria-hidden className="size-5" />
            ) : (
              <ChevronsLeft aria-hidden className="size-5" />
            )}
          </button>
        </div>
        <nav id={desktopId} aria-label="Admin" className="sticky top-0 flex-1 overflow-y-auto p-2">
          <NavList
            nodes={nav}
            pathname={pathname}
            collapsed={collapsed}
            open={open}
            onToggle={toggleGroup}
            idPrefix="d"
          />
        </nav>
      </aside>
    </>
  );
}

type ListProps = {
  nodes: VisibleNavNode[];
  pathname: string;
  collapsed: boolean;
  open: OpenState;
  onToggle: (id: string, level: "top" | "sub") => void;
  idPrefix: string;
  /** 0: top level, 1: inside a group, 2: inside a sub-group. */
  depth?: 0 | 1 | 2;
};

const INDENT = ["px-3", "pr-3 pl-10", "pr-3 pl-14"] as const;

function containsPath(node: VisibleNavNode, pathname: string): boolean {
  return node.kind === "link"
    ? isActivePath(pathname, node.href)
    : node.children.some((c) => containsPath(c, pathname));
}

function NavList({ nodes, depth = 0, ...rest }: ListProps) {
  return (
    <ul className={depth === 0 ? "space-y-1" : "mt-1 space-y-1"}>
      {nodes.map((node) => (
        <li key={node.id}>
          {node.kind === "link" ? (
            <NavLinkItem link={node} pathname={rest.pathname} collapsed={rest.collapsed} depth={depth} />
          ) : (
            <NavGroupItem group={node} depth={depth} {...rest} />
          )}
        </li>
      ))}
    </ul>
  );
}

function NavLinkItem({
  link,
  pathname,
  collapsed,
  depth,
}: {
  link: VisibleNavLink;
  pathname: string;
  collapsed: boolean;
  depth: 0 | 1 | 2;
}) {
  const Icon = ICONS[link.icon];
  const active = isActivePath(pathname, link.href);
  return (
    <Link
      to={link.href}
      aria-current={pathname === link.href ? "page" : undefined}
      title={collapsed ? link.label : undefined}
      className={`flex items-center gap-3 rounded-md py-2 text-sm ${collapsed ? "justify-center px-2" : INDENT[depth]} ${
        active ? "bg-sky-100 font-semibold text-sky-900" : "text-slate-800 hover:bg-slate-100"
      }`}
    >
      {(depth === 0 || collapsed) && <Icon aria-hidden className="size-5 shrink-0" />}
      <span className={collapsed ? "sr-only" : ""}>{link.label}</span>
    </Link>
  );
}

function NavGroupItem({
  group,
  depth = 0,
  pathname,
  collapsed,
  open,
  onToggle,
  idPrefix,
}: Omit<ListProps, "nodes"> & { group: VisibleNavGroup }) {
  const Icon = ICONS[group.icon];
  const level = depth === 0 ? "top" : "sub";
  const expanded = level === "top" ? open.top === group.id : open.sub === group.id;
  const panelId = `${idPrefix}-admin-nav-${group.id}`;
  const current = containsPath(group, pathname);
  return (
    <>
      <button
        type="button"
        aria-expanded={collapsed ? false : expanded}
        aria-controls={collapsed ? undefined : panelId}
        title={collapsed ? group.label : undefined}
        onClick={() => onToggle(group.id, level)}
        className={`flex w-full items-center gap-3 rounded-md py-2 text-left text-sm hover:bg-slate-100 ${
          collapsed ? "justify-center px-2" : INDENT[depth]
        } ${current ? "font-semibold text-sky-900" : "text-slate-800"}`}
      >
        {(depth === 0 || collapsed) && <Icon aria-hidden className="size-5 shrink-0" />}
        <span className={collapsed ? "sr-only" : "flex-1"}>{group.label}</span>
        {!collapsed && (
          <ChevronDown aria-hidden className={`size-4 shrink-0 transition-transform ${expanded ? "rotate-180" : ""}`} />
        )}
      </button>
      {!collapsed && (
        <div id={panelId} hidden={!expanded}>
          <NavList
            nodes={group.children}
            depth={depth === 0 ? 1 : 2}
            pathname={pathname}
            collapsed={collapsed}
            open={open}
            onToggle={onToggle}
            idPrefix={idPrefix}
          />
        </div>
      )}
    </>
  );
}
