import { formatDateTimeEastern } from "~/lib/format-dates";
import { PdfViewButton } from "./pdf-view-button";

/** The files of an agreement, in words. */
export const DOCUMENT_KINDS: Record<string, string> = {
  contract: "Contract",
  sealed_contract: "Sealed contract",
  deed: "Recorded deed",
  addendum: "Addendum",
};

export type AgreementFileView = { id: number; kind: string; fileName: string; createdAt: string; path: string };

/**
 * An agreement's files (the contract, the sealed contract, the recorded deed): each a download link and, once the page
 * runs JavaScript, "View" in the PDF viewer. The party's agreement page and the back office's deal page.
 */
export function AgreementFiles({
  documents,
  empty = "No files yet: the signed contract and the recorded deed appear here.",
}: {
  documents: AgreementFileView[];
  empty?: string;
}) {
  return (
    <section aria-labelledby="files-heading">
      <h2 id="files-heading" className="text-lg font-semibold text-slate-900">
        Files
      </h2>
      {documents.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {documents.map((d) => {
            const kind = DOCUMENT_KINDS[d.kind] ?? "File";
            return (
              <li key={d.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 break-words">
                  <a href={d.path} download className="text-sky-800 underline">
                    {kind}: {d.fileName}
                  </a>{" "}
                  <span className="text-sm text-slate-600">(PDF, {formatDateTimeEastern(d.createdAt)})</span>
                </span>
                <PdfViewButton href={d.path} title={kind} label={`the ${kind.toLowerCase()}`} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-1 text-slate-700">{empty}</p>
      )}
    </section>
  );
}
