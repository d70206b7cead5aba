import { href } from "react-router";
import { SettingsScreen } from "~/components/admin/settings-screen";
import { TWEAKS } from "~/modules/settings/tweaks.schema";
import type { Route } from "./+types/tweaks";
import { settingsAction, settingsLoader } from "./settings-route.server";

/** /admin/tweaks (SPEC admin menu): the site-wide switches, a settings screen of the admin engine (decision 0064). */
export const loader = ({ request }: Route.LoaderArgs) => settingsLoader(request, TWEAKS);
export const action = ({ request }: Route.ActionArgs) => settingsAction(request, TWEAKS, href("/admin/tweaks"));
export const meta = () => [{ title: "Tweaks · Admin" }];

export default function AdminTweaks() {
  return <SettingsScreen settings={TWEAKS} />;
}
