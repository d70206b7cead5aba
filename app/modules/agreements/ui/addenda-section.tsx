import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { PdfViewButton } from "./pdf-view-button";

export type AddendumView = {
  number: number;
  title: string;
  status: string;
  statusLabel: string;
  createdAt: string;
  buyerSignedAt: string | null;
  sellerSignedAt: string | null;
  sealedAt: string | null;
  withdrawnAt: string | null;
  withdrawReason: string | null;
  signPath: string;
  canSign: boolean;
  documentPath: string | null;
};

const TONE: Record<string, string> = {
  sealed: "border-emerald-300 bg-emerald-50 text-emerald-900",
  withdrawn: "border-slate-300 bg-slate-100 text-slate-700",
};

/**
 * The agreement page's addenda (decision 0036): each with its number, title, state and dates (Eastern time), "Read
 * and sign" for a party who has not signed it yet, and the sealed PDF once both have.
 */
export function AddendaSection({ addenda }: { addenda: AddendumView[] }) {
  if (addenda.length === 0) return null;
  return (
    <section aria-labelledby="addenda-heading">
      <h2 id="addenda-heading" className="text-lg font-semibold text-slate-900">
        Addenda
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Corrections to the sealed agreement. Each is signed by both parties and sealed as its own PDF. Times are
        Eastern.
      </p>
      <ul className="mt-3 space-y-3">
        {addenda.map((d) => {
          const dates = [
            { label: "Written", at: d.createdAt },
            { label: "Signed by the buyer", at: d.buyerSignedAt },
            { label: "Signed by the seller", at: d.sellerSignedAt },
            { label: "Sealed", at: d.sealedAt },
            { label: "Withdrawn", at: d.withdrawnAt },
          ].filter((x): x is { label: string; at: string } => x.at !== null);
          return (
            <li key={d.number} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 font-semibold break-words text-slate-900">
                  Addendum {d.number}: {d.title}
                </h3>
                <span
                  className={`shrink-0 rounded-full border px-2.5 py-0.5 text-sm ${TONE[d.status] ?? "border-amber-300 bg-amber-50 text-amber-900"}`}
                >
                  {d.statusLabel}
                </span>
              </div>
              <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                {dates.map((x) => (
                  <div key={x.label}>
                    <dt className="inline text-slate-600">{x.label}: </dt>
                    <dd className="inline text-slate-900">
                      <time dateTime={x.at}>{formatDateTimeEastern(x.at)}</time>
                    </dd>
                  </div>
                ))}
              </dl>
              {d.withdrawReason && <p className="mt-2 text-sm text-slate-800">Reason: {d.withdrawReason}</p>}
              {(d.canSign || d.documentPath) && (
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  {d.canSign && (
                    <Link to={d.signPath} className={buttonClass("primary")}>
                      Read and sign addendum {d.number}
                    </Link>
                  )}
                  {d.documentPath && (
                    <>
                      <a href={d.documentPath} download className="text-sky-800 underline">
                        Sealed addendum {d.number} (PDF)
                      </a>
                      <PdfViewButton
                        href={d.documentPath}
                        title={`Addendum ${d.number}`}
                        label={`sealed addendum ${d.number}`}
                      />
                    </>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
