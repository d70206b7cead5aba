import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { RESOURCES, type RegistryEntry } from "./resources.registry";

/**
 * The routes of every registered resource (list, create, edit, one row's page, import), for the admin layout in `app/routes.ts`. Every resource shares the
 * engine's four route modules; the route ids tell them apart.
 */
export function resourceRoutes(entries: RegistryEntry[] = RESOURCES): RouteConfigEntry[] {
  return entries.flatMap((e) => [
    route(e.path, "routes/admin/resource/list.tsx", { id: e.id }),
    route(`${e.path}/create`, "routes/admin/resource/form.tsx", { id: `${e.id}.create` }),
    route(`${e.path}/:id/edit`, "routes/admin/resource/form.tsx", { id: `${e.id}.edit` }),
    route(`${e.path}/:id`, "routes/admin/resource/view.tsx", { id: `${e.id}.show` }),
    route(`${e.path}/import`, "routes/admin/resource/import.tsx", { id: `${e.id}.import` }),
  ]);
}

/** The CSV export of each resource sits outside the admin layout (a file, not a page). */
export function resourceExportRoutes(entries: RegistryEntry[] = RESOURCES): RouteConfigEntry[] {
  return entries.map((e) =>
    route(`admin/${e.path}/export.csv`, "routes/admin/resource/export.ts", { id: `${e.id}.export` }),
  );
}
