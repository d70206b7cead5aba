import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import type { ListDefaults } from "~/modules/admin/resource";
import { readSettingsSection, saveSettingsSection } from "~/modules/admin/settings.server";
import { OD_SETTINGS, OD_SORTS } from "./od-settings.schema";

/** The dashboard's starting view from the saved settings (the resource's `listDefaults`). */
export async function offerDashboardDefaults(db: Db | Tx, now = new Date()): Promise<ListDefaults> {
  const s = await readSettingsSection(db, OD_SETTINGS, "defaults");
  const filters: Record<string, string> = {};
  if (s.status !== "all") filters.status = s.status;
  if (s.days > 0) filters["created.from"] = easternDaysBefore(now, s.days);
  const sort = OD_SORTS[s.sort];
  return { perPage: s.perPage, shown: s.columns, sort: { key: sort.key, dir: sort.dir }, filters };
}

/** The Eastern calendar day `days` before `now`, as YYYY-MM-DD. */
function easternDaysBefore(now: Date, days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(now);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** Saves the dashboard's defaults as an administrator: the engine's save of its one section, named. */
export function saveOdSettings(
  deps: Parameters<typeof saveSettingsSection>[0],
  args: { actor: Viewer; input: Record<string, unknown> },
) {
  return saveSettingsSection(deps, {
    actor: args.actor,
    decl: OD_SETTINGS,
    input: { ...args.input, intent: "defaults" },
  });
}
