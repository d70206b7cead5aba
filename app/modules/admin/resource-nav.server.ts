import type { Subject } from "~/auth/abilities";
import type { ExtraNavLink } from "~/components/shell/admin-nav";
import { resourcePaths } from "./resource-paths";
import { RESOURCES } from "./resources.registry";

/**
 * Each registered resource's sidebar link, in its registry line's group (none for a screen the sidebar already
 * lists). Server-only: the registry's lazy imports of the declarations must not reach the browser's bundle.
 */
export function resourceNavLinks(): ExtraNavLink[] {
  return RESOURCES.flatMap(({ nav, id, path, subject }) =>
    nav
      ? [
          {
            group: nav.group,
            link: {
              id,
              label: nav.label,
              href: resourcePaths(path).list,
              can: ["read", subject as Subject],
              available: true,
            },
          },
        ]
      : [],
  );
}
