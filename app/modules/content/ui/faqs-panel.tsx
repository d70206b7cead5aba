import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { FAQS_PAGE } from "../faqs-page";
import { byAudience, type RelatedFaqsResult, relatedFaqsResultOf } from "../related-faqs";
import { FaqItem } from "./faq-item";

type State = { at: "loading" } | RelatedFaqsResult;

export type FaqsPanelProps = {
  id: string;
  /** The page whose related FAQs are shown: its path, as the call's `page_route`. */
  pathname: string;
  /** Closes the panel (the close button, Escape, the link to every FAQ). */
  onClose: () => void;
};

/**
 * The tool menu's FAQs panel (SPEC section 2 "Right-side tool menu ... related FAQs", section 4; issue 32). On open it
 * asks frontend.get-related-faqs for the page being shown and lists its questions as the FAQ page does (a question
 * opens its answer); a page with none (a listing, a resort, a page no FAQ is linked to at /admin/related-faqs) says
 * so. It always ends with the link to every FAQ. Loaded the first time the panel opens (LazyFaqsPanel).
 */
export function FaqsPanel({ id, pathname, onClose }: FaqsPanelProps) {
  const [state, setState] = useState<State>({ at: "loading" });
  const [attempt, setAttempt] = useState(0);
  const panelRef = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => panelRef.current?.focus(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure, on purpose
  useEffect(() => {
    const controller = new AbortController();
    setState({ at: "loading" });
    (async () => {
      try {
        const res = await fetch(href("/api/frontend/get-related-faqs"), {
          method: "POST",
          signal: controller.signal,
          headers: { accept: "application/json", "content-type": "application/json" },
          body: JSON.stringify({ page_route: pathname }),
        });
        const body = await res.json().catch(() => null);
        if (!controller.signal.aborted) setState(relatedFaqsResultOf(res.status, body));
      } catch (err) {
        if ((err as Error).name !== "AbortError") setState({ at: "failed" });
      }
    })();
    return () => controller.abort();
  }, [pathname, attempt]);

  return (
    <section
      ref={panelRef}
      id={id}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="faqs-panel"
      className="fixed inset-x-3 bottom-[4.75rem] z-50 flex max-h-[calc(100dvh-6rem)] flex-col rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl focus:outline-none md:inset-x-auto md:right-4 md:bottom-18 md:w-[26rem] min-[88rem]:top-1/2 min-[88rem]:right-20 min-[88rem]:bottom-auto min-[88rem]:max-h-[80dvh] min-[88rem]:-translate-y-1/2"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          FAQs for this page
        </h2>
        <button
          type="button"
          aria-label="Close FAQs panel"
          onClick={onClose}
          className="-mt-1 -mr-1 rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-950"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div className="mt-2 min-h-0 flex-1 overflow-y-auto" aria-live="polite">
        {state.at === "loading" ? <p className="text-sm text-slate-700">Loading the questions…</p> : null}
        {state.at === "failed" ? (
          <div className="text-sm text-red-800">
            <p>The questions could not be loaded. Check your connection and try again.</p>
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-900 hover:bg-slate-100"
            >
              Try again
            </button>
          </div>
        ) : null}
        {state.at === "done" && state.faqs.length === 0 ? (
          <p className="text-sm text-slate-700">No questions are linked to this page yet.</p>
        ) : null}
        {state.at === "done"
          ? byAudience(state.faqs).map((g) => (
              <section key={g.audience} aria-labelledby={`${id}-${g.audience}`} className="mt-2 first:mt-0">
                <h3 id={`${id}-${g.audience}`} className="text-sm font-semibold text-slate-800">
                  {g.audience === "buyer" ? "Questions buyers ask" : "Questions sellers ask"}
                </h3>
                <div className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200">
                  {g.faqs.map((f) => (
                    <FaqItem key={f.id} faq={f} compact />
                  ))}
                </div>
              </section>
            ))
          : null}
      </div>
      <p className="mt-3 border-t border-slate-200 pt-3 text-sm">
        <Link
          to={FAQS_PAGE}
          onClick={onClose}
          className="font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950"
        >
          See all buyer and seller FAQs
        </Link>
      </p>
    </section>
  );
}
