import type { Db } from "~/db/client.server";
import { selectResortBySlug, selectResorts } from "./resorts.queries.server";

export type Resort = Awaited<ReturnType<typeof selectResorts>>[number];

/** Every resort in display order; the interval-resorts entry comes last. */
export async function listResorts(db: Db): Promise<Resort[]> {
  const rows = await selectResorts(db);
  return [...rows.filter((r) => !r.isInterval), ...rows.filter((r) => r.isInterval)];
}

/** The resort with this URL slug, or null when there is none. */
export async function getResortBySlug(db: Db, slug: string): Promise<Resort | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const [row] = await selectResortBySlug(db, slug);
  return row ?? null;
}
