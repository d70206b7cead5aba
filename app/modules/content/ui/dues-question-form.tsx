import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, SelectField } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
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
  actionData,
  defaults,
}: {
  resorts: { code: string; name: string }[];
  /** The resort chosen (from `?resort=`), if any. */
  resort: string | null;
  year: number;
  /** The action's answer: a refusal shows each field's message and what was typed. */
  actionData?: unknown;
  defaults: { name?: string; email?: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const chosen = resorts.find((r) => r.code === resort) ?? null;
  const answer = formAnswer(actionData);
  const stored = {
    name: defaults.name ?? "",
    email: defaults.email ?? "",
    phone: "",
    message: `What are the published ${year} dues per point at ${chosen?.name ?? "this resort"}?`,
  };
  const field = (name: keyof typeof stored) => ({
    name,
    id: `dues-question-${name}`,
    initialValue: answer.value(name, stored[name]),
    errors: answer.errors(name),
  });
  const fields = { name: field("name"), email: field("email"), phone: field("phone"), message: field("message") };
  return (
    <Form method="post" noValidate preventScrollReset id="dues-question" className="max-w-xl space-y-4">
      <FormErrors errors={answer.formErrors} />
      <SelectField
        id="dues-question-resort"
        label="Resort"
        name="resort"
        defaultValue={answer.value("resort", chosen?.code ?? "")}
        errors={answer.errors("resort")}
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
