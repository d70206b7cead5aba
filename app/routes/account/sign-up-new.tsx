import { Form, href, redirect, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/ui/link";
import { landingPathFor } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { handlePublicAction, publicIntent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { clientAddress } from "~/lib/request.server";
import { signUp } from "~/modules/accounts/accounts.server";
import { VERIFY_EMAIL_PATH } from "~/modules/accounts/accounts.schema";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import { SignUpSchema } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/sign-up-new";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => [{ title: "Create an account | Vacation Points Market" }]);

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw redirect(landingPathFor(viewer));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return handlePublicAction(request, {
    defaultIntent: "sign-up",
    intents: {
      "sign-up": publicIntent(fromForm(SignUpSchema), async ({ input }) => {
        const { headers, pinSent } = await signUp(await getServices(), {
          input,
          headers: request.headers,
          ip: clientAddress(request),
        });
        return {
          redirectTo: VERIFY_EMAIL_PATH,
          headers,
          message: pinSent
            ? "Your account is ready. We emailed you a 4-digit pin to verify your email."
            : "Your account is ready. Send yourself a pin to verify your email.",
        };
      }),
    },
  });
}

export default function SignUpNew({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const answer = formAnswer(actionData);
  const role = answer.value("role", params.get("role") === "seller" ? "seller" : "buyer");
  return (
    <AuthCard
      title="Create an account"
      intro={
        <>
          Already a member?{" "}
          <Link to={href("/sign-in")} className="font-medium text-sky-800 underline">
            Sign in
          </Link>
          .
        </>
      }
    >
      <Form method="post" noValidate className="space-y-4">
        <FormErrors errors={answer.formErrors} />
        <fieldset className="space-y-2" aria-describedby={answer.errors("role") ? "role-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">I want to</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["buyer", "seller"] as const).map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-400 px-3 py-2 has-[:checked]:border-sky-800 has-[:checked]:bg-sky-50"
              >
                <input type="radio" name="role" value={r} defaultChecked={role === r} />
                {r === "buyer" ? "Buy points" : "Sell points"}
              </label>
            ))}
          </div>
          {answer.errors("role") ? (
            <p id="role-error" className="text-sm font-medium text-red-700">
              {answer.errors("role")?.[0]}
            </p>
          ) : null}
        </fieldset>
        <Field
          id="sign-up-name"
          label="Full name"
          name="name"
          defaultValue={answer.value("name")}
          autoComplete="name"
          errors={answer.errors("name")}
        />
        <Field
          id="sign-up-email"
          label="Email"
          type="email"
          name="email"
          defaultValue={answer.value("email")}
          autoComplete="email"
          errors={answer.errors("email")}
        />
        <Field
          id="sign-up-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          errors={answer.errors("password")}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating your account..." : "Create an account"}
        </Button>
      </Form>
    </AuthCard>
  );
}
