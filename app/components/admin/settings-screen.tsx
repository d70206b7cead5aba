import { type ReactNode, useEffect, useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { CheckboxGroup, Field, FormErrors, SelectField } from "~/components/ui/field";
import { type FormAnswer, formAnswer, isRefusal } from "~/components/ui/form-answer";
import {
  constraintsOf,
  hintOf,
  type SettingKey,
  type SettingsDeclaration,
  type SettingsSection,
} from "~/modules/admin/settings";
import { AdminScreenHeading } from "./admin-chrome";
import { MediaPicker } from "./media-picker";

/**
 * The settings screen of the admin engine (issue 30): one form a section, each saved on its own, rendered from the
 * declaration. Plain form posts, so it works without JavaScript: a refused section shows each field's message and
 * what was typed (decision 0072).
 */

type LoaderData = { sections: Record<string, Record<string, string | string[] | undefined>> } | null;

export function SettingsScreen({ settings, intro }: { settings: SettingsDeclaration; intro?: ReactNode }) {
  const loaderData = useLoaderData() as LoaderData;
  const reply = useActionData() as unknown;
  if (!loaderData) return null;
  // A refusal of no section (an unknown intent) is said above the forms; a section's, in its form.
  const sectionIds = new Set<unknown>(settings.sections.map((s) => s.id));
  const sent = isRefusal(reply) ? reply.values?.intent : undefined;
  const unplaced = isRefusal(reply) && !sectionIds.has(sent) && settings.sections.length > 1 ? reply.error : null;
  return (
    <div className="max-w-3xl space-y-8">
      <AdminScreenHeading title={settings.title}>{intro ?? settings.description}</AdminScreenHeading>
      <FormErrors errors={unplaced ? [unplaced] : undefined} />
      {settings.sections.map((section) => (
        <SettingsSectionForm
          key={section.id}
          formId={`${settings.id}-${section.id}`}
          section={section}
          values={loaderData.sections[section.id] ?? {}}
          answer={formAnswer(reply, settings.sections.length === 1 && sent === undefined ? undefined : section.id)}
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
  answer,
  alone,
}: {
  formId: string;
  section: SettingsSection;
  values: Record<string, string | string[] | undefined>;
  answer: FormAnswer;
  alone: boolean;
}) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent") === section.id;
  const keys = Object.values(section.keys);
  const headingId = `${formId}-heading`;
  const submit = section.submitLabel ?? `Save ${section.title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className={alone ? "sr-only" : "text-lg font-semibold text-slate-900"}>
        {section.title}
      </h2>
      {section.description && !alone ? <p className="mt-1 text-sm text-slate-700">{section.description}</p> : null}
      <Form method="post" noValidate className={alone ? "space-y-4" : "mt-4 space-y-4"}>
        <input type="hidden" name="intent" value={section.id} />
        <FormErrors errors={answer.formErrors} />
        <div className={keys.length > 1 ? "grid gap-4 sm:grid-cols-2" : "max-w-md"}>
          {keys.map((key) => {
            const stored = values[key.name];
            // A refused form shows what was sent: a list for the boxes of a multiselect, else one value.
            const initial =
              key.kind === "multiselect"
                ? answer.values(key.name, Array.isArray(stored) ? stored : stored ? [stored] : [])
                : answer.value(key.name, Array.isArray(stored) ? stored[0] : stored);
            return (
              <SettingField
                key={key.name}
                id={`${formId}-${key.name}`}
                setting={key}
                initial={initial}
                errors={answer.errors(key.name)}
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
    case "image":
      return <ImageSettingField id={id} setting={key} initial={initial as string | undefined} errors={errors} />;
    case "colour":
      return (
        <Field
          id={id}
          label={key.label}
          name={key.name}
          defaultValue={initial as string | undefined}
          type="text"
          {...constraintsOf(key)}
          hint={hint ?? "Hex, like #0c4a6e."}
          errors={errors}
        />
      );
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

/**
 * A media library picture (decision 0067): its address in a text field, and a button that opens the library's picker
 * and puts the chosen picture's address in it (once JavaScript runs; without it the address is typed or pasted).
 */
function ImageSettingField({
  id,
  setting: key,
  initial,
  errors,
}: {
  id: string;
  setting: SettingKey;
  initial: string | undefined;
  errors?: string[];
}) {
  const [value, setValue] = useState(initial ?? "");
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div className="space-y-2 sm:col-span-2">
      <Field
        id={id}
        label={key.label}
        name={key.name}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        type="text"
        hint={hintOf(key) ?? "A picture's address from the media library, like /media/library/logo.webp."}
        errors={errors}
      />
      <div className="flex flex-wrap items-center gap-3">
        {value ? <img src={value} alt="" className="h-12 w-auto rounded border border-slate-200 bg-slate-50" /> : null}
        {mounted ? (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Choose from the media library
          </button>
        ) : null}
        {value ? (
          <button type="button" onClick={() => setValue("")} className="text-sm text-sky-800 underline">
            Clear
          </button>
        ) : null}
      </div>
      <MediaPicker open={open} onOpenChange={setOpen} withSizes={false} onChoose={(p) => setValue(p.url)} />
    </div>
  );
}
