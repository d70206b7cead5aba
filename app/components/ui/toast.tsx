import { X } from "lucide-react";
import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * The app's one toast (decision 0014): `toast.success("Saved")` anywhere in the browser, shown by the one
 * `<Toaster />` in root.tsx. Messages are announced through a live region (`role="status"`, or `role="alert"` for
 * errors and warnings), each has a close button, and each dismisses itself after its duration (7 s by default;
 * SPEC section 9), paused while the pointer or focus is on it.
 *
 * Issue 13: toasts never pile up and never hide the header. One toast at a time per kind (a new success replaces
 * the success shown), so at most one of each kind; they sit at the bottom right (above the phone's tab bar and Tools
 * button), never over the header's menus; and a message the page already states inline (a live region with the
 * same words, e.g. "Your question was sent") is not repeated as a toast.
 */

export type ToastKind = "success" | "error" | "warning" | "info";
export type ToastOptions = {
  description?: string;
  duration?: number;
  action?: { label: string; onClick: () => void };
};
type Toast = ToastOptions & { id: number; kind: ToastKind; message: string };

export const DEFAULT_TOAST_MS = 7000;

/**
 * The toasts, and the open modal dialogs: a modal <dialog> sits in the browser's top layer and makes the rest
 * of the page inert, so while one is open the toasts render inside the topmost one instead of the page.
 */
type State = { toasts: Toast[]; modals: number[] };
/**
 * The state as the server renders it. The browser starts from the same object, so hydration finds the store
 * unchanged: a different (if equal) object makes React render the whole page again, synchronously, once hydrated.
 */
const serverState: State = { toasts: [], modals: [] };
let state: State = serverState;
let nextId = 1;
const listeners = new Set<() => void>();
const update = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

const normalize = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim().toLowerCase();

/** Whether the page already says `message` in one of its own live regions or inline messages (not a toast). */
export function saidInline(
  message: string,
  root: ParentNode | null = typeof document === "undefined" ? null : document,
) {
  if (!root) return false;
  const wanted = normalize(message);
  if (!wanted) return false;
  const inline = root.querySelectorAll<HTMLElement>('[role="status"], [role="alert"], [data-inline-message]');
  for (const el of inline) {
    // The toasts themselves and the no-JavaScript banner of a flash message (which this toast replaces) do not count.
    if (el.closest("[data-toaster], [data-flash-banner]")) continue;
    const said = normalize(el.textContent);
    if (said && (said === wanted || said.includes(wanted))) return true;
  }
  return false;
}

/** Shows a toast: it replaces any toast of the same kind, and is skipped when the page already says it inline. */
function show(kind: ToastKind, message: string, opts: ToastOptions = {}) {
  if (saidInline(message)) return 0;
  const id = nextId++;
  update({ toasts: [...state.toasts.filter((t) => t.kind !== kind), { ...opts, id, kind, message }] });
  return id;
}

export function dismissToast(id: number) {
  update({ toasts: state.toasts.filter((t) => t.id !== id) });
}

/** A modal dialog opened: toasts show inside it until it closes. Returns its id (for `<Toaster modal={id} />`) and the unregister. */
export function registerModal(): [number, () => void] {
  const id = nextId++;
  update({ modals: [...state.modals, id] });
  return [id, () => update({ modals: state.modals.filter((m) => m !== id) })];
}

export const toast = {
  success: (message: string, opts?: ToastOptions) => show("success", message, opts),
  error: (message: string, opts?: ToastOptions) => show("error", message, opts),
  warning: (message: string, opts?: ToastOptions) => show("warning", message, opts),
  info: (message: string, opts?: ToastOptions) => show("info", message, opts),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** The store as `useSyncExternalStore` reads it: in the browser, and as the server rendered it. */
export const toastStore = { subscribe, snapshot: () => state, serverSnapshot: () => serverState };

const STYLE: Record<ToastKind, { box: string; mark: string }> = {
  success: { box: "border-emerald-300", mark: "bg-emerald-600" },
  error: { box: "border-red-300", mark: "bg-red-600" },
  warning: { box: "border-amber-300", mark: "bg-amber-500" },
  info: { box: "border-sky-300", mark: "bg-sky-600" },
};

/** The page's toasts (no `modal`), or those of the modal dialog `modal` while it is the topmost one. */
export function Toaster({ modal }: { modal?: number }) {
  const { toasts: list, modals } = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.snapshot,
    toastStore.serverSnapshot,
  );
  const top = modals.at(-1);
  if (modal === undefined ? top !== undefined : modal !== top) return null;
  return (
    // Bottom right: clear of the header (its sign-in and account menus) on every page; on phones above the tab bar,
    // from 768 px above the round Tools button (never on it: issue 27), from 88rem left of the tool rail.
    <section
      aria-label="Notifications"
      data-toaster
      className="pointer-events-none fixed right-4 bottom-36 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96 md:right-4 md:bottom-18 min-[88rem]:right-20 min-[88rem]:bottom-4 print:hidden"
    >
      {list.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  );
}

function ToastItem({ toast: t }: { toast: Toast }) {
  const remaining = useRef(t.duration ?? DEFAULT_TOAST_MS);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const startedAt = useRef(0);

  const start = () => {
    startedAt.current = Date.now();
    timer.current = setTimeout(() => dismissToast(t.id), remaining.current);
  };
  const pause = () => {
    clearTimeout(timer.current);
    remaining.current = Math.max(1000, remaining.current - (Date.now() - startedAt.current));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer starts once per toast
  useEffect(() => {
    start();
    return () => clearTimeout(timer.current);
  }, []);

  const urgent = t.kind === "error" || t.kind === "warning";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer; the element is a live region, not a control
    <div
      data-toast={t.kind}
      role={urgent ? "alert" : "status"}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border bg-white p-3 text-sm text-slate-900 shadow-lg ${STYLE[t.kind].box}`}
    >
      <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${STYLE[t.kind].mark}`} />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t.message}</p>
        {t.description ? <p className="mt-0.5 text-slate-700">{t.description}</p> : null}
      </div>
      {t.action ? (
        <button
          type="button"
          onClick={() => {
            t.action?.onClick();
            dismissToast(t.id);
          }}
          className="shrink-0 rounded-md bg-slate-900 px-2 py-1 text-xs font-semibold text-white hover:bg-slate-700"
        >
          {t.action.label}
        </button>
      ) : null}
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => dismissToast(t.id)}
        className="-m-1 shrink-0 rounded-md p-1 text-slate-700 hover:bg-slate-100 hover:text-slate-950"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
