import { ChevronLeft, ChevronRight, Download, ZoomIn, ZoomOut } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";

export type PdfViewerProps = {
  /** The file's inline address (`?inline=1`), fetched same-origin with the session cookie. */
  url: string;
  /** The attachment address, for the download link. */
  downloadUrl: string;
  /** What the file is, in words: "the contract", "the recorded deed". Used in the pages' text alternatives. */
  label: string;
};

type State =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; doc: PDFDocumentProxy; pages: number };

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const MAX_FIT_WIDTH = 816;

/** Thrown for an answer we can explain to the person. */
class ViewerError extends Error {}

/**
 * The in-page PDF viewer (pdf.js): one page at a time on a canvas as wide as the dialog (so it fits 375 px), with
 * previous/next, zoom and a download link. Loaded only when a "View" button opens it: pdf.js and its worker are
 * imported here, in the browser, never on the server nor on pages without a viewer.
 */
export default function PdfViewer({ url, downloadUrl, label }: PdfViewerProps) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState(1);
  const [zoomIndex, setZoomIndex] = useState(ZOOMS.indexOf(1));
  const [width, setWidth] = useState(0);
  const [rendering, setRendering] = useState(false);
  const frameRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  // Load the document (again after "Try again").
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on purpose
  useEffect(() => {
    if (import.meta.env.SSR) return;
    let cancelled = false;
    let loading: { destroy: () => Promise<void> } | null = null;
    setState({ status: "loading" });
    (async () => {
      try {
        const res = await fetch(url, { credentials: "include", headers: { accept: "application/pdf" } });
        if (res.status === 404 || res.status === 403)
          throw new ViewerError("This file is not available to you, or it no longer exists.");
        if (!res.ok) throw new ViewerError(`The file could not be loaded (the server answered ${res.status}).`);
        const data = new Uint8Array(await res.arrayBuffer());
        const [pdfjs, worker] = await Promise.all([
          import("pdfjs-dist"),
          import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
        ]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const task = pdfjs.getDocument({ data });
        loading = task;
        const doc = await task.promise;
        if (cancelled) return;
        setPage(1);
        setState({ status: "ready", doc, pages: doc.numPages });
      } catch (err) {
        if (cancelled) return;
        const message =
          err instanceof ViewerError
            ? err.message
            : err instanceof Error && /Invalid PDF|PDF header|InvalidPDF/i.test(`${err.name} ${err.message}`)
              ? "This file cannot be read as a PDF. Download it to open it in another program."
              : "The file could not be loaded. Check your connection and try again, or download it.";
        setState({ status: "error", message });
      }
    })();
    return () => {
      cancelled = true;
      void loading?.destroy();
    };
  }, [url, attempt]);

  // The canvas follows the frame's width.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setWidth(frame.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // Render the current page at the frame's width times the zoom, sharp on high-density screens.
  const doc = state.status === "ready" ? state.doc : null;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || width === 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    setRendering(true);
    (async () => {
      try {
        const p = await doc.getPage(page);
        if (cancelled) return;
        const natural = p.getViewport({ scale: 1 });
        // 100% is the frame's width, up to a letter page at 96 dpi (816 px) on wide screens.
        const cssScale = (Math.min(width, MAX_FIT_WIDTH) / natural.width) * ZOOMS[zoomIndex];
        const ratio = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: cssScale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = p.render({ canvas, viewport });
        await task.promise;
      } catch (err) {
        if (!cancelled && !(err instanceof Error && err.name === "RenderingCancelledException"))
          setState({ status: "error", message: "This page could not be drawn. Download the file to read it." });
      } finally {
        if (!cancelled) setRendering(false);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoomIndex, width]);

  const pages = state.status === "ready" ? state.pages : 0;
  // A new page starts at its top: the dialog scrolls back up (the toolbar stays in view, it is sticky).
  const go = useCallback(
    (to: number) => {
      setPage(Math.min(Math.max(1, to), pages || 1));
      frameRef.current?.closest("dialog")?.scrollTo({ top: 0 });
    },
    [pages],
  );

  const button =
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-sm font-medium text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

  return (
    <div className="space-y-3">
      <div
        className={`sticky top-0 z-10 -mx-1 flex-wrap items-center justify-between gap-2 bg-white px-1 py-1 ${state.status === "error" ? "hidden" : "flex"}`}
      >
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={button}
            aria-label="Previous page"
            disabled={pages === 0 || page <= 1}
            onClick={() => go(page - 1)}
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <p aria-live="polite" className="min-w-24 text-center text-sm text-slate-800">
            {pages > 0 ? `Page ${page} of ${pages}` : state.status === "loading" ? "Loading…" : ""}
          </p>
          <button
            type="button"
            className={button}
            aria-label="Next page"
            disabled={pages === 0 || page >= pages}
            onClick={() => go(page + 1)}
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={button}
            aria-label="Zoom out"
            disabled={pages === 0 || zoomIndex === 0}
            onClick={() => setZoomIndex((z) => Math.max(0, z - 1))}
          >
            <ZoomOut aria-hidden className="size-5" />
          </button>
          <span className="min-w-12 text-center text-sm text-slate-800">{Math.round(ZOOMS[zoomIndex] * 100)}%</span>
          <button
            type="button"
            className={button}
            aria-label="Zoom in"
            disabled={pages === 0 || zoomIndex === ZOOMS.length - 1}
            onClick={() => setZoomIndex((z) => Math.min(ZOOMS.length - 1, z + 1))}
          >
            <ZoomIn aria-hidden className="size-5" />
          </button>
          <a href={downloadUrl} download className={button} aria-label={`Download ${label} (PDF)`}>
            <Download aria-hidden className="size-5" /> Download
          </a>
        </div>
      </div>

      {state.status === "error" ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{state.message}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={button} onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
            <a href={downloadUrl} download className={button} aria-label={`Download ${label} (PDF)`}>
              <Download aria-hidden className="size-5" /> Download
            </a>
          </div>
        </div>
      ) : null}

      {/* The frame scrolls sideways when zoomed past its width (the dialog scrolls down); the keyboard reaches it. */}
      <section
        ref={frameRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
        tabIndex={0}
        aria-label={`Pages of ${label}`}
        aria-busy={state.status === "loading" || rendering}
        className={`${state.status === "error" ? "hidden" : "block"} relative min-h-40 overflow-x-auto rounded-md border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-700`}
      >
        {state.status === "loading" ? (
          <p role="status" className="p-6 text-center text-sm text-slate-700">
            Loading the PDF…
          </p>
        ) : null}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={pages > 0 ? `Page ${page} of ${pages} of ${label}` : undefined}
          className={state.status === "ready" ? "mx-auto block bg-white shadow-sm" : "hidden"}
        />
      </section>
    </div>
  );
}
