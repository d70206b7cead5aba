import { getFormProps, useForm } from "@conform-to/react";
import { MailCheck } from "lucide-react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { useDeferredValidation } from "~/components/ui/use-deferred-validation";
import { isAppError } from "~/lib/errors";
import { handleFormAction, readForm } from "~/lib/action.server";
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
  const formData = await readForm(request);
  const services = await getServices();
  if (formData.get("intent") === "resend") {
    try {
      await sendVerificationPin(services, { actor: viewer, headers: request.headers });
      return data({ intent: "resend" as const, sent: AUTH_MESSAGES.pinSent, error: null, result: undefined });
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (error.code === "CONFLICT") throw redirect(href("/welcome"));
      return data(
        { intent: "resend" as const, sent: null, error: error.message, result: undefined },
        { status: error.status },
      );
    }
  }
  return handleFormAction(request, {
    form: formData,
    schema: PinSchema,
    hideFields: ["pin"],
    echo: { intent: "verify" as const, sent: null, error: null },
    run: async (input) => {
      await verifyEmailPin(services, { actor: viewer, input, headers: request.headers });
      return { redirectTo: href("/welcome"), message: "Thank you, your email is verified." };
    },
  });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  // Checked as you type with the schema, loaded after hydration (zod stays out of the page's first JavaScript).
  const validate = useDeferredValidation(() => import("~/modules/accounts/accounts.schema").then((m) => m.PinSchema));
  const [form, fields] = useForm({
    lastResult: actionData?.intent === "verify" ? actionData.result : undefined,
    onValidate: ({ formData }) => validate({ formData }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
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
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <input type="hidden" name="intent" value="verify" />
        <Field
          id="verify-pin"
          label="Email pin"
          name={fields.pin.name}
          defaultValue={fields.pin.initialValue}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          pattern="[0-9]{4}"
          errors={fields.pin.errors}
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
        {actionData?.intent === "resend" && actionData.sent ? (
          <p role="status" className="mt-3 font-medium text-emerald-800">
            {actionData.sent}
          </p>
        ) : null}
        {actionData?.intent === "resend" && actionData.error ? (
          <p role="alert" className="mt-3 font-medium text-red-800">
            {actionData.error}
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
