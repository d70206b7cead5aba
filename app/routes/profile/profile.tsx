import { href } from "react-router";
import { z } from "zod";
import { requireAbility } from "~/auth/session.server";
import { handleAction, intent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { EMAIL_CHANGE_MESSAGES } from "~/modules/profile/email-change";
import {
  confirmPendingEmailChange,
  isEmailVerificationEnabled,
  sendEmailPin,
  updateEmail,
} from "~/modules/profile/email-change.server";
import { PasswordChangeSchema, ProfileInfoSchema } from "~/modules/profile/profile.schema";
import { changePassword, getProfilePage, updateProfileInfo } from "~/modules/profile/profile.server";
import { ProfilePage } from "~/modules/profile/ui/profile-page";
import type { Route } from "./+types/profile";

const PROFILE = href("/profile");

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "read", "Profile");
  return getProfilePage(await getServices(), { actor: viewer });
}

/**
 * The forms of /profile, each working without JavaScript: profile information, password, and the email change
 * as a plain two-step form sequence (send a pin, then enter it). Every change is journalled by its service.
 */
export async function action({ request }: Route.ActionArgs) {
  // Every form here changes the signed-in person's own account (the services act on the viewer only).
  const { viewer } = await requireAbility(request, "read", "Profile");
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    hideFields: ["pin"],
    intents: {
      "profile-info": intent(fromForm(ProfileInfoSchema), async ({ actor, input }) => {
        const r = await updateProfileInfo(services, { actor, input });
        return { redirectTo: `${PROFILE}#profile-information`, message: r.message };
      }),
      // The passwords are never echoed (the pipeline leaves out fields named so).
      password: intent(fromForm(PasswordChangeSchema), async ({ actor, input }) => {
        const r = await changePassword(services, { actor, input, headers: request.headers });
        return { redirectTo: PROFILE, message: r.message, headers: r.headers };
      }),
      // The email services parse their own input (the same services answer the JSON calls).
      "email-send-pin": intent(z.object({ email: z.unknown() }), async ({ actor, input }) => {
        if (!(await isEmailVerificationEnabled(services))) {
          const r = await updateEmail(services, { actor, input: { email: input.email } });
          return { redirectTo: PROFILE, message: r.message };
        }
        await sendEmailPin(services, { actor, input: { email: input.email } });
        return { redirectTo: `${PROFILE}#email-address`, message: EMAIL_CHANGE_MESSAGES.pinSent };
      }),
      "email-confirm": intent(z.object({ pin: z.unknown() }), async ({ actor, input }) => {
        const r = await confirmPendingEmailChange(services, { actor, input: { pin: input.pin } });
        return { redirectTo: PROFILE, message: r.message };
      }),
    },
  });
}

export function meta() {
  return [{ title: "Account settings · Vacation Points Market" }];
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage page={loaderData} actionData={actionData} />;
}
