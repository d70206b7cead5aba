import { CheckCircle2, ShieldCheck, XCircle } from "lucide-react";
import { data, Form, href, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatAgreementNumber } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { hitAddressLimit, tryAgainIn } from "~/lib/rate-limit.server";
import { clientAddress } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { VERIFY_MAX_BYTES, verifyContractFile } from "~/modules/contracts/contracts.server";
import { readUploadedFile } from "~/lib/upload.server";
import type { Route } from "./+types/verify";
import { withSeo } from "~/modules/seo/seo-meta";

/**
 * /verify (issue 11): anyone uploads a PDF and learns whether it is an untouched contract (or an addendum to one,
 * decision 0036) sealed by this site, which agreement (and addendum) and when it was sealed. A plain multipart form (works without JavaScript); the body is capped
 * while it is read (413 past 10 MB); a file that does not start with `%PDF-` is a 400. The file is never stored.
 */

const FIELD = "file";
/** Room for the multipart envelope around the file. */
const MAX_BODY = VERIFY_MAX_BYTES + 64 * 1024;
const TOO_BIG =
  "The file is larger than 10 MB. A sealed contract from us is well under 1 MB: check that you chose the right file.";
const MISSING = "Choose the PDF file to check.";
const VERIFY_LIMITED = "You have checked many files in a short time, the most we allow from one address.";

type Answer =
  | { kind: "refused"; message: string }
  | {
      kind: "valid";
      message: string;
      /** "Purchase contract", or "Addendum 2 to agreement VPM-000123". */
      document: string;
      agreementNumber: string;
      sealedAt: string | null;
      sha256: string;
      fileName: string;
      /** The seal's certificate: the current one, or an earlier one of ours (decision 0063). */
      certificate: { name: string; fingerprint256: string; current: boolean };
    }
  | { kind: "invalid"; message: string; sha256: string | null; fileName: string };

export const meta: Route.MetaFunction = withSeo(() => {
  return [
    { title: "Verify a contract · Vacation Points Market" },
    {
      name: "description",
      content:
        "Check that a purchase contract PDF was sealed by Vacation Points Market and has not been changed since: upload it and see the agreement and the date it was sealed.",
    },
  ];
});

export function loader() {
  return { maxMb: VERIFY_MAX_BYTES / 1024 / 1024 };
}

