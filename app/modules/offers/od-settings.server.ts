import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import type { ListDefaults } from "~/modules/admin/resource";
import { recordActivity } from "~/modules/journal/journal.server";
import { readSetting, storeSetting } from "~/modules/settings/settings.server";
import {
  OD_COLUMNS,
  OD_SETTINGS_KEY,
  OD_SORTS,
  OD_STATUS_OPTIONS,
  type OdSettings,
  OdSettingsSchema,
  odSettingsOf,
} from "./od-settings.schema";

function requireOfferAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("manage", "OfferAdmin")) {
    throw new AppError("FORBIDDEN", "Only administrators change the offer dashboard's settings.");
  }
}

async function readOdSettings(db: Db | Tx): Promise<OdSettings> {
  return odSettingsOf(await readSetting(db, OD_SETTINGS_KEY));
}

export async function getOdSettings(deps: Pick<Services, "db">, args: { actor: Viewer }): Promise<OdSettings> {
  requireOfferAdmin(args.actor);
  return readOdSettings(deps.db);
}

/** The dashboard's starting view from the saved settings (the resource's `listDefaults`). */
export async function offerDashboardDefaults(db: Db | Tx, now = new Date()): Promise<ListDefaults> {
  const s = await readOdSettings(db);
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

const words = (s: OdSettings) =>
  [
    `opens on ${OD_STATUS_OPTIONS.find((o) => o.value === s.status)?.label ?? s.status}`,
    `${s.perPage} a page`,
    OD_SORTS[s.sort].label.toLowerCase(),
    s.columns.length
      ? `also shows ${s.columns.map((c) => OD_COLUMNS.find((o) => o.value === c)?.label ?? c).join(", ")}`
      : "no extra columns",
    s.days > 0 ? `offers of the last ${s.days} days` : "offers of any date",
  ].join("; ");

/** Saves the dashboard's defaults and journals what changed, in one transaction. */
export async function saveOdSettings(deps: Pick<Services, "db">, args: { actor: Viewer; input: unknown }) {
  requireOfferAdmin(args.actor);
  const parsed = OdSettingsSchema.safeParse(args.input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    throw new AppError("BAD_INPUT", parsed.error.issues[0]?.message ?? "Please correct the settings.", fields);
  }
  const to = parsed.data;
  return deps.db.transaction(async (tx) => {
    const from = await readOdSettings(tx);
    await storeSetting(tx, OD_SETTINGS_KEY, to);
    await recordActivity(tx, {
      userId: args.actor.id,
      actor: args.actor,
      kind: "settings.od",
      facts: { before: words(from), after: words(to) },
      data: { key: OD_SETTINGS_KEY, from, to },
    });
    return { settings: to, message: `Offer dashboard settings saved: it ${words(to)}.` };
  });
}
