import { MailCheck } from "lucide-react";
import { Form, href, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { z } from "zod";
import { isAppError } from "~/lib/errors";
import { handleAction, intent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { sendVerificationPin, verifyEmailPin } from "~/modules/accounts/auth-email-verification.server";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import { AUTH_MESSAGES, PinSchema } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/verify-email";

export const meta = () => [{ title: "Verify your email | Vacation Points Market" }];

/** SPEC register.action.verify-email-message: enter the 4-digit pin mailed after joining, or send a new one. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  if (viewer.emailVerified) throw redirect(href("/welcome"));
  return { email: viewer.email };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "verify",
    hideFields: ["pin"],
    intents: {
      verify: intent(fromForm(PinSchema), async ({ actor, input }) => {
        await verifyEmailPin(services, { actor, input, headers: request.headers });
        return { redirectTo: href("/welcome"), message: "Thank you, your email is verified." };
      }),
      resend: intent(z.object({}), async ({ actor }) => {
        try {
          await sendVerificationPin(services, { actor, headers: request.headers });
        } catch (error) {
          if (isAppError(error) && error.code === "CONFLICT") throw redirect(href("/welcome"));
          throw error;
        }
        return { stay: true, json: { sent: AUTH_MESSAGES.pinSent } };
      }),
    },
  });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const answer = formAnswer(actionData, "verify");
  const resend = formAnswer(actionData, "resend");
  const sent = actionData && "sent" in actionData ? String(actionData.sent) : null;
  return (
    <AuthCard
      title="Verify your email"
      intro={
        <p className="flex items-start gap-2">
          <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-800" />
          <span>
            We sent a 4-digit pin to <strong className="break-all">{loaderData.email}</strong>. Enter it below to verify
            your email. The pin expires in 10 minutes.
          </span>
        </p>
      }
    >
      <Form method="post" noValidate className="space-y-4">
        <FormErrors errors={answer.formErrors} />
        <input type="hidden" name="intent" value="verify" />
        <Field
          id="verify-pin"
          label="Email pin"
          name="pin"
          defaultValue={answer.value("pin")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          pattern="[0-9]{4}"
          errors={answer.errors("pin")}
        />
        <Button type="submit" className="w-full" disabled={Boolean(busy)}>
          {busy === "verify" ? "Checking..." : "Verify email"}
        </Button>
      </Form>
      <div className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-700">
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="resend" />
          <span>No email, or the pin expired?</span>
          <Button type="submit" variant="secondary" size="sm" disabled={Boolean(busy)}>
            {busy === "resend" ? "Sending..." : "Send a new pin"}
          </Button>
        </Form>
        {sent ? (
          <p role="status" className="mt-3 font-medium text-emerald-800">
            {sent}
          </p>
        ) : null}
        {resend.error ? (
          <p role="alert" className="mt-3 font-medium text-red-800">
            {resend.error}
          </p>
        ) : null}
        <p className="mt-3">
          You can also verify later:{" "}
          <Link to={href("/dashboard")} className="text-sky-800 underline">
            go to my account
          </Link>
          . You need a verified email to list a contract or make an offer.
        </p>
      </div>
    </AuthCard>
  );
}
