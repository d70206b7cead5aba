import { ShieldCheck } from "lucide-react";
import { Form, href, redirect, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/ui/link";
import { landingPathFor } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { isAppError } from "~/lib/errors";
import { handlePublicAction, publicIntent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { hasPendingTwoFactor, verifyTwoFactorSignIn } from "~/modules/accounts/two-factor.server";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import { TwoFactorCodeSchema } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/two-factor";

export const meta = () => [{ title: "Two-factor authentication | Vacation Points Market" }];

/** The second step of a sign-in with two-factor authentication on: a code from the app or a backup code. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw redirect(landingPathFor(viewer));
  if (!(await hasPendingTwoFactor(await getServices(), request.headers))) throw redirect(href("/sign-in"));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return handlePublicAction(request, {
    defaultIntent: "verify",
    hideFields: ["code"],
    intents: {
      verify: publicIntent(fromForm(TwoFactorCodeSchema), async ({ input }) => {
        try {
          const { headers } = await verifyTwoFactorSignIn(await getServices(), { input, headers: request.headers });
          return {
            redirectTo: safeRedirect(input.redirectTo, href("/dashboard")),
            message: "Welcome back.",
            headers,
          };
        } catch (error) {
          // The sign-in attempt expired or was never started: start again from the sign-in page.
          if (isAppError(error) && error.code === "UNAUTHENTICATED") {
            return { redirectTo: href("/sign-in"), message: error.message, kind: "error" as const };
          }
          throw error;
        }
      }),
    },
  });
}

export default function TwoFactor({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const answer = formAnswer(actionData);
  return (
    <AuthCard
      title="Two-factor authentication"
      intro={
        <p className="flex items-start gap-2">
          <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-800" />
          <span>
            Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your backup codes.
          </span>
        </p>
      }
    >
      <Form method="post" noValidate className="space-y-4">
        <FormErrors errors={answer.formErrors} />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <Field
          id="two-factor-code"
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          hint="6 digits, or a backup code such as abcde-12345."
          errors={answer.errors("code")}
          autoFocus
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Checking..." : "Sign in"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        <Link to={href("/sign-in")} className="text-sky-800 underline">
          Start again
        </Link>
      </p>
    </AuthCard>
  );
}
