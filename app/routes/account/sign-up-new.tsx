import { getFormProps, useForm } from "@conform-to/react";
import { Form, href, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { landingPathFor } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { useDeferredValidation } from "~/components/ui/use-deferred-validation";
import { handleFormAction } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { clientAddress } from "~/lib/request.server";
import { signUp } from "~/modules/accounts/accounts.server";
import { VERIFY_EMAIL_PATH } from "~/modules/accounts/accounts.schema";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import { SignUpSchema } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/sign-up-new";

export const meta = () => [{ title: "Create an account | Vacation Points Market" }];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw redirect(landingPathFor(viewer));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return handleFormAction(request, {
    schema: SignUpSchema,
    hideFields: ["password"],
    run: async (input) => {
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
    },
  });
}

export default function SignUpNew({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  // Checked as you type with the schema, loaded after hydration (zod stays out of the page's first JavaScript).
  const validate = useDeferredValidation(() =>
    import("~/modules/accounts/accounts.schema").then((m) => m.SignUpSchema),
  );
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { role: params.get("role") === "seller" ? "seller" : "buyer" },
    onValidate: ({ formData }) => validate({ formData }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const role = fields.role.initialValue ?? "buyer";
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
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <fieldset className="space-y-2" aria-describedby={fields.role.errors ? "role-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">I want to</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["buyer", "seller"] as const).map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-400 px-3 py-2 has-[:checked]:border-sky-800 has-[:checked]:bg-sky-50"
              >
                <input type="radio" name={fields.role.name} value={r} defaultChecked={role === r} />
                {r === "buyer" ? "Buy points" : "Sell points"}
              </label>
            ))}
          </div>
          {fields.role.errors ? (
            <p id="role-error" className="text-sm font-medium text-red-700">
              {fields.role.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <Field
          id="sign-up-name"
          label="Full name"
          name={fields.name.name}
          defaultValue={fields.name.initialValue}
          autoComplete="name"
          errors={fields.name.errors}
        />
        <Field
          id="sign-up-email"
          label="Email"
          type="email"
          name={fields.email.name}
          defaultValue={fields.email.initialValue}
          autoComplete="email"
          errors={fields.email.errors}
        />
        <Field
          id="sign-up-password"
          label="Password"
          type="password"
          name={fields.password.name}
          autoComplete="new-password"
          hint="At least 6 characters."
          errors={fields.password.errors}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating your account..." : "Create an account"}
        </Button>
      </Form>
    </AuthCard>
  );
}
