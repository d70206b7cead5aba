import { lazy, Suspense } from "react";

/**
 * The form's code is not part of the listing page's first JavaScript (issue 12: at most
 * 150 KB): in the browser it is a lazy component, fetched while the page hydrates, and until it arrives React keeps
 * the server's HTML of the form, which works as a plain form. The server has the module before any render (a
 * top-level await, in the server build only) and renders the component itself inside the same Suspense boundary, so
 * the form is in the page's HTML where it stands (entry.server.tsx keeps complete boundaries in place).
 */
const onServer = import.meta.env.SSR ? await import("./listing-question-form") : undefined;
const ListingQuestionForm =
  onServer?.ListingQuestionForm ??
  lazy(() => import("./listing-question-form").then((m) => ({ default: m.ListingQuestionForm })));

/** The "Ask about this listing" box beside a listing: the form for a listing for sale, a note otherwise. */
export function ListingQuestionPanel({
  listingCode,
  forSale,
  actionData,
  sentId,
  defaults,
}: {
  listingCode: string;
  forSale: boolean;
  /** The action's answer (a refusal: `{ error, fields, values }`). */
  actionData?: unknown;
  sentId?: number | null;
  defaults: { name?: string; email?: string };
}) {
  return (
    <section
      aria-labelledby="ask-heading"
      id="ask"
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="ask-heading" className="text-lg font-semibold text-slate-900">
        Ask about this listing
      </h2>
      {forSale ? (
        <>
          <p className="mt-1 mb-4 text-sm text-slate-700">
            Questions about the contract, the dues or how buying works: our team answers by email.
          </p>
          <Suspense fallback={null}>
            <ListingQuestionForm
              listingCode={listingCode}
              actionData={actionData}
              sentId={sentId}
              defaults={defaults}
            />
          </Suspense>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-700">Questions can be sent once this listing is for sale.</p>
      )}
    </section>
  );
}
