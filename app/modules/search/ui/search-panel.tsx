import { X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { MAX_TERM_LENGTH, SEARCH_DEBOUNCE_MS, type SearchAnswer, termProblem } from "../search";
import { SearchResults } from "./search-results";

type State =
  | { at: "idle" }
  | { at: "refused"; message: string }
  | { at: "loading" }
  | { at: "done"; answer: SearchAnswer }
  | { at: "failed" };

export type SearchPanelProps = {
  id: string;
  /** Closes the panel (the close button, Escape, a result opened). */
  onClose: () => void;
};

/**
 * The tool menu's search panel (SPEC section 2 "Right-side tool menu"; section 9: debounced 350 ms). As the visitor
 * types it asks dvc.search/{term} 350 ms after the last key (an older answer is dropped), shows the results grouped
 * by kind with their counts and `<mark>` highlights, and links to the /search page with every result. Down from
 * the box moves to the first result. Loaded the first time the panel opens (LazySearchPanel).
 */
export function SearchPanel({ id, onClose }: SearchPanelProps) {
  const [term, setTerm] = useState("");
  const [state, setState] = useState<State>({ at: "idle" });
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inputId = useId();

  useEffect(() => inputRef.current?.focus(), []);

  useEffect(() => {
    const t = term.trim();
    if (!t) {
      setState({ at: "idle" });
      return;
    }
    const problem = termProblem(t);
    if (problem) {
      setState({ at: "refused", message: problem });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ at: "loading" });
      try {
        const res = await fetch(href("/api/dvc/search/:term", { term: t }), {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        const body = await res.json();
        if (!res.ok) setState({ at: "refused", message: String(body.error ?? "The search could not be run.") });
        else setState({ at: "done", answer: body as SearchAnswer });
      } catch (err) {
        if ((err as Error).name !== "AbortError") setState({ at: "failed" });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "ArrowDown") return;
    const first = resultsRef.current?.querySelector<HTMLAnchorElement>("a[data-search-result]");
    if (!first) return;
    event.preventDefault();
    first.focus();
  }

  const t = term.trim();
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      data-testid="search-panel"
      className="fixed inset-x-3 bottom-[4.75rem] z-50 flex max-h-[calc(100dvh-6rem)] flex-col rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl md:inset-x-auto md:right-4 md:bottom-18 md:w-[26rem] min-[88rem]:top-1/2 min-[88rem]:right-20 min-[88rem]:bottom-auto min-[88rem]:max-h-[80dvh] min-[88rem]:-translate-y-1/2"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          Search the site
        </h2>
        <button
          type="button"
          aria-label="Close search panel"
          onClick={onClose}
          className="-mt-1 -mr-1 rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-950"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <search>
        <form
          method="get"
          action={href("/search")}
          className="mt-2"
          onSubmit={(e) => {
            if (termProblem(t)) e.preventDefault();
          }}
        >
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Resort, points or use year
          </label>
          <input
            ref={inputRef}
            id={inputId}
            name="q"
            type="search"
            autoComplete="off"
            maxLength={MAX_TERM_LENGTH}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            onKeyDown={onInputKeyDown}
            placeholder="Try Bay Lake or 160 points"
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900"
          />
        </form>
      </search>
      <div ref={resultsRef} className="mt-3 min-h-0 flex-1 overflow-y-auto" aria-live="polite">
        {state.at === "refused" ? <p className="text-sm text-amber-900">{state.message}</p> : null}
        {state.at === "loading" ? <p className="text-sm text-slate-700">Searching…</p> : null}
        {state.at === "failed" ? (
          <p className="text-sm text-red-800">The search could not be reached. Check your connection and try again.</p>
        ) : null}
        {state.at === "done" ? (
          state.answer.total === 0 ? (
            <p className="text-sm text-slate-700">Nothing matches “{state.answer.term}”.</p>
          ) : (
            <>
              <SearchResults groups={state.answer.groups} idPrefix={`${id}-g`} onOpen={onClose} />
              <p className="mt-3 text-sm">
                <Link
                  to={`${href("/search")}?${new URLSearchParams({ q: state.answer.term })}`}
                  onClick={onClose}
                  className="font-semibold text-sky-800 underline underline-offset-2"
                >
                  See all results on the search page
                </Link>
              </p>
            </>
          )
        ) : null}
      </div>
    </section>
  );
}
