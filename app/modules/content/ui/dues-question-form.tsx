import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, SelectField } from "~/components/ui/field";
import { ContactFields } from "~/modules/contact/ui/contact-fields";

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
      <ContactFields fields={fields} idPrefix="dues-question" rows={3} nameAndEmailSideBySide />
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Ask about the dues"}
      </Button>
    </Form>
  );
}
