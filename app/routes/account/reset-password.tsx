import { data, Form, href, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { handlePublicAction, publicIntent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { clientAddress } from "~/lib/request.server";
import { isResetTokenValid, resetPassword } from "~/modules/accounts/auth-password-reset.server";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import { AUTH_MESSAGES, ResetPasswordSchema } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/reset-password";

export const meta = () => [{ title: "Choose a new password | Vacation Points Market" }];

/** SPEC reset-password.view: the emailed link lands here with ?token=... (single use, 1 hour). */
/** The loader's no-referrer reaches the browser (route headers are only sent when the route passes them on). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await isResetTokenValid(await getServices(), token);
  // The token stays out of Referer headers sent from this page.
  return data({ token: valid ? token : null }, { headers: { "Referrer-Policy": "no-referrer" } });
}

export async function action({ request }: Route.ActionArgs) {
  // Passwords and the token are never echoed (the pipeline leaves out fields named so).
  return handlePublicAction(request, {
    defaultIntent: "reset",
    intents: {
      reset: publicIntent(fromForm(ResetPasswordSchema), async ({ input }) => {
        await resetPassword(await getServices(), { input, headers: request.headers, ip: clientAddress(request) });
        return {
          redirectTo: href("/sign-in"),
          message: "Your password has been changed. Sign in with your new password.",
        };
      }),
    },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = formAnswer(actionData);
  if (!loaderData.token) {
    return (
      <AuthCard title="This link no longer works">
        <p className="text-slate-800">{AUTH_MESSAGES.resetInvalid}</p>
        <p className="mt-4">
          <Link to={href("/forgot/password")} className="font-medium text-sky-800 underline">
            Ask for a new reset link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      intro="After you save it, every device signed in to your account is signed out."
    >
      <Form method="post" noValidate className="space-y-4">
        <FormErrors errors={answer.formErrors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          id="reset-password"
          type="password"
          label="New password"
          name="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          errors={answer.errors("password")}
        />
        <Field
          id="reset-confirm"
          type="password"
          label="Repeat the new password"
          name="confirmPassword"
          autoComplete="new-password"
          errors={answer.errors("confirmPassword")}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Save the new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
