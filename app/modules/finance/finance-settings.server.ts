import type { Db, Tx } from "~/db/client.server";
import { readSettingsSection } from "~/modules/admin/settings.server";
import { FINANCE_SETTINGS, type FinanceSettings } from "./finance-settings.schema";

/** The calculator's defaults and the disclaimer, as saved on /admin/finance/settings (defaults when unset). */
export function getFinanceSettings(db: Db | Tx): Promise<FinanceSettings> {
  return readSettingsSection(db, FINANCE_SETTINGS, "calculator");
}
