import { SettingsScreen } from "~/components/admin/settings-screen";
import { SOCIAL_SETTINGS } from "~/modules/social/social-settings.schema";
import type { Route } from "./+types/fb-settings";
import { settingsAction, settingsLoader } from "./settings-route.server";
import { href } from "react-router";

/** /admin/fb-settings (SPEC admin menu, issue 33): the Facebook app id, Meta Pixel id and domain verification token. */
export const loader = ({ request }: Route.LoaderArgs) => settingsLoader(request, SOCIAL_SETTINGS);
export const action = ({ request }: Route.ActionArgs) =>
  settingsAction(request, SOCIAL_SETTINGS, href("/admin/fb-settings"));
export const meta = () => [{ title: "Facebook settings · Admin" }];

export default function FbSettingsPage() {
  return (
    <SettingsScreen
      settings={SOCIAL_SETTINGS}
      intro={
        <>
          Public pages carry these only when they are set. The Meta Pixel is loaded only for visitors who accept
          marketing cookies in the prompt the public pages then show; account and admin pages never load it.
        </>
      }
    />
  );
}
