import { ArrowLeft, FileText } from "lucide-react";
import { data, Form, href, isRouteErrorResponse, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAdminPage } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { formatNumber, formatAgreementNumber } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { DEED_MAX_BYTES, DEED_MESSAGES, getDeedPage, uploadDeed } from "~/modules/agreements/agreements.server";
import { readUploadedFile } from "~/lib/upload.server";
import { idParam } from "~/lib/fields";
import type { Route } from "./+types/agreement-deed";

/** A URL id that cannot be a row is a 404, like one that is no row (issue 12 finding 6). */
const NO_AGREEMENT = "This agreement does not exist.";

/** Room for the multipart envelope around the file. */
const MAX_BODY = DEED_MAX_BYTES + 64 * 1024;
const FIELD = "deed";

/**
 * /admin/agreements/{id}/deed (SPEC: the admin's deed upload): the recorded deed of an agreement, a PDF told by its
 * bytes (`%PDF-`), at most 10 MB (413 past it, 400 for anything not a PDF), stored with its SHA-256; closing the
 * agreement needs it. A plain multipart form: works without JavaScript.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "update", "OfferAdmin");
  if (!page) return null;
  return orHttpError(async () =>
    getDeedPage(await getServices(), { actor: page.viewer, input: { agreementId: idParam(params.id, NO_AGREEMENT) } }),
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const page = await requireAdminPage(request, "update", "OfferAdmin");
  if (!page) return data({ error: "Stop acting as another person to upload a deed." }, { status: 403 });
  const fail = (status: number, error: string) => data({ error, fields: { [FIELD]: [error] } }, { status });
  const file = await readUploadedFile(request, { field: FIELD, maxBodyBytes: MAX_BODY });
  if (file === "too-big") return fail(413, DEED_MESSAGES.tooBig);
  if (file === "missing") return fail(400, DEED_MESSAGES.missing);
  if (file.size > DEED_MAX_BYTES) return fail(413, DEED_MESSAGES.tooBig);
  try {
    const result = await uploadDeed(await getServices(), {
      actor: page.viewer,
      input: {
        agreementId: idParam(params.id, NO_AGREEMENT),
        fileName: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      },
    });
    const headers = await setFlash(new Headers(), { kind: "success", message: result.message });
    return redirect(href("/admin/agreements/:id/deed", { id: params.id }), { headers, status: 303 });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return fail(err.status, err.message);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const a = loaderData?.agreement;
  return [{ title: a ? `Deed of agreement ${formatAgreementNumber(a.id)} · Admin` : "Deed · Admin" }];
}

export default function AgreementDeed({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData) return null;
  const { agreement: a, deeds, adminPath } = loaderData;
  const fieldError =
    actionData && typeof actionData === "object" && "error" in actionData ? String(actionData.error) : null;
  return (
    <div className="max-w-3xl space-y-6">
      <Link to={adminPath} className="inline-flex items-center gap-1 text-sm text-sky-800 underline">
        <ArrowLeft aria-hidden className="size-4" /> Agreement {formatAgreementNumber(a.id)}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Recorded deed: agreement {formatAgreementNumber(a.id)}</h1>
        <p className="mt-1 text-slate-700">
          {a.resortName}, {a.points} points · listing {a.listingCode} · <strong>{a.statusLabel}</strong>
        </p>
      </div>

      <section aria-labelledby="upload-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
          Upload the recorded deed
        </h2>
        <p className="mt-1 text-slate-700">
          The deed as the county recorded it: a PDF of at most 10 MB. Closing the agreement needs it on file; both
          parties can download it from their agreement page.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
          <div>
            <label htmlFor="deed" className="block font-medium text-slate-900">
              Deed (PDF)
            </label>
            <input
              id="deed"
              name={FIELD}
              type="file"
              accept="application/pdf,.pdf"
              required
              aria-describedby={fieldError ? "deed-error deed-help" : "deed-help"}
              aria-invalid={fieldError ? true : undefined}
              className="mt-1 block w-full max-w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-slate-50 file:px-3 file:py-1.5 file:text-slate-900"
            />
            <p id="deed-help" className="mt-1 text-sm text-slate-600">
              PDF only, up to 10 MB.
            </p>
            {fieldError && (
              <p id="deed-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
                {fieldError}
              </p>
            )}
          </div>
          <Button type="submit" disabled={busy}>
            Upload the deed
          </Button>
        </Form>
      </section>

      <section aria-labelledby="deeds-heading">
        <h2 id="deeds-heading" className="text-lg font-semibold text-slate-900">
          Deeds on file
        </h2>
        {deeds.length === 0 ? (
          <p className="mt-1 text-slate-700">None yet.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {deeds.map((d) => (
              <li key={d.id} className="flex gap-2">
                <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <a href={d.path} download className="text-sky-800 underline">
                    {d.fileName}
                  </a>
                  <p className="text-sm break-all text-slate-600">
                    {formatNumber(d.byteSize)} bytes · uploaded {formatDateTimeEastern(d.createdAt)} (Eastern) · SHA-256{" "}
                    <code>{d.sha256}</code>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="max-w-xl space-y-3">
      <h1 className="text-2xl font-bold text-slate-900">{missing ? "Agreement not found" : "Something went wrong"}</h1>
      <p className="text-slate-700">
        {missing ? "There is no such agreement." : "We could not show this page. Please try again."}
      </p>
      <Link to={href("/admin/agreements")} className="text-sky-800 underline">
        All agreements
      </Link>
    </div>
  );
}
