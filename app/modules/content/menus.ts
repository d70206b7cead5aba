/**
 * The public menus stored in `menu_items`, by the `menu` column (SPEC "left" and "right" menu settings; see
 * docs/spec-deviations.md): the header's mega menus are the left menu, the footer's link groups the right menu. The
 * order here is the order the shell shows them in (components/shell/use-shell.ts MAIN_MENUS, footer.tsx GROUPS).
 */
export const HEADER_MENUS = [
  { value: "buyers", label: "Buyers" },
  { value: "sellers", label: "Sellers" },
  { value: "quick_facts", label: "Quick facts" },
] as const;

export const FOOTER_MENUS = [
  { value: "footer_buying", label: "Buying" },
  { value: "footer_selling", label: "Selling" },
  { value: "footer_rental", label: "Rental" },
  { value: "footer_company", label: "Company" },
  { value: "footer_accreditations", label: "Accreditations" },
] as const;

/** A menu link: a path on this site (not `//host`) or an https:// address. */
export function isMenuHref(v: string) {
  return /^(\/(?!\/)[^\s]*|https:\/\/[^\s/]+[^\s]*)$/.test(v);
}
