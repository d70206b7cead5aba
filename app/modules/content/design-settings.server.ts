import type { Db } from "~/db/client.server";
import { AA_NORMAL_TEXT, contrastRatio } from "~/lib/contrast";
import { readSettings } from "~/modules/admin/settings.server";
import { DESIGN_SETTINGS } from "./design-settings.schema";

/** What the public shell draws from /admin/frontend-design-settings. */
export type ShellDesign = {
  logo: string | null;
  header: { background: string; text: string };
  footerText: string;
  plane: { show: boolean; text: string };
};

/**
 * The design settings as the shell uses them. The colours were checked when saved; a pair stored some other way that
 * reads below AA falls back to the defaults, so the header is never unreadable.
 */
export async function getShellDesign(db: Db): Promise<ShellDesign> {
  const s = await readSettings(db, DESIGN_SETTINGS);
  const header =
    contrastRatio(s.header.text, s.header.background) >= AA_NORMAL_TEXT
      ? { background: s.header.background, text: s.header.text }
      : { background: "#0f172a", text: "#ffffff" };
  return {
    logo: s.identity.logo || null,
    header,
    footerText: s.footer.text,
    plane: { show: s.home.showPlane, text: s.home.planeText },
  };
}
