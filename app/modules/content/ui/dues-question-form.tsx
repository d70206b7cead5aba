import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormErrors, SelectField } from "~/components/ui/field";
import { CONTACT_LIMITS } from "~/modules/contact/contact.rules";

/**
 * "Ask about a resort's dues" (issue 27): on the dues guide, for resorts whose published dues for the year are not
 * on record. Posts to the guide's own action (a contact message); works without JavaScript (the page answers with the
 * errors, or redirects back with a thank-you note).
 */
export function DuesQuestionForm({
  resorts,
  resort,
  year,
  lastResult,
  defaults,
}: {
  resorts: { code: string; name: string }[];
  /** The resort chosen (from `?resort=`), if any. */
  resort: string | null;
  year: number;
  lastResult?: SubmissionResult<string[]> | null;
  defaults: { name?: string; email?: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const chosen = resorts.find((r) => r.code === resort) ?? null;
  const [form, fields] = useForm({
    id: "dues-question",
    lastResult,
    defaultValue: {
      name: defaults.name ?? "",
      email: defaults.email ?? "",
      resort: chosen?.code ?? "",
      message: `What are the published ${year} dues per point at ${chosen?.name ?? "this resort"}?`,
      phone: "",
    },
    shouldValidate: "onBlur",
  });
  const messageErrorId = `${fields.message.id}-error`;
  const messageInvalid = !!fields.message.errors?.length;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="max-w-xl space-y-4">
      <FormErrors errors={form.errors} />
      <SelectField
        id="dues-question-resort"
        label="Resort"
        name={fields.resort.name}
        defaultValue={fields.resort.initialValue as string | undefined}
        errors={fields.resort.errors}
      >
        <option value="">Choose a resort</option>
        {resorts.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          type="text"
          name={fields.name.name}
          defaultValue={fields.name.initialValue as string | undefined}
          key={fields.name.key}
          id="dues-question-name"
          label="Your name"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.nameMax}
          errors={fields.name.errors}
        />
        <Field
          type="email"
          name={fields.email.name}
          defaultValue={fields.email.initialValue as string | undefined}
          key={fields.email.key}
          id="dues-question-email"
          label="Email"
          autoComplete="email"
          errors={fields.email.errors}
        />
      </div>
      <Field
        type="tel"
        name={fields.phone.name}
        defaultValue={fields.phone.initialValue as string | undefined}
        key={fields.phone.key}
        id="dues-question-phone"
        label="Phone (optional)"
        autoComplete="tel"
        inputMode="tel"
        errors={fields.phone.errors}
      />
      <div className="space-y-1">
        <label htmlFor="dues-question-message" className="block text-sm font-medium text-slate-800">
          Your question
        </label>
        <textarea
          name={fields.message.name}
          defaultValue={fields.message.initialValue as string | undefined}
          key={fields.message.key}
          id="dues-question-message"
          rows={3}
          maxLength={CONTACT_LIMITS.messageMax}
          aria-invalid={messageInvalid || undefined}
          aria-describedby={messageInvalid ? messageErrorId : undefined}
          className={`block w-full rounded-md border px-3 py-2 text-base shadow-sm ${messageInvalid ? "border-red-600" : "border-slate-400"}`}
        />
        {messageInvalid ? (
          <p id={messageErrorId} className="text-sm font-medium text-red-700">
            {fields.message.errors?.[0]}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Ask about the dues"}
      </Button>
    </Form>
  );
}