export async function action({ request }: Route.ActionArgs) {
  const refuse = (status: number, message: string) => data<Answer>({ kind: "refused", message }, { status });
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) return refuse(400, MISSING);
  const file = await readUploadedFile(request, { field: FIELD, maxBodyBytes: MAX_BODY });
  if (file === "too-big") return refuse(413, TOO_BIG);
  if (file === "missing") return refuse(400, MISSING);
  if (file.size > VERIFY_MAX_BYTES) return refuse(413, TOO_BIG);
  // Anonymous and costly (a PDF of up to 10 MB parsed and hashed): each file checked counts against the address's
  // limit, before it is parsed (issue 28). The body itself is capped above.
  const services = await getServices();
  const limited = await hitAddressLimit(services.db, "verify", clientAddress(request));
  if (!limited.allowed) {
    return data<Answer>(
      { kind: "refused", message: `${VERIFY_LIMITED} ${tryAgainIn(limited.retryAfterSeconds)}` },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const fileName = file.name.slice(0, 200);
  const r = await verifyContractFile(services, { bytes });
  if (r.valid) {
    return data<Answer>({
      kind: "valid",
      message: r.message,
      document: r.addendumNumber
        ? `Addendum ${r.addendumNumber} to agreement ${formatAgreementNumber(r.agreementId)}`
        : "Purchase contract",
      agreementNumber: r.agreementNumber ?? String(r.agreementId),
      sealedAt: r.sealedAt ? formatDateTimeEastern(r.sealedAt) : null,
      sha256: r.sha256,
      fileName,
      certificate: r.certificate,
    });
  }
  if (r.code === "not-pdf") return refuse(400, r.message);
  return data<Answer>({ kind: "invalid", message: r.message, sha256: r.sha256, fileName });
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = (actionData ?? null) as Answer | null;
  const refusal = answer?.kind === "refused" ? answer.message : null;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:py-12">
      <div>
        <h1 className="flex items-center gap-3 text-3xl font-bold text-slate-900">
          <ShieldCheck aria-hidden="true" className="size-8 shrink-0 text-sky-800" />
          Verify a contract
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          When both parties have signed, we seal the purchase contract (and each addendum to it): we add a certificate
          page listing who signed and when, and a digital signature that breaks if anyone changes the file. Upload a
          copy here to check it.
        </p>
      </div>

      <section aria-labelledby="what-we-check" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="what-we-check" className="text-lg font-semibold text-slate-900">
          What we check
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>The file is a PDF that carries a digital signature made with our seal, not someone else's.</li>
          <li>Not one byte of the file has changed since it was sealed: no edited text, no added page.</li>
          <li>
            It is a contract, or an addendum to one, that we sealed: we tell you its agreement number (and the
            addendum's) and when it was sealed.
          </li>
        </ul>
        <p className="mt-3 text-sm text-slate-600">
          The file is checked and then discarded; we do not keep it. We show nothing about the parties: ask them for the
          details.
        </p>
      </section>

      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
        aria-describedby={refusal ? "verify-error" : undefined}
      >
        <div className="space-y-1">
          <label htmlFor="verify-file" className="block font-medium text-slate-900">
            Contract PDF
          </label>
          <p id="verify-file-hint" className="text-sm text-slate-600">
            The sealed contract as you downloaded or received it. PDF only, up to {loaderData.maxMb} MB.
          </p>
          <input
            id="verify-file"
            name={FIELD}
            type="file"
            accept="application/pdf,.pdf"
            required
            aria-describedby={refusal ? "verify-file-hint verify-error" : "verify-file-hint"}
            aria-invalid={refusal ? true : undefined}
            className="block w-full max-w-full rounded-md border border-slate-300 bg-white p-2 text-sm text-slate-900 file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-700"
          />
          {refusal && (
            <p id="verify-error" role="alert" className="text-sm font-medium text-red-800">
              {refusal}
            </p>
          )}
        </div>
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          {busy ? "Checking…" : "Check the file"}
        </button>
      </Form>

      <div aria-live="polite">{answer && answer.kind !== "refused" && <Verdict answer={answer} />}</div>
    </div>
  );
}

function Verdict({ answer }: { answer: Exclude<Answer, { kind: "refused" }> }) {
  if (answer.kind === "valid") {
    return (
      <section
        aria-labelledby="verdict"
        className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 sm:p-5"
      >
        <h2 id="verdict" className="flex items-center gap-2 text-xl font-semibold">
          <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-emerald-700" />
          Valid: the file is untouched
        </h2>
        <p>{answer.message}</p>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">File</dt>
          <dd className="break-all">{answer.fileName}</dd>
          <dt className="font-medium">Document</dt>
          <dd>{answer.document}</dd>
          <dt className="font-medium">Agreement</dt>
          <dd>{answer.agreementNumber}</dd>
          <dt className="font-medium">Sealed</dt>
          <dd>{answer.sealedAt ? `${answer.sealedAt} (New York time)` : "Date not recorded"}</dd>
          <dt className="font-medium">SHA-256</dt>
          <dd className="font-mono text-sm break-all">{answer.sha256}</dd>
          <dt className="font-medium">Sealed with</dt>
          <dd>
            {answer.certificate.name}
            {answer.certificate.current ? "" : " (our earlier certificate)"}
            <span className="block font-mono text-xs break-all">SHA-256 {answer.certificate.fingerprint256}</span>
          </dd>
        </dl>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="verdict"
      className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950 sm:p-5"
    >
      <h2 id="verdict" className="flex items-center gap-2 text-xl font-semibold">
        <XCircle aria-hidden="true" className="size-6 shrink-0 text-red-700" />
        Not valid
      </h2>
      <p className="font-medium">{answer.message}</p>
      <p>
        Do not rely on this copy. Ask the other party for the sealed contract as they downloaded it from their agreement
        on{" "}
        <a href={href("/")} className="underline">
          Vacation Points Market
        </a>
        , or contact us.
      </p>
      <p className="text-sm">
        File: <span className="break-all">{answer.fileName}</span>
      </p>
    </section>
  );
}
