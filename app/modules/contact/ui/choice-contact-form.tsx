import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, SelectField } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { ContactFields, type ContactFieldName, contactFieldsOf } from "./contact-fields";

/**
 * A message to the company that starts with one choice (the dues question's resort, the contact page's topic), then
 * the contact fields. Posts to the page's own action and works without JavaScript: a refusal comes back as the page
 * with the errors beside the fields and what was typed. `id` is the form's id and its fields' id prefix.
 */
export function ChoiceContactForm({
  id,
  className,
  actionData,
  choice,
  stored,
  rows,
  messageLabel,
  submitLabel,
  children,
}: {
  id: string;
  className?: string;
  /** The action's answer: a refusal shows each field's message and what was typed. */
  actionData: unknown;
  /** The select ahead of the fields: its name, label, empty option, options and the value chosen to start with. */
  choice: {
    name: string;
    label: string;
    placeholder: string;
    options: readonly { value: string; label: string }[];
    initial?: string;
  };
  /** The fields' starting text. */
  stored: Record<ContactFieldName, string>;
  rows: number;
  messageLabel?: string;
  submitLabel: string;
  /** Shown under the button. */
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const answer = formAnswer(actionData);
  return (
    <Form method="post" noValidate preventScrollReset id={id} className={`space-y-4 ${className ?? ""}`}>
      <FormErrors errors={answer.formErrors} />
      <SelectField
        id={`${id}-${choice.name}`}
        label={choice.label}
        name={choice.name}
        defaultValue={answer.value(choice.name, choice.initial ?? "")}
        errors={answer.errors(choice.name)}
      >
        <option value="">{choice.placeholder}</option>
        {choice.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <ContactFields
        fields={contactFieldsOf(answer, id, stored)}
        idPrefix={id}
        rows={rows}
        nameAndEmailSideBySide
        messageLabel={messageLabel}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : submitLabel}
      </Button>
      {children}
    </Form>
  );
}
