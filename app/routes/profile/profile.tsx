import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { requireAbility } from "~/auth/session.server";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { replyWithAppError } from "~/lib/http.server";
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
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  if (intent === "profile-info") {
    const submission = parseWithZod(formData, { schema: ProfileInfoSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      const r = await updateProfileInfo(services, { actor: viewer, input: submission.value });
      return done(r.message, "#profile-information");
    } catch (error) {
      return withIntent(intent, replyWithAppError(error, submission));
    }
  }

  if (intent === "password") {
    const hide = ["currentPassword", "newPassword", "confirmPassword"];
    const submission = parseWithZod(formData, { schema: PasswordChangeSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: hide }) }, { status: 400 });
    }
    try {
      const r = await changePassword(services, { actor: viewer, input: submission.value, headers: request.headers });
      return done(r.message, "", r.headers);
    } catch (error) {
      return withIntent(intent, replyWithAppError(error, submission, hide));
    }
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

function withIntent(intent: string, reply: ReturnType<typeof replyWithAppError>) {
  return data({ intent, ...reply.data }, reply.init ?? undefined);
}

export function meta() {
  return [{ title: "Account settings · Vacation Points Market" }];
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage page={loaderData} actionData={actionData} />;
}
