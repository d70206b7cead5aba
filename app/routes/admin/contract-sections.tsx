import { Form, href, useNavigation } from "react-router";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { handleAction, intent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
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

const PAGE = href("/admin/contract-sections");

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "all");
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    // A section of 50,000 characters, percent-encoded, with its title: well under 512 KB.
    maxBytes: 512 * 1024,
    unknownIntent: "Choose what to do: preview, save or restore.",
    intents: {
      // Answered on the page, the draft kept in the form (not a redirect: nothing is stored).
      preview: intent(fromForm(SectionDraftSchema), async ({ actor, input }) => {
        const preview: Preview = await previewContractSection(services, { actor, input });
        const values = { intent: "preview", section: String(input.section), title: input.title, body: input.body };
        return { stay: true, json: { preview, values } };
      }),
      save: intent(fromForm(SectionDraftSchema), async ({ actor, input }) => {
        const saved = await saveContractSection(services, { actor, input });
        return { redirectTo: `${PAGE}#section-${saved.section}`, message: saved.message };
      }),
      restore: intent(fromForm(SectionRestoreSchema), async ({ actor, input }) => {
        const done = await restoreContractSection(services, { actor, input });
        return { redirectTo: `${PAGE}#section-${done.section}`, message: done.message };
      }),
    },
  });
}

/** The answer as section `n`'s forms see it: a refusal or preview of another section leaves them as they were. */
function answerOf(actionData: unknown, n: number) {
  const values = actionData && typeof actionData === "object" ? (actionData as { values?: unknown }).values : null;
  const section = values && typeof values === "object" ? (values as { section?: unknown }).section : undefined;
  return section === String(n) ? actionData : undefined;
}

export function meta() {
  return [{ title: "Contract sections · Admin" }];
}

export default function AdminContractSections({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  // A refusal that names no section (an unknown intent) is said above the sections.
  const unplaced = formAnswer(actionData);
  const placed = loaderData.sections.some((s) => answerOf(actionData, s.number) !== undefined);
  const preview =
    actionData && typeof actionData === "object" && "preview" in actionData ? (actionData.preview as Preview) : null;
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
      <FormErrors errors={!placed && unplaced.error ? [unplaced.error] : undefined} />
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
          actionData={answerOf(actionData, s.number)}
          preview={preview?.section === s.number ? preview : null}
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
  actionData,
  preview,
}: {
  section: ContractSectionView;
  variables: { name: string; description: string }[];
  /** The action's answer when it is about this section. */
  actionData: unknown;
  preview: Preview | null;
}) {
  const n = section.number;
  const previewing = useBusy("preview", n);
  const saving = useBusy("save", n);
  const restoring = useBusy("restore", n);
  const restore = formAnswer(actionData, "restore");
  const answer = restore.refused ? formAnswer(undefined) : formAnswer(actionData);
  const bodyId = `contract-section-${n}-body`;
  const bodyErrors = answer.errors("body");
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
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="section" value={n} />
        <FormErrors errors={answer.formErrors} />
        <Field
          id={`contract-section-${n}-title`}
          label="Title"
          name="title"
          defaultValue={answer.value("title", section.title)}
          maxLength={SECTION_TITLE_MAX}
          required
          errors={answer.errors("title")}
        />
        <div className="space-y-1">
          <label htmlFor={bodyId} className="block text-sm font-medium text-slate-800">
            Text
          </label>
          <textarea
            name="body"
            defaultValue={answer.value("body", section.body)}
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
          <FormErrors errors={restore.error ? [restore.error] : undefined} />
          <Button type="submit" name="intent" value="restore" variant="secondary" disabled={restoring}>
            {restoring ? "Restoring..." : "Restore the default"}
          </Button>
          <span className="ml-3 text-sm text-slate-600">Deletes the edited text; the code default is used again.</span>
        </Form>
      ) : null}
    </section>
  );
}
