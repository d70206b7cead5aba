import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { SettingsScreen } from "~/components/admin/settings-screen";
import { OD_SETTINGS } from "~/modules/offers/od-settings.schema";
import type { Route } from "./+types/od-settings";
import { settingsAction, settingsLoader } from "./settings-route.server";

/** /admin/od-settings (SPEC admin menu): the offer dashboard's starting view, a settings screen of the admin engine. */
export const loader = ({ request }: Route.LoaderArgs) => settingsLoader(request, OD_SETTINGS);
export const action = ({ request }: Route.ActionArgs) =>
  settingsAction(request, OD_SETTINGS, href("/admin/od-settings"));
export const meta = () => [{ title: "Offer dashboard settings · Admin" }];

export default function OdSettingsPage() {
  return (
    <SettingsScreen
      settings={OD_SETTINGS}
      intro={
        <>
          How the{" "}
          <Link to={href("/admin/offer-dashboard")} className="text-sky-800 underline">
            offer dashboard
          </Link>{" "}
          opens for every administrator. A tab, sort or page size chosen on the dashboard still applies to that visit.
        </>
      }
    />
  );
}
