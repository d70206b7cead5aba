import type { RegistryEntry } from "./resources.registry";

/** The URL of each screen of a registered resource (the paths `resourceRoutes` declares). */
export const resourcePaths = (path: string) => ({
  list: `/admin/${path}`,
  create: `/admin/${path}/create`,
  show: (id: string | number) => `/admin/${path}/${encodeURIComponent(String(id))}`,
  edit: (id: string | number) => `/admin/${path}/${encodeURIComponent(String(id))}/edit`,
  import: `/admin/${path}/import`,
  export: `/admin/${path}/export.csv`,
});

/** The route patterns (as React Router reports them in a loader's `pattern`) of one resource. */
export function resourcePatterns(entry: RegistryEntry) {
  const base = `/admin/${entry.path}`;
  return {
    list: base,
    create: `${base}/create`,
    show: `${base}/:id`,
    edit: `${base}/:id/edit`,
    import: `${base}/import`,
    export: `${base}/export.csv`,
  };
}
