import { Eye } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { ShellDialog } from "~/components/shell/shell-dialog";
import { inlinePdfUrl } from "~/modules/agreements/pdf-response";

// pdf.js comes with the viewer's own chunk, fetched when a dialog first opens.
const PdfViewer = lazy(() => import("./pdf-viewer"));

type Props = {
  /** The file's download address (an attachment); the viewer asks for it inline. */
  href: string;
  /** The dialog's title, and the button's accessible name after "View": "the contract". */
  title: string;
  /** The file in words for the pages' text alternatives ("the contract"). */
  label: string;
  className?: string;
};

/**
 * "View" next to a PDF's download link: opens the PDF viewer in the shell's dialog. Rendered only once the page runs
 * JavaScript; without it the download link beside it is the way to the file.
 */
export function PdfViewButton({ href, title, label, className }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`View ${label}`}
        onClick={() => setOpen(true)}
        className={
          className ??
          "inline-flex min-h-8 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-0.5 text-sm font-medium text-slate-900 hover:bg-slate-50"
        }
      >
        <Eye aria-hidden className="size-4" /> View
      </button>
      <ShellDialog open={open} onOpenChange={setOpen} title={title} wide>
        <Suspense
          fallback={
            <p role="status" className="p-6 text-center text-sm text-slate-700">
              Opening the viewer…
            </p>
          }
        >
          <PdfViewer url={inlinePdfUrl(href)} downloadUrl={href} label={label} />
        </Suspense>
      </ShellDialog>
    </>
  );
}
