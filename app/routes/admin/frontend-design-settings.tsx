import { href } from "react-router";
import { SettingsScreen } from "~/components/admin/settings-screen";
import { DESIGN_SETTINGS } from "~/modules/content/design-settings.schema";
import type { Route } from "./+types/frontend-design-settings";
import { settingsAction, settingsLoader } from "./settings-route.server";

/** /admin/frontend-design-settings (SPEC admin menu): name, logo, header colours, footer text, plane banner. */
export const loader = ({ request }: Route.LoaderArgs) => settingsLoader(request, DESIGN_SETTINGS);
export const action = ({ request }: Route.ActionArgs) =>
  settingsAction(request, DESIGN_SETTINGS, href("/admin/frontend-design-settings"));
export const meta = () => [{ title: "Front-end design settings · Admin" }];

export default function FrontendDesignSettingsPage() {
  return <SettingsScreen settings={DESIGN_SETTINGS} />;
}
