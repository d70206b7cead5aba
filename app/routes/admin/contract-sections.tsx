import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, useNavigation } from "react-router";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { handleFormAction, readForm } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import {
  type ContractSectionView,
  SECTION_BODY_MAX,
  SECTION_TITLE_MAX,
  SectionDraftSchema,
  SectionRestoreSchema,
} from "~/modules/contracts/contract-sections.schema";
import {
  listContractSections,
  previewContractSection,
  restoreContractSection,
  saveContractSection,
} from "~/modules/contracts/contract-sections.server";
import { ContractText } from "~/modules/agreements/ui/contract-text";
import type { Route } from "./+types/contract-sections";

/**
 * /admin/contract-sections (issue 11): the contract's four section templates, each with its title and text as stored,
 * the variables it may use, a preview with a sample agreement, save and restore the default. Every form works
 * without JavaScript (a plain POST with an `intent`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "manage", "all");
  return page && listContractSections(await getServices(), { actor: page.viewer });
}

type Intent = "preview" | "save" | "restore";
type Preview = { section: number; title: string; text: string };
type ActionData = {
  intent: Intent | null;
  section: number | null;
  preview: Preview | null;
  result: SubmissionResult<string[]> | null;
  error: string | null;
};

const PAGE = href("/admin/contract-sections");

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "all");
  // A section of 50,000 characters, percent-encoded, with its title: well under 512 KB.
  const formData = await readForm(request, 512 * 1024);
  const intent = String(formData.get("intent") ?? "");
  const section = Number(formData.get("section")) || null;
  const echo = (i: Intent | null) => ({
    intent: i,
    section,
    preview: null as Preview | null,
    error: null as string | null,
  });
  const services = await getServices();
  if (intent === "preview") {
    // Answered on the page, the draft kept in the form (not a redirect: nothing is stored).
    const submission = parseWithZod(formData, { schema: SectionDraftSchema });
    if (submission.status !== "success")
      return data({ ...echo("preview"), result: submission.reply() }, { status: 400 });
    try {
      const preview = await previewContractSection(services, { actor: viewer, input: submission.value });
      return data({ ...echo("preview"), preview, result: submission.reply() });
    } catch (err) {
      if (!isAppError(err)) throw err;
      const result = err.fields
        ? submission.reply({ fieldErrors: err.fields })
        : submission.reply({ formErrors: [err.message] });
      return data({ ...echo("preview"), result }, { status: err.status });
    }
  }
  if (intent === "save") {
    return handleFormAction(request, {
      form: formData,
      schema: SectionDraftSchema,
      echo: echo("save"),
      run: async (input) => {
        const saved = await saveContractSection(services, { actor: viewer, input });
        return { redirectTo: `${PAGE}#section-${saved.section}`, message: saved.message, status: 303 };
      },
    });
  }
  if (intent === "restore") {
    return handleFormAction(request, {
      form: formData,
      schema: SectionRestoreSchema,
      echo: echo("restore"),
      run: async (input) => {
        const done = await restoreContractSection(services, { actor: viewer, input });
        return { redirectTo: `${PAGE}#section-${done.section}`, message: done.message, status: 303 };
      },
    });
  }
  return data({ ...echo(null), result: null, error: "Choose what to do: preview, save or restore." }, { status: 400 });
}

export function meta() {
  return [{ title: "Contract sections · Admin" }];
}

export default function AdminContractSections({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const reply = actionData as ActionData | undefined;
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Contract sections</h1>
        <p className="mt-1 text-slate-700">
          The text of the purchase contract's four sections. Each is a template: <code>{"{{ variable }}"}</code> prints
          a value of the agreement, <code>{"{% if %}"}</code> and <code>{"{% for %}"}</code> choose and repeat text.
        </p>
        <div className="mt-3 space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-medium">A sealed contract never changes: its signed PDF is kept as it was sealed.</p>
          <p>
            A contract keeps the text it was sent with: both parties sign that text, and that text is sealed. A saved
            change reaches the contracts sent after it.
          </p>
        </div>
      </div>
      <FormErrors errors={reply?.error ? [reply.error] : undefined} />
      <nav aria-label="Sections">
        <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {loaderData.sections.map((s) => (
            <li key={s.key}>
              <a className="text-sky-800 underline" href={`#section-${s.number}`}>
                {s.number}. {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {loaderData.sections.map((s) => (
        <SectionEditor
          key={`${s.key}-${s.version}`}
          section={s}
          variables={loaderData.variables}
          lastResult={reply?.section === s.number && reply.intent !== "restore" ? reply.result : undefined}
          preview={reply?.preview?.section === s.number ? reply.preview : null}
          restoreErrors={
            reply?.section === s.number && reply.intent === "restore" ? reply.result?.error?.[""] : undefined
          }
        />
      ))}
    </div>
  );
}

function useBusy(intent: Intent, section: number) {
  const nav = useNavigation();
  return (
    nav.state === "submitting" &&
    nav.formData?.get("intent") === intent &&
    nav.formData?.get("section") === String(section)
  );
}

function SectionEditor({
  section,
  variables,
  lastResult,
  preview,
  restoreErrors,
}: {
  section: ContractSectionView;
  variables: { name: string; description: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  preview: Preview | null;
  restoreErrors?: string[] | null;
}) {
  const n = section.number;
  const previewing = useBusy("preview", n);
  const saving = useBusy("save", n);
  const restoring = useBusy("restore", n);
  const [form, fields] = useForm({
    id: `contract-section-${n}`,
    lastResult,
    defaultValue: { section: String(n), title: section.title, body: section.body },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SectionDraftSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const bodyId = `contract-section-${n}-body`;
  const bodyErrors = fields.body.errors;
  const headingId = `section-${n}-heading`;
  return (
    <section
      id={`section-${n}`}
      aria-labelledby={headingId}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Section {n}: {section.title}
        </h2>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${section.overridden ? "bg-sky-100 text-sky-900" : "bg-slate-100 text-slate-700"}`}
        >
          {section.overridden ? "Edited" : "Default text"}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">{section.description}</p>
      <details className="mt-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium text-sky-900">
          The variables this section may use ({variables.length})
        </summary>
        <p className="mt-2 text-slate-700">
          A list is repeated with <code>{"{% for p in points_per_use_year %}"}</code> ... <code>{"{% endfor %}"}</code>.
          A name not in this list is refused on save.
        </p>
        <dl className="mt-2 divide-y divide-slate-200">
          {variables.map((v) => (
            <div key={v.name} className="grid gap-1 py-1.5 sm:grid-cols-[15rem_1fr] sm:gap-4">
              <dt>
                <code className="break-all rounded bg-white px-1.5 py-0.5 text-slate-900">{`{{ ${v.name} }}`}</code>
              </dt>
              <dd className="text-slate-700">{v.description}</dd>
            </div>
          ))}
        </dl>
      </details>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="section" value={n} />
        <FormErrors errors={form.errors} />
        <Field
          id={`contract-section-${n}-title`}
          label="Title"
          name={fields.title.name}
          defaultValue={fields.title.initialValue as string | undefined}
          maxLength={SECTION_TITLE_MAX}
          required
          errors={fields.title.errors}
        />
        <div className="space-y-1">
          <label htmlFor={bodyId} className="block text-sm font-medium text-slate-800">
            Text
          </label>
          <textarea
            name={fields.body.name}
            defaultValue={fields.body.initialValue as string | undefined}
            required
            id={bodyId}
            rows={16}
            maxLength={SECTION_BODY_MAX}
            spellCheck
            aria-invalid={bodyErrors?.length ? true : undefined}
            aria-describedby={[bodyErrors?.length ? `${bodyId}-error` : null, `${bodyId}-hint`]
              .filter(Boolean)
              .join(" ")}
            className={`block w-full rounded-md border px-3 py-2 font-mono text-sm leading-relaxed shadow-sm ${bodyErrors?.length ? "border-red-600" : "border-slate-400"}`}
          />
          <p id={`${bodyId}-hint`} className="text-sm text-slate-600">
            A blank line ends a paragraph; <code>## Heading</code> is a clause heading, <code>- item</code> a bullet,{" "}
            <code>[ ]</code> / <code>[x]</code> a checkbox and <code>____</code> a blank to fill in by hand.
          </p>
          {bodyErrors?.length ? (
            <p id={`${bodyId}-error`} className="text-sm font-medium text-red-700">
              {bodyErrors[0]}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="preview" variant="secondary" disabled={previewing}>
            {previewing ? "Rendering..." : "Preview"}
          </Button>
          <Button type="submit" name="intent" value="save" disabled={saving}>
            {saving ? "Saving..." : `Save section ${n}`}
          </Button>
        </div>
      </Form>
      {preview ? (
        <section
          className="mt-5 rounded-md border border-slate-300 bg-slate-50 p-4"
          aria-labelledby={`${headingId}-preview`}
        >
          <h3 id={`${headingId}-preview`} className="text-base font-semibold text-slate-900">
            Preview: {preview.title}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            With a sample agreement: 160 Bay Lake Tower points at $150.00 a point, a Florida title company. Not saved
            yet.
          </p>
          <div data-testid={`contract-section-${n}-preview`} className="mt-3 space-y-3 text-sm leading-relaxed">
            <ContractText text={preview.text} headingLevel={4} />
          </div>
        </section>
      ) : null}
      {section.overridden ? (
        <Form method="post" className="mt-4 border-t border-slate-200 pt-4">
          <input type="hidden" name="section" value={n} />
          <FormErrors errors={restoreErrors ?? undefined} />
          <Button type="submit" name="intent" value="restore" variant="secondary" disabled={restoring}>
            {restoring ? "Restoring..." : "Restore the default"}
          </Button>
          <span className="ml-3 text-sm text-slate-600">Deletes the edited text; the code default is used again.</span>
        </Form>
      ) : null}
    </section>
  );
}
