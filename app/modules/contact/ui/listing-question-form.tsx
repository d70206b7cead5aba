import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { useDeferredValidation } from "~/components/ui/use-deferred-validation";
import { CONTACT_MESSAGES } from "../contact.rules";
import { ContactFields } from "./contact-fields";

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
      <ContactFields fields={fields} idPrefix="question" rows={5} />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Sending..." : "Send my question"}
      </Button>
      <p className="text-xs text-slate-600">
        We answer by email, usually within one business day. We use your details only to answer this question.
      </p>
    </Form>
  );
}
