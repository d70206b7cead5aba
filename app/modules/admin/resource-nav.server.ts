import type { AdminPlace } from "~/components/shell/admin-nav";
import { resourcePaths } from "./resource-paths";
import { RESOURCES } from "./resources.registry";

/**
 * Each registered resource's place in the admin sidebar (its registry line's `nav`), asked `read` of its subject
 * like its loader. Server-only: the registry's lazy imports of the declarations must not reach the browser's bundle.
 */
export function resourceNavPlaces(): AdminPlace[] {
  return RESOURCES.flatMap(({ nav, id, path, subject }) =>
    nav
      ? [{ id, href: resourcePaths(path).list, subject, group: nav.group, label: nav.label, order: nav.order ?? 100 }]
      : [],
  );
}
