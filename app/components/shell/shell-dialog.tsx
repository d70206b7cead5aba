import { X } from "lucide-react";
import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Link } from "~/components/ui/link";
import { registerModal, Toaster } from "~/components/ui/toast";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Where focus goes when the dialog closes, when its opener is gone by then. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  /** A wide dialog for tables (the favorites modal: at least 600 x 300 px from 768 px, SPEC section 9). */
  wide?: boolean;
};

/** How a DialogLink closes the dialog it sits in. */
const CloseContext = createContext<(() => void) | null>(null);

/**
 * The shell's modal: a bottom sheet on phones, a centred dialog from 768 px. It is the native `<dialog>`
 * opened with showModal(), so the browser gives the focus trap (the rest of the page is inert), Escape,
 * the backdrop and the top layer; this component adds closing on a backdrop click, locking the page's
 * scroll, and returning focus to the opener (or `returnFocusTo`). Nothing is rendered while closed; open, it
 * is rendered at the end of <body> (a portal), so an opener inside a part of the page that is hidden at
 * some widths (the phone tab bar) still shows its dialog.
 */
export function ShellDialog({ open, ...props }: Props) {
  // Portals exist only in the browser: the server (and hydration) render nothing.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return open && mounted ? createPortal(<OpenDialog {...props} />, document.body) : null;
}

function OpenDialog({ onOpenChange, title, children, returnFocusTo, wide }: Omit<Props, "open">) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pressedOnBackdrop = useRef(false);
  // The latest callbacks, read by the effect below without re-running it.
  const latest = useRef({ onOpenChange, returnFocusTo });
  latest.current = { onOpenChange, returnFocusTo };
  // While open, toasts show inside this dialog: the page behind a modal dialog is inert and dimmed.
  const [modalId, setModalId] = useState<number | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const [id, unregister] = registerModal();
    setModalId(id);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    if (!dialog.open) dialog.showModal();
    return () => {
      unregister();
      if (dialog.open && dialog.isConnected) dialog.close();
      root.style.overflow = overflow;
      const target = latest.current.returnFocusTo?.current ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, []);

  const close = () => latest.current.onOpenChange(false);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; the keyboard closes with Escape
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // Escape (the browser closes the dialog itself) and any other close: tell the owner.
      onClose={close}
      // A click whose press and release both land on the dialog element itself is on the backdrop
      // (the content fills the element, so a click inside lands on a child).
      onMouseDown={(e) => {
        pressedOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (pressedOnBackdrop.current && e.target === e.currentTarget) close();
        pressedOnBackdrop.current = false;
      }}
      className={`fixed inset-x-0 top-auto bottom-0 m-0 max-h-[85vh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 md:inset-0 md:m-auto md:h-fit md:rounded-2xl ${wide ? "md:min-h-[300px] md:max-w-[min(64rem,calc(100vw-2rem))] md:min-w-[600px]" : "md:max-w-lg"}`}
    >
      <div className="p-5">
        <div className="mb-4 flex items-center justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={close}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-950"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <CloseContext.Provider value={close}>{children}</CloseContext.Provider>
      </div>
      {modalId === null ? null : <Toaster modal={modalId} />}
    </dialog>
  );
}

/** A link inside a dialog that also closes it. */
export function DialogLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const close = useContext(CloseContext);
  return (
    <Link to={to} className={className} onClick={() => close?.()}>
      {children}
    </Link>
  );
}
