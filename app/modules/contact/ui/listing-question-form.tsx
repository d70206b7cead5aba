import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { useDeferredValidation } from "~/components/ui/use-deferred-validation";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "../contact.rules";

/**
 * "Ask about this listing": posts to the page's own action. Works without JavaScript (the page answers with the
 * errors or the thank-you note); with JavaScript it checks fields as you go and shows a toast once sent.
 */
export function ListingQuestionForm({
  listingCode,
  lastResult,
  sentId,
  defaults,
}: {
  listingCode: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** The stored message's id after a successful send (changes with each send). */
  sentId?: number | null;
  defaults: { name?: string; email?: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const validate = useDeferredValidation(() => import("../contact.schema").then((m) => m.ListingQuestionSchema));
  const [form, fields] = useForm({
    id: "listing-question",
    lastResult,
    defaultValue: {
      name: defaults.name ?? "",
      email: defaults.email ?? "",
      message: `I am interested in listing ${listingCode}. `,
    },
    onValidate: ({ formData }) => validate({ formData }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (sentId) toast.success(CONTACT_MESSAGES.sent);
  }, [sentId]);

  const messageErrorId = `${fields.message.id}-error`;
  const messageInvalid = !!fields.message.errors?.length;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      {sentId ? (
        <p
          role="status"
          data-testid="question-sent"
          className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
        >
          {CONTACT_MESSAGES.sent}
        </p>
      ) : null}
      <FormErrors errors={form.errors} />
      <Field
        type="text"
        name={fields.name.name}
        defaultValue={fields.name.initialValue as string | undefined}
        key={fields.name.key}
        id="question-name"
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
        id="question-email"
        label="Email"
        autoComplete="email"
        errors={fields.email.errors}
      />
      <Field
        type="tel"
        name={fields.phone.name}
        defaultValue={fields.phone.initialValue as string | undefined}
        key={fields.phone.key}
        id="question-phone"
        label="Phone (optional)"
        autoComplete="tel"
        inputMode="tel"
        errors={fields.phone.errors}
      />
      <div className="space-y-1">
        <label htmlFor="question-message" className="block text-sm font-medium text-slate-800">
          Your question
        </label>
        <textarea
          name={fields.message.name}
          defaultValue={fields.message.initialValue as string | undefined}
          key={fields.message.key}
          id="question-message"
          rows={5}
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
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Sending..." : "Send my question"}
      </Button>
      <p className="text-xs text-slate-600">
        We answer by email, usually within one business day. We use your details only to answer this question.
      </p>
    </Form>
  );
}
