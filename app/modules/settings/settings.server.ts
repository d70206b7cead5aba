import type { Db, Tx } from "~/db/client.server";
import { sectionOf, sectionValuesOf } from "~/modules/admin/settings";
import type { SiteInfo } from "./settings.schema";
import { TWEAKS } from "./tweaks.schema";
import { selectSettings } from "./settings.queries.server";
import { selectSettingValues, selectUserSettingValues, writeSetting, writeUserSetting } from "./tweaks.queries.server";

/**
 * One stored setting for another module's own use (e.g. the offer dashboard's defaults); the caller checks who may
 * read or change it. Pass the transaction when inside one.
 */
export async function readSetting(db: Db | Tx, key: string): Promise<unknown> {
  return (await selectSettingValues(db, [key]))[key] ?? null;
}

export async function storeSetting(tx: Tx, key: string, value: unknown) {
  await writeSetting(tx, key, value);
}

/**
 * Stored settings by key (a key with no row is absent), for the admin engine's settings reader. With `userId`, that
 * person's own values (a `scope: "user"` section, decision 0093) and nobody else's.
 */
export async function readSettingRows(
  db: Db | Tx,
  keys: readonly string[],
  userId?: string,
): Promise<Record<string, unknown>> {
  if (!keys.length) return {};
  return userId === undefined ? selectSettingValues(db, [...keys]) : selectUserSettingValues(db, userId, [...keys]);
}

/** Writes several settings inside the caller's transaction; with `userId`, as that person's own values. */
export async function storeSettings(tx: Tx, rows: Record<string, unknown>, userId?: string) {
  for (const [key, value] of Object.entries(rows)) {
    if (userId === undefined) await writeSetting(tx, key, value);
    else await writeUserSetting(tx, userId, key, value);
  }
}

export async function getSettings(db: Db, keys: readonly string[]): Promise<Record<string, unknown>> {
  const rows = await selectSettings(db, [...keys]);
  const out: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, null]));
  for (const row of rows) out[row.key] = row.value;
  return out;
}

export async function getSiteInfo(db: Db): Promise<SiteInfo> {
  const s = await getSettings(db, [
    "site_name",
    "site_email",
    "site_phone",
    "site_phone_secondary",
    "business_hours",
    "copyright_start_year",
  ]);
  return {
    siteName: (s.site_name as string) ?? "Vacation Points Market",
    email: (s.site_email as string) ?? "",
    phone: (s.site_phone as string) ?? "",
    phoneSecondary: (s.site_phone_secondary as string) ?? "",
    hours: (s.business_hours as SiteInfo["hours"]) ?? [],
    // /admin/tweaks "Years" (decision 0093): a missing or out-of-range year reads as the default.
    copyrightStartYear: sectionValuesOf(sectionOf(TWEAKS, "years"), s).copyrightStartYear,
  };
}
