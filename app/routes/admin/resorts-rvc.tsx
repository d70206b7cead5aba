import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { SettingsScreen } from "~/components/admin/settings-screen";
import { RVC_SETTINGS } from "~/modules/market/rvc.schema";
import type { Route } from "./+types/resorts-rvc";
import { settingsAction, settingsLoader } from "./settings-route.server";

/** /admin/resorts/rvc (SPEC admin menu): the resale value calculator's parameters, a settings screen of the engine. */
export const loader = ({ request }: Route.LoaderArgs) => settingsLoader(request, RVC_SETTINGS);
export const action = ({ request }: Route.ActionArgs) =>
  settingsAction(request, RVC_SETTINGS, href("/admin/resorts/rvc"));
export const meta = () => [{ title: "Resale value calculator · Admin" }];

export default function ResortsRvcPage() {
  return (
    <SettingsScreen
      settings={RVC_SETTINGS}
      intro={
        <>
          How the public{" "}
          <Link to={href("/selling/rvc")} className="text-sky-800 underline">
            resale value calculator
          </Link>{" "}
          values a contract. The reference values per point it falls back on are the{" "}
          <Link to={href("/admin/resorts/membership-values")} className="text-sky-800 underline">
            membership values
          </Link>
          .
        </>
      }
    />
  );
}
