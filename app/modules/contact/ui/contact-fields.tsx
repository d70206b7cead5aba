import { Field } from "~/components/ui/field";
import type { FormAnswer } from "~/components/ui/form-answer";
import { CONTACT_LIMITS } from "../contact.rules";

/** What each input needs: its name, id, an optional React key, the value to show and its errors (see `formAnswer`). */
type ContactField = { name: string; id: string; key?: string; initialValue?: unknown; errors?: string[] };

export type ContactFieldName = "name" | "email" | "phone" | "message";

/**
 * The four fields as a form's answer leaves them: what a refused form sent (else `stored`, the form's starting text)
 * and each field's messages.
 */
export function contactFieldsOf(
  answer: FormAnswer,
  idPrefix: string,
  stored: Record<ContactFieldName, string>,
): Record<ContactFieldName, ContactField> {
  const field = (name: ContactFieldName) => ({
    name,
    id: `${idPrefix}-${name}`,
    initialValue: answer.value(name, stored[name]),
    errors: answer.errors(name),
  });
  return { name: field("name"), email: field("email"), phone: field("phone"), message: field("message") };
}

/**
 * The fields every question to the company asks (name, email, optional phone and the question itself), with the
 * contact rules' limits and the errors beside each. One set for every contact form: a listing's question, the dues
 * question, the contact page's form. `idPrefix` keeps the ids of two forms on one page apart.
 */
export function ContactFields({
  fields,
  idPrefix,
  rows,
  nameAndEmailSideBySide = false,
  messageLabel = "Your question",
}: {
  fields: Record<ContactFieldName, ContactField>;
  idPrefix: string;
  rows: number;
  nameAndEmailSideBySide?: boolean;
  /** The text area's label (the contact page asks for a message, not a question). */
  messageLabel?: string;
}) {
  const value = (f: ContactField) => f.initialValue as string | undefined;
  const messageErrorId = `${fields.message.id}-error`;
  const messageInvalid = !!fields.message.errors?.length;
  const nameAndEmail = (
    <>
      <Field
        type="text"
        name={fields.name.name}
        defaultValue={value(fields.name)}
        key={fields.name.key}
        id={`${idPrefix}-name`}
        label="Your name"
        autoComplete="name"
        maxLength={CONTACT_LIMITS.nameMax}
        errors={fields.name.errors}
      />
      <Field
        type="email"
        name={fields.email.name}
        defaultValue={value(fields.email)}
        key={fields.email.key}
        id={`${idPrefix}-email`}
        label="Email"
        autoComplete="email"
        errors={fields.email.errors}
      />
    </>
  );
  return (
    <>
      {nameAndEmailSideBySide ? <div className="grid gap-4 sm:grid-cols-2">{nameAndEmail}</div> : nameAndEmail}
      <Field
        type="tel"
        name={fields.phone.name}
        defaultValue={value(fields.phone)}
        key={fields.phone.key}
        id={`${idPrefix}-phone`}
        label="Phone (optional)"
        autoComplete="tel"
        inputMode="tel"
        errors={fields.phone.errors}
      />
      <div className="space-y-1">
        <label htmlFor={`${idPrefix}-message`} className="block text-sm font-medium text-slate-800">
          {messageLabel}
        </label>
        <textarea
          name={fields.message.name}
          defaultValue={value(fields.message)}
          key={fields.message.key}
          id={`${idPrefix}-message`}
          rows={rows}
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
    </>
  );
}
