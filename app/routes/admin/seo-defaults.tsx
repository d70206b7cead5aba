import { href } from "react-router";
import { SettingsScreen } from "~/components/admin/settings-screen";
import { SEO_SETTINGS } from "~/modules/seo/seo-settings.schema";
import type { Route } from "./+types/seo-defaults";
import { settingsAction, settingsLoader } from "./settings-route.server";

/** /admin/seo/defaults (issue 32, decision 0085): the link-preview picture of pages without one. Writers too. */
export const loader = ({ request }: Route.LoaderArgs) => settingsLoader(request, SEO_SETTINGS);
export const action = ({ request }: Route.ActionArgs) =>
  settingsAction(request, SEO_SETTINGS, href("/admin/seo/defaults"));
export const meta = () => [{ title: "SEO defaults · Admin" }];

export default function SeoDefaultsPage() {
  return <SettingsScreen settings={SEO_SETTINGS} />;
}
