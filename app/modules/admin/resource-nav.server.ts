import type { Subject } from "~/auth/abilities";
import type { ExtraNavLink } from "~/components/shell/admin-nav";
import { resourcePaths } from "./resource-paths";
import { RESOURCES } from "./resources.registry";

/**
 * Each registered resource's sidebar link, in its registry line's group. Server-only: the registry's lazy imports of
 * the declarations must not reach the browser's bundle.
 */
export function resourceNavLinks(): ExtraNavLink[] {
  return RESOURCES.map((r) => ({
    group: r.nav.group,
    link: {
      id: r.id,
      label: r.nav.label,
      href: resourcePaths(r.path).list,
      can: ["read", r.subject as Subject],
      available: true,
    },
  }));
}
