import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { landingPathFor } from "~/auth/abilities";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { handleAction, intent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { getContactDetails, saveContactDetails } from "~/modules/accounts/auth-complete-profile.server";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import { CompleteProfileSchema } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/complete-profile";

export const meta = () => [{ title: "Complete your profile | Vacation Points Market" }];

/** SPEC user.complete-profile: phone number and mailing address after joining; it can be skipped. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const details = await getContactDetails(await getServices(), { actor: viewer });
  return { landing: landingPathFor(viewer), details };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "save",
    intents: {
      save: intent(fromForm(CompleteProfileSchema), async ({ actor, input }) => {
        await saveContactDetails(await getServices(), { actor, input });
        return { redirectTo: landingPathFor(actor), message: "Thank you, your profile is complete." };
      }),
    },
  });
}

export default function CompleteProfile({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const d = loaderData.details;
  const answer = formAnswer(actionData);
  const stored = {
    phoneNumber: d?.phoneNumber ?? "",
    addressLine1: d?.addressLine1 ?? "",
    addressLine2: d?.addressLine2 ?? "",
    city: d?.city ?? "",
    state: d?.state ?? "",
    postalCode: d?.postalCode ?? "",
    country: d?.country ?? "US",
  };
  const text = (name: keyof typeof stored, id: string, label: string, more: Record<string, unknown> = {}) => (
    <Field
      id={id}
      label={label}
      name={name}
      defaultValue={answer.value(name, stored[name])}
      errors={answer.errors(name)}
      {...more}
    />
  );
  return (
    <AuthCard
      title="Complete your profile"
      intro="We use your phone number and mailing address only for your deals: they go on your purchase agreement, and we use them to reach you about offers."
    >
      <Form method="post" noValidate className="space-y-4">
        <FormErrors errors={answer.formErrors} />
        {text("phoneNumber", "profile-phone", "Phone number", { type: "tel", autoComplete: "tel" })}
        {text("addressLine1", "profile-address1", "Street address", { autoComplete: "address-line1" })}
        {text("addressLine2", "profile-address2", "Apartment, suite (optional)", { autoComplete: "address-line2" })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("city", "profile-city", "City", { autoComplete: "address-level2" })}
          {text("state", "profile-state", "State or province", { autoComplete: "address-level1" })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("postalCode", "profile-postal", "ZIP or postal code", { autoComplete: "postal-code" })}
          <div className="space-y-1">
            <label htmlFor="profile-country" className="block text-sm font-medium text-slate-800">
              Country
            </label>
            <select
              id="profile-country"
              name="country"
              defaultValue={answer.value("country", stored.country) || "US"}
              autoComplete="country"
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm"
            >
              <option value="US">United States</option>
              <option value="CA">Canada</option>
              <option value="GB">United Kingdom</option>
              <option value="MX">Mexico</option>
            </select>
          </div>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Save and continue"}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to={loaderData.landing} className="text-sky-800 underline">
          Skip for now
        </Link>
      </p>
    </AuthCard>
  );
}
