import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, useNavigation } from "react-router";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors, SelectField } from "~/components/ui/field";
import { handleFormAction } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import {
  OD_COLUMNS,
  OD_DAYS,
  OD_PAGE_SIZES,
  OD_SORTS,
  OD_STATUS_OPTIONS,
  OdSettingsSchema,
} from "~/modules/offers/od-settings.schema";
import { getOdSettings, saveOdSettings } from "~/modules/offers/od-settings.server";
import type { Route } from "./+types/od-settings";

/**
 * /admin/od-settings (SPEC admin menu): the offer dashboard's starting view for every administrator: the status tab
 * it opens on, rows a page, the sort, the extra columns and how far back it looks. A plain form.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "manage", "OfferAdmin");
  return page && { settings: await getOdSettings(await getServices(), { actor: page.viewer }) };
}

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "OfferAdmin");
  return handleFormAction(request, {
    schema: OdSettingsSchema,
    run: async (input) => {
      const saved = await saveOdSettings(await getServices(), { actor: viewer, input });
      return { redirectTo: href("/admin/offer-dashboard"), message: saved.message, status: 303 };
    },
  });
}

export function meta() {
  return [{ title: "Offer dashboard settings · Admin" }];
}

export default function OdSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const lastResult = (actionData as { result?: SubmissionResult<string[]> } | undefined)?.result;
  const s = loaderData?.settings;
  const [form, fields] = useForm({
    id: "od-settings",
    lastResult,
    defaultValue: s && { status: s.status, sort: s.sort, perPage: String(s.perPage), days: String(s.days) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OdSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (!s) return null;
  const shown = new Set<string>(s.columns);
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Offer dashboard settings</h1>
        <p className="mt-1 text-slate-700">
          How the{" "}
          <Link to={href("/admin/offer-dashboard")} className="text-sky-800 underline">
            offer dashboard
          </Link>{" "}
          opens for every administrator. A tab, sort or page size chosen on the dashboard still applies to that visit.
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-5 rounded-lg border border-slate-200 bg-white p-5">
        <FormErrors errors={form.errors} />
        <SelectField
          id="od-status"
          label="Opens on the tab"
          name={fields.status.name}
          defaultValue={fields.status.initialValue as string | undefined}
          errors={fields.status.errors}
        >
          {OD_STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.label })).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="od-sort"
          label="Sorted by"
          name={fields.sort.name}
          defaultValue={fields.sort.initialValue as string | undefined}
          errors={fields.sort.errors}
        >
          {Object.entries(OD_SORTS)
            .map(([value, o]) => ({ value, label: o.label }))
            .map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
        </SelectField>
        <SelectField
          id="od-per-page"
          label="Offers a page"
          name={fields.perPage.name}
          defaultValue={fields.perPage.initialValue as string | undefined}
          errors={fields.perPage.errors}
        >
          {OD_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) })).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Extra columns</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {OD_COLUMNS.map((c) => (
              <label key={c.value} className="inline-flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  name={fields.columns.name}
                  value={c.value}
                  defaultChecked={shown.has(c.value)}
                  className="size-4"
                />
                {c.label}
              </label>
            ))}
          </div>
          <FormErrors errors={fields.columns.errors} />
        </fieldset>
        <div className="max-w-xs">
          <Field
            id="od-days"
            label="Only offers of the last (days)"
            name={fields.days.name}
            defaultValue={fields.days.initialValue as string | undefined}
            type="number"
            inputMode="numeric"
            step={1}
            min={OD_DAYS.min}
            max={OD_DAYS.max}
            required
            hint="0 shows offers of any date."
            errors={fields.days.errors}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save settings"}
        </Button>
      </Form>
    </div>
  );
}
