import { proseClass } from "./content-page";

/**
 * One question and its answer, opened in place: the page's side column and the tool menu's FAQs panel. The answer is
 * HTML sanitised when it was saved. `compact` is the panel's smaller padding and question.
 */
export function FaqItem({ faq, compact = false }: { faq: { question: string; answer: string }; compact?: boolean }) {
  return (
    <details className={compact ? "group px-3 py-2.5" : "group px-4 py-3"}>
      <summary className={`cursor-pointer font-medium text-slate-900${compact ? " text-sm" : ""}`}>
        {faq.question}
      </summary>
      <div
        className={`${proseClass} text-sm [&_p]:mt-2`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the answer, sanitised when saved
        dangerouslySetInnerHTML={{ __html: faq.answer }}
      />
    </details>
  );
}
