import { data, href, redirect } from "react-router";
import { requireAbility } from "~/auth/session.server";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { handleFormAction, readForm } from "~/lib/action.server";
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

async function done(message: string, hash: string, extra?: Headers) {
  const headers = await setFlash(extra ?? new Headers(), { kind: "success", message });
  return redirect(`${PROFILE}${hash}`, { headers, status: 303 });
}

/**
 * The forms of /profile, each working without JavaScript: profile information, password, and the email change
 * as a plain two-step form sequence (send a pin, then enter it). Every change is journalled by its service.
 */
export async function action({ request }: Route.ActionArgs) {
  // Every form here changes the signed-in person's own account (the services act on the viewer only).
  const { viewer } = await requireAbility(request, "read", "Profile");
  const services = await getServices();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "profile-info") {
    return handleFormAction(request, {
      form: formData,
      schema: ProfileInfoSchema,
      echo: { intent },
      run: async (input) => {
        const r = await updateProfileInfo(services, { actor: viewer, input });
        return { redirectTo: `${PROFILE}#profile-information`, message: r.message, status: 303 };
      },
    });
  }

  if (intent === "password") {
    return handleFormAction(request, {
      form: formData,
      schema: PasswordChangeSchema,
      hideFields: ["currentPassword", "newPassword", "confirmPassword"],
      echo: { intent },
      run: async (input) => {
        const r = await changePassword(services, { actor: viewer, input, headers: request.headers });
        return { redirectTo: PROFILE, message: r.message, headers: r.headers, status: 303 };
      },
    });
  }

  if (intent === "email-send-pin" || intent === "email-confirm") {
    try {
      if (intent === "email-send-pin" && !(await isEmailVerificationEnabled(services))) {
        const r = await updateEmail(services, { actor: viewer, input: { email: formData.get("email") } });
        return done(r.message, "");
      }
      if (intent === "email-send-pin") {
        await sendEmailPin(services, { actor: viewer, input: { email: formData.get("email") } });
        return done(EMAIL_CHANGE_MESSAGES.pinSent, "#email-address");
      }
      const r = await confirmPendingEmailChange(services, { actor: viewer, input: { pin: formData.get("pin") } });
      return done(r.message, "");
    } catch (error) {
      if (!isAppError(error)) throw error;
      return data({ intent, emailError: error.message }, { status: error.status });
    }
  }

  return data({ intent, formError: "Unknown form." }, { status: 400 });
}

export function meta() {
  return [{ title: "Account settings · Vacation Points Market" }];
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage page={loaderData} actionData={actionData} />;
}
