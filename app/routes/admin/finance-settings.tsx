import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { SettingsScreen } from "~/components/admin/settings-screen";
import { FINANCE_SETTINGS } from "~/modules/finance/finance-settings.schema";
import type { Route } from "./+types/finance-settings";
import { settingsAction, settingsLoader } from "./settings-route.server";

/** /admin/finance/settings (SPEC admin menu): the payment calculator's defaults, a settings screen of the engine. */
export const loader = ({ request }: Route.LoaderArgs) => settingsLoader(request, FINANCE_SETTINGS);
export const action = ({ request }: Route.ActionArgs) =>
  settingsAction(request, FINANCE_SETTINGS, href("/admin/finance/settings"));
export const meta = () => [{ title: "Finance settings · Admin" }];

export default function FinanceSettingsPage() {
  return (
    <SettingsScreen
      settings={FINANCE_SETTINGS}
      intro={
        <>
          The starting values of the payment calculator on the{" "}
          <Link to={href("/dvc-financing")} className="text-sky-800 underline">
            financing page
          </Link>
          . The lenders listed there are edited under{" "}
          <Link to={href("/admin/finance/lenders")} className="text-sky-800 underline">
            Lenders
          </Link>
          .
        </>
      }
    />
  );
}
