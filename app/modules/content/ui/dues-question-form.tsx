import { ChoiceContactForm } from "~/modules/contact/ui/choice-contact-form";

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
  const chosen = resorts.find((r) => r.code === resort) ?? null;
  return (
    <ChoiceContactForm
      id="dues-question"
      className="max-w-xl"
      actionData={actionData}
      choice={{
        name: "resort",
        label: "Resort",
        placeholder: "Choose a resort",
        options: resorts.map((r) => ({ value: r.code, label: r.name })),
        initial: chosen?.code,
      }}
      stored={{
        name: defaults.name ?? "",
        email: defaults.email ?? "",
        phone: "",
        message: `What are the published ${year} dues per point at ${chosen?.name ?? "this resort"}?`,
      }}
      rows={3}
      submitLabel="Ask about the dues"
    />
  );
}
