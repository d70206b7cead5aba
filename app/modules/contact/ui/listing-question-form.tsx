import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { CONTACT_MESSAGES } from "../contact.rules";
import { ContactFields, contactFieldsOf } from "./contact-fields";

/**
 * "Ask about this listing": posts to the page's own action. Works without JavaScript (the page answers with the
 * errors beside the fields and what was typed, or the thank-you note with a fresh form); with JavaScript it also shows
 * a toast once sent.
 */
export function ListingQuestionForm({
  listingCode,
  actionData,
  sentId,
  defaults,
}: {
  listingCode: string;
  /** The action's answer: a refusal shows each field's message and what was typed. */
  actionData?: unknown;
  /** The stored message's id after a successful send (changes with each send). */
  sentId?: number | null;
  defaults: { name?: string; email?: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const answer = formAnswer(actionData);
  const stored = {
    name: defaults.name ?? "",
    email: defaults.email ?? "",
    phone: "",
    message: `I am interested in listing ${listingCode}. `,
  };
  const fields = contactFieldsOf(answer, "question", stored);

  useEffect(() => {
    if (sentId) toast.success(CONTACT_MESSAGES.sent);
  }, [sentId]);

  return (
    // A new `key` after each send: a fresh form (what was sent is not typed again).
    <Form method="post" noValidate preventScrollReset key={sentId ?? "question"} className="space-y-4">
      {sentId ? (
        <p
          role="status"
          data-testid="question-sent"
          className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
        >
          {CONTACT_MESSAGES.sent}
        </p>
      ) : null}
      <FormErrors errors={answer.formErrors} />
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
