import { href, useRouteLoaderData } from "react-router";
import type { Viewer } from "~/auth/abilities";
import type { ShellData } from "~/modules/content/shell.server";
import type { MenuLink } from "~/modules/content/content.server";

/** The root loader's shell data (viewer, site info, menus). Every page below the root has it. */
export function useShell(): ShellData {
  const data = useRouteLoaderData("root") as ShellData | undefined;
  if (!data) throw new Error("useShell must be used below the root route");
  return data;
}

export type HeaderState = "impersonating" | "admin" | "seller" | "buyer" | "anonymous";

export function headerStateOf(viewer: Viewer | null): HeaderState {
  if (!viewer) return "anonymous";
  if (viewer.impersonatedBy) return "impersonating";
  if (viewer.role === "admin") return "admin";
  return viewer.role;
}

/** The three header mega menus, in order, with their menu names in the menus table. */
export const MAIN_MENUS = [
  { name: "buyers", label: "Buyers" },
  { name: "sellers", label: "Sellers" },
  { name: "quick_facts", label: "Quick facts" },
] as const;

export type AccountLink = { label: string; href: string };

/** The signed-in user's menu (SPEC "Header behaviour"); "Sign out" is a separate POST form. */
export function accountLinks(viewer: Viewer): AccountLink[] {
  const links: AccountLink[] = [
    { label: "My profile", href: href("/v2/profile") },
    // The header's user menu opens the preferences modal; elsewhere (the phone tab bar) /profile opens it.
    { label: "Edit settings", href: `${href("/profile")}#preferences` },
  ];
  if (viewer.role === "seller") links.push({ label: "Required page", href: href("/required") });
  if (viewer.role === "buyer") links.push({ label: "Special requests", href: href("/my-special-requests") });
  if (viewer.role === "admin" || viewer.staffRole) links.push({ label: "Admin", href: href("/admin") });
  return links;
}

export type { MenuLink };

/**
 * Focus outline in the header's own text colour, so it shows on every header colour.
 * Inline because the app-wide :focus-visible rule is unlayered and outranks utility classes.
 */
export const ON_HEADER_FOCUS = { outlineColor: "currentcolor", outlineOffset: "-4px" } as const;

/** Focus outline for links on dark backgrounds (footer, hero), for the same reason as ON_HEADER_FOCUS. */
export const ON_DARK_FOCUS = { outlineColor: "#ffffff" } as const;
