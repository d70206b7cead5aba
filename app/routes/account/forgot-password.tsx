import { Form, href, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { handlePublicAction, publicIntent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { requestPasswordReset } from "~/modules/accounts/auth-password-reset.server";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import { ForgotPasswordSchema } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/forgot-password";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => [
  { title: "Forgot your password? | Vacation Points Market" },
  {
    name: "description",
    content:
      "Forgot your Vacation Points Market password? Enter your account's email address and we will send you a link to choose a new one.",
  },
]);

/** SPEC forgot.password.view. The answer is the same whether or not the email has an account. */
export async function action({ request }: Route.ActionArgs) {
  return handlePublicAction(request, {
    defaultIntent: "send",
    intents: {
      send: publicIntent(fromForm(ForgotPasswordSchema), async ({ input }) => {
        const { message } = await requestPasswordReset(await getServices(), { input, headers: request.headers });
        return { stay: true, json: { sent: message } };
      }),
    },
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = formAnswer(actionData);
  const sent = actionData && "sent" in actionData ? String(actionData.sent) : null;
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <p role="status" className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900">
          {sent}
        </p>
      ) : null}
      <Form method="post" noValidate className="space-y-4">
        <FormErrors errors={answer.formErrors} />
        <Field
          id="forgot-email"
          type="email"
          label="Email"
          name="email"
          defaultValue={answer.value("email")}
          autoComplete="email"
          errors={answer.errors("email")}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "Email me a reset link"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-slate-700">
        Remembered it?{" "}
        <Link to={href("/sign-in")} className="font-medium text-sky-800 underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
