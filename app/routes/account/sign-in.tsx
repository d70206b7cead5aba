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
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signIn } from "~/modules/accounts/accounts.server";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import { SignInSchema } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/sign-in";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => [
  { title: "Sign in | Vacation Points Market" },
  {
    name: "description",
    content:
      "Sign in to Vacation Points Market to follow your offers and agreements, your saved listings and the DVC points you have listed for sale.",
  },
]);

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw redirect(landingPathFor(viewer));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return handlePublicAction(request, {
    defaultIntent: "sign-in",
    intents: {
      "sign-in": publicIntent(fromForm(SignInSchema), async ({ input }) => {
        const { headers, twoFactor } = await signIn(await getServices(), { input, headers: request.headers });
        const next = safeRedirectPath(input.redirectTo);
        if (twoFactor) {
          const twoFactorPage = href("/two-factor");
          return {
            redirectTo: next ? `${twoFactorPage}?redirectTo=${encodeURIComponent(next)}` : twoFactorPage,
            headers,
          };
        }
        return { redirectTo: next ?? href("/dashboard"), message: "Welcome back.", headers };
      }),
    },
  });
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const answer = formAnswer(actionData);
  return (
    <AuthCard
      title="Sign in"
      intro={
        <>
          New here?{" "}
          <Link to={href("/sign-up")} className="font-medium text-sky-800 underline">
            Create an account
          </Link>
          .
        </>
      }
    >
      <Form method="post" noValidate className="space-y-4">
        <FormErrors errors={answer.formErrors} />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <Field
          type="email"
          name="email"
          defaultValue={answer.value("email")}
          id="sign-in-email"
          label="Email"
          autoComplete="email"
          errors={answer.errors("email")}
        />
        <Field
          type="password"
          name="password"
          id="sign-in-password"
          label="Password"
          autoComplete="current-password"
          errors={answer.errors("password")}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      <p className="mt-4 text-center">
        <Link to={href("/forgot/password")} className="text-sm font-medium text-sky-800 underline">
          Forgot your password?
        </Link>
      </p>
    </AuthCard>
  );
}
