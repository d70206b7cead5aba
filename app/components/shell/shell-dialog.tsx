import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Link } from "react-router";

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

/** The shell's modal: a bottom sheet on phones, a centred dialog from 768 px. */
export function ShellDialog({ open, onOpenChange, title, children, returnFocusTo, wide }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            if (returnFocusTo?.current) {
              e.preventDefault();
              returnFocusTo.current.focus();
            }
          }}
          className={`fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto rounded-t-2xl bg-white p-5 text-slate-900 shadow-xl md:inset-x-auto md:top-1/2 md:bottom-auto md:left-1/2 md:w-full md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl ${wide ? "md:min-h-[300px] md:max-w-[min(64rem,calc(100vw-2rem))] md:min-w-[600px]" : "md:max-w-lg"}`}
        >
          <div className="mb-4 flex items-center justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-950"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A link inside a dialog that also closes it. */
export function DialogLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Dialog.Close asChild>
      <Link to={to} className={className}>
        {children}
      </Link>
    </Dialog.Close>
  );
}
