import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { CheckboxGroup, Field, FormErrors, SelectField } from "~/components/ui/field";
import {
  constraintsOf,
  hintOf,
  type SettingKey,
  type SettingsDeclaration,
  type SettingsSection,
  sectionSchema,
} from "~/modules/admin/settings";
import { AdminScreenHeading } from "./admin-chrome";

/**
 * The settings screen of the admin engine (issue 30): one form a section, each saved on its own, rendered from the
 * declaration. Plain form posts, so it works without JavaScript; with it, each field is checked as it is left.
 */

type LoaderData = { sections: Record<string, Record<string, string | string[] | undefined>> } | null;
type ActionData = { intent: string | null; result: SubmissionResult<string[]> | null; error: string | null };

export function SettingsScreen({ settings, intro }: { settings: SettingsDeclaration; intro?: ReactNode }) {
  const loaderData = useLoaderData() as LoaderData;
  const reply = useActionData() as ActionData | undefined;
  if (!loaderData) return null;
  return (
    <div className="max-w-3xl space-y-8">
      <AdminScreenHeading title={settings.title}>{intro ?? settings.description}</AdminScreenHeading>
      <FormErrors errors={reply?.error ? [reply.error] : undefined} />
      {settings.sections.map((section) => (
        <SettingsSectionForm
          key={section.id}
          formId={`${settings.id}-${section.id}`}
          section={section}
          values={loaderData.sections[section.id] ?? {}}
          lastResult={reply?.intent === section.id ? reply.result : undefined}
          alone={settings.sections.length === 1}
        />
      ))}
    </div>
  );
}

function SettingsSectionForm({
  formId,
  section,
  values,
  lastResult,
  alone,
}: {
  formId: string;
  section: SettingsSection;
  values: Record<string, string | string[] | undefined>;
  lastResult?: SubmissionResult<string[]> | null;
  alone: boolean;
}) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent") === section.id;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sectionSchema(section) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const keys = Object.values(section.keys);
  const headingId = `${formId}-heading`;
  const submit = section.submitLabel ?? `Save ${section.title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className={alone ? "sr-only" : "text-lg font-semibold text-slate-900"}>
        {section.title}
      </h2>
      {section.description && !alone ? <p className="mt-1 text-sm text-slate-700">{section.description}</p> : null}
      <Form method="post" {...getFormProps(form)} className={alone ? "space-y-4" : "mt-4 space-y-4"}>
        <input type="hidden" name="intent" value={section.id} />
        <FormErrors errors={form.errors} />
        <div className={keys.length > 1 ? "grid gap-4 sm:grid-cols-2" : "max-w-md"}>
          {keys.map((key) => {
            const field = fields[key.name];
            return (
              <SettingField
                key={key.name}
                id={`${formId}-${key.name}`}
                setting={key}
                initial={field.initialValue as string | string[] | undefined}
                errors={field.errors}
              />
            );
          })}
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : submit}
        </Button>
      </Form>
    </section>
  );
}

/** One key's input, by its kind, with the declaration's constraints and hint. */
function SettingField({
  id,
  setting: key,
  initial,
  errors,
}: {
  id: string;
  setting: SettingKey;
  initial: string | string[] | undefined;
  errors?: string[];
}) {
  const hint = hintOf(key);
  switch (key.kind) {
    case "boolean":
      return (
        <div className="space-y-1 sm:col-span-2">
          <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-base text-slate-900">
            <input
              id={id}
              type="checkbox"
              name={key.name}
              defaultChecked={initial === "on"}
              aria-describedby={hint ? `${id}-hint` : undefined}
              className="mt-1 size-4 shrink-0"
            />
            <span className="font-medium">{key.label}</span>
          </label>
          {hint ? (
            <p id={`${id}-hint`} className="pl-7 text-sm text-slate-600">
              {hint}
            </p>
          ) : null}
          <FormErrors errors={errors} />
        </div>
      );
    case "select":
      return (
        <SelectField
          id={id}
          label={key.label}
          name={key.name}
          defaultValue={initial as string | undefined}
          errors={errors}
          hint={hint}
        >
          {key.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      );
    case "multiselect": {
      const picked = Array.isArray(initial) ? initial.map(String) : initial ? [String(initial)] : [];
      return (
        <CheckboxGroup
          name={key.name}
          legend={key.label}
          options={key.options}
          chosen={picked}
          describedBy={hint ? `${id}-hint` : undefined}
          className="sm:col-span-2"
        >
          {hint ? (
            <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
              {hint}
            </p>
          ) : null}
          <FormErrors errors={errors} />
        </CheckboxGroup>
      );
    }
    default:
      return (
        <Field
          id={id}
          label={key.label}
          name={key.name}
          defaultValue={initial as string | undefined}
          type={key.kind === "text" ? "text" : "number"}
          {...constraintsOf(key)}
          hint={hint}
          errors={errors}
        />
      );
  }
}
