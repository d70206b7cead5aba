import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { requireAbility, requireUser } from "~/auth/session.server";
import { Button, LinkButton } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { setFlash } from "~/lib/flash.server";
import { orHttpError, replyWithAppError } from "~/lib/http.server";
import { centsToInput, formatMoney } from "~/lib/money";
import { getServices } from "~/lib/runtime.server";
import { RESORT_DUES_CENTS, RESORT_END_YEAR, ResortFactsSchema } from "~/modules/resorts/resorts-admin.schema";
import { getResortFacts, updateResortFacts } from "~/modules/resorts/resorts-admin.server";
import type { Route } from "./+types/resorts-annual-dues-edit";

const LIST = href("/admin/resorts/annual-dues");

/** /admin/resorts/annual-dues/{code}: one resort's dues per point and end years, a form that works without JavaScript. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const me = await requireUser(request);
  if (me.impersonatedBy) return null; // the layout shows the impersonation notice instead
  const { viewer } = await requireAbility(request, "manage", "all");
  return orHttpError(async () => getResortFacts(await getServices(), { actor: viewer, input: { code: params.code } }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "all");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ResortFactsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const saved = await updateResortFacts(await getServices(), {
      actor: viewer,
      input: { code: params.code, values: Object.fromEntries(formData) },
    });
    const message = !saved.changed
      ? `Nothing changed for ${saved.resort.name}.`
      : `${saved.resort.name} saved: ${saved.changes.join("; ")}.${saved.recomputeQueued ? " Scores are being recomputed." : ""}`;
    const headers = await setFlash(new Headers(), { kind: saved.changed ? "success" : "info", message });
    return redirect(LIST, { headers, status: 303 });
  } catch (error) {
    const reply = replyWithAppError(error, submission);
    return data({ result: reply.data.result }, { status: reply.init?.status ?? 400 });
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.name ?? "Resort"} dues · Admin` }];
}

type Facts = NonNullable<Route.ComponentProps["loaderData"]>;

export default function AdminResortDuesEdit({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <EditResortFacts
      r={loaderData}
      lastResult={(actionData as { result?: SubmissionResult<string[]> } | undefined)?.result}
    />
  );
}

function EditResortFacts({ r, lastResult }: { r: Facts; lastResult?: SubmissionResult<string[]> }) {
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  const [form, fields] = useForm({
    id: `resort-facts-${r.code}`,
    lastResult,
    defaultValue: {
      dues_per_point: centsToInput(r.duesPerPointCents),
      contract_end_year: r.contractEndYear === null ? "" : String(r.contractEndYear),
      extended_end_year: r.extendedEndYear === null ? "" : String(r.extendedEndYear),
      end_year_unverified: r.endYearUnverified ? "on" : undefined,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResortFactsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="max-w-xl space-y-6">
      <Link to={LIST} className="inline-flex items-center gap-1 text-sm font-medium text-sky-800 underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All resorts
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{r.name}</h1>
        <p className="mt-1 text-slate-700">
          {r.code} · {r.activeListings} active {r.activeListings === 1 ? "listing" : "listings"}. Saving new dues or a
          new contract end year recomputes every listing's score.
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <FormErrors errors={form.errors} />
        <Field
          id="resort-dues"
          label="Annual dues per point (US dollars)"
          name={fields.dues_per_point.name}
          defaultValue={fields.dues_per_point.initialValue as string | undefined}
          inputMode="decimal"
          autoComplete="off"
          required
          hint={`From ${formatMoney(RESORT_DUES_CENTS.min, { decimals: true })} to ${formatMoney(RESORT_DUES_CENTS.max, { decimals: true })}, with cents, e.g. 8.24.`}
          errors={fields.dues_per_point.errors}
        />
        <Field
          id="resort-end-year"
          label="Contract end year"
          name={fields.contract_end_year.name}
          defaultValue={fields.contract_end_year.initialValue as string | undefined}
          type="number"
          inputMode="numeric"
          step={1}
          min={RESORT_END_YEAR.min}
          max={RESORT_END_YEAR.max}
          required
          hint={`Contracts end on January 31 of this year (${RESORT_END_YEAR.min} to ${RESORT_END_YEAR.max}).`}
          errors={fields.contract_end_year.errors}
        />
        <Field
          id="resort-extended-end-year"
          label="Extended end year (optional)"
          name={fields.extended_end_year.name}
          defaultValue={fields.extended_end_year.initialValue as string | undefined}
          type="number"
          inputMode="numeric"
          step={1}
          max={RESORT_END_YEAR.max}
          hint="For contracts that were extended; empty when there is none. Not before the contract end year."
          errors={fields.extended_end_year.errors}
        />
        <label htmlFor="resort-unverified" className="flex cursor-pointer items-start gap-3 text-base text-slate-900">
          <input
            id="resort-unverified"
            type="checkbox"
            name={fields.end_year_unverified.name}
            defaultChecked={fields.end_year_unverified.initialValue === "on"}
            className="mt-1 size-4 shrink-0"
          />
          <span>The end year is not verified yet</span>
        </label>
        <div className="flex flex-wrap gap-3 pt-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save"}
          </Button>
          <LinkButton to={LIST} variant="secondary">
            Cancel
          </LinkButton>
        </div>
      </Form>
    </div>
  );
}
