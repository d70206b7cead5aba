import { useEffect, useId, useRef, useState } from "react";
import { href } from "react-router";
import { ShellDialog } from "~/components/shell/shell-dialog";
import type { MediaPick } from "~/modules/content/media";

type Page = { items: MediaPick[]; total: number; page: number; pages: number };

/** The SPEC's search debounce (section 9). */
const DEBOUNCE_MS = 350;

/**
 * The media library's picker (decision 0067): a dialog listing the library's pictures, newest first, with a search
 * box and pages; choosing one hands it (with the size chosen: the SPEC's presets, 100/75/50/25%) to `onChoose`.
 * Keyboard: the search box has the focus first; Tab reaches each picture's button; Escape closes.
 */
export function MediaPicker({
  open,
  onOpenChange,
  onChoose,
  withSizes = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (picture: MediaPick, size: { url: string; width: number; height: number }) => void;
  /** Offer the presets (rich text); an image field takes the full size. */
  withSizes?: boolean;
}) {
  return (
    <ShellDialog open={open} onOpenChange={onOpenChange} title="Choose a picture from the media library" wide>
      <PickerBody
        withSizes={withSizes}
        onChoose={(p, s) => {
          onChoose(p, s);
          onOpenChange(false);
        }}
      />
    </ShellDialog>
  );
}

function PickerBody({
  onChoose,
  withSizes,
}: {
  onChoose: (picture: MediaPick, size: { url: string; width: number; height: number }) => void;
  withSizes: boolean;
}) {
  const searchId = useId();
  const sizeId = useId();
  const statusId = useId();
  const [q, setQ] = useState("");
  const [query, setQuery] = useState({ q: "", page: 1 });
  const [percent, setPercent] = useState(100);
  const [result, setResult] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // After the dialog's showModal() (its effect runs after this one and focuses its first button).
    const frame = requestAnimationFrame(() => search.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    const t = setTimeout(() => setQuery((cur) => (cur.q === q.trim() ? cur : { q: q.trim(), page: 1 })), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [q]);

  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    const params = new URLSearchParams({ q: query.q, page: String(query.page) });
    fetch(`${href("/media/picker")}?${params}`, { headers: { accept: "application/json" }, signal: ctrl.signal })
      .then(async (res) => {
        const body = await res.json().catch(() => null);
        if (!res.ok || !body || !Array.isArray(body.items)) {
          throw new Error(body?.error ?? body?.message ?? "The media library could not be opened.");
        }
        setResult(body as Page);
        setError(null);
      })
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return;
        setError(err instanceof Error ? err.message : "The media library could not be opened.");
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [query]);

  const status = loading
    ? "Loading pictures..."
    : error
      ? error
      : result && result.total === 0
        ? query.q
          ? `No picture matches “${query.q}”.`
          : "The media library is empty: upload pictures at Media library first."
        : result
          ? `${result.total} ${result.total === 1 ? "picture" : "pictures"}${result.pages > 1 ? `, page ${result.page} of ${result.pages}` : ""}.`
          : "";

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow basis-56">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            Search pictures
          </label>
          <input
            ref={search}
            id={searchId}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              // Enter searches at once instead of submitting the form the editor sits in.
              if (e.key === "Enter") {
                e.preventDefault();
                setQuery({ q: q.trim(), page: 1 });
              }
            }}
            aria-describedby={statusId}
            placeholder="Title, alt text or file name"
            className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          />
        </div>
        {withSizes && (
          <div>
            <label htmlFor={sizeId} className="block text-sm font-medium text-slate-800">
              Size
            </label>
            <select
              id={sizeId}
              value={percent}
              onChange={(e) => setPercent(Number(e.target.value))}
              className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
            >
              {[100, 75, 50, 25].map((p) => (
                <option key={p} value={p}>
                  {p}% of the original
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <p id={statusId} role="status" className={`text-sm ${error ? "font-medium text-red-700" : "text-slate-700"}`}>
        {status}
      </p>
      {result && result.items.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {result.items.map((p) => {
            const size = p.sizes.find((s) => s.percent === percent) ?? p.sizes[0];
            const name = p.title || "Untitled picture";
            return (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => onChoose(p, size)}
                  className="flex w-full flex-col items-stretch gap-1 rounded-md border border-slate-300 bg-white p-2 text-left hover:border-sky-700 hover:bg-sky-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
                >
                  <img src={p.thumbUrl} alt="" className="h-24 w-full rounded bg-slate-100 object-contain" />
                  <span className="truncate text-sm font-medium text-slate-900">
                    <span className="sr-only">Choose </span>
                    {name}
                  </span>
                  <span className="truncate text-xs text-slate-600">
                    {p.alt ? p.alt : "No alt text yet"} · {size.width} × {size.height}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {result && result.pages > 1 && (
        <div className="flex justify-between gap-2">
          <button
            type="button"
            disabled={result.page <= 1}
            onClick={() => setQuery((c) => ({ ...c, page: c.page - 1 }))}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            Previous page
          </button>
          <button
            type="button"
            disabled={result.page >= result.pages}
            onClick={() => setQuery((c) => ({ ...c, page: c.page + 1 }))}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            Next page
          </button>
        </div>
      )}
    </div>
  );
}
