import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { Button, buttonClass } from "~/components/ui/button";
import { CheckboxGroup } from "~/components/ui/field";
import type { FormFieldView, ResourceFormView } from "~/modules/admin/resource-view";
import { AdminScreenHeading } from "./admin-chrome";
import { FormAside } from "./form-aside";
import { RelationsField } from "./relations-field";
import { LibraryChoice } from "./media-choice";
import { RichTextField } from "./rich-text-field";
import { SITE_ZONE_NAME } from "~/lib/eastern-time";

type Refusal = { error?: string; fields?: Record<string, string[]> | null; values?: Record<string, string | string[]> };

const inputClass = "mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm";

/**
 * The engine's create and edit form for any declared resource. The server parses it with the resource's zod
 * schema; a refusal comes back with each field's message and what was typed, so it works without JavaScript.
 */
export function ResourceForm({ view, actionData }: { view: ResourceFormView; actionData: unknown }) {
  const nav = useNavigation();
  const refusal = (actionData && typeof actionData === "object" ? actionData : null) as Refusal | null;
  const busy = nav.state === "submitting";
  const hasImage = view.fields.some((f) => f.kind === "image" || f.kind === "file");
  const heading = view.mode === "create" ? `Add ${view.meta.noun}` : `Edit ${view.meta.noun}: ${view.recordTitle}`;
  return (
    <div className="space-y-5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={view.meta.paths.list} className="text-sky-800 underline">
          {view.meta.title}
        </Link>
      </nav>
      <AdminScreenHeading title={heading}>{view.meta.description}</AdminScreenHeading>
      {refusal?.error && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal.error}
        </div>
      )}
      <div className={view.aside ? "grid items-start gap-5 lg:grid-cols-[minmax(0,42rem)_minmax(16rem,22rem)]" : ""}>
        <Form
          method="post"
          encType={hasImage ? "multipart/form-data" : undefined}
          className="max-w-2xl min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
          noValidate={false}
        >
          <input type="hidden" name="intent" value="save" />
          {view.fields.map((f) => (
            <Field
              key={f.name}
              field={f}
              value={refusal?.values && f.name in refusal.values ? refusal.values[f.name] : view.values[f.name]}
              errors={refusal?.fields?.[f.name] ?? null}
              refused={!!refusal?.values}
            />
          ))}
          <div className="flex flex-wrap gap-2 pt-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : view.mode === "create" ? `Add ${view.meta.noun}` : "Save changes"}
            </Button>
            <Link to={view.meta.paths.list} className={buttonClass("secondary")}>
              Cancel
            </Link>
          </div>
        </Form>
        {view.aside && <FormAside aside={view.aside} />}
      </div>
    </div>
  );
}

function Field({
  field: f,
  value,
  errors,
  refused,
}: {
  field: FormFieldView;
  value: string | string[] | boolean | null | undefined;
  errors: string[] | null;
  refused: boolean;
}) {
  const id = `field-${f.name}`;
  const hintId = f.help ? `${id}-hint` : undefined;
  const errId = errors ? `${id}-error` : undefined;
  const describedBy = [hintId, errId].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: f.name,
    required: f.required,
    "aria-invalid": errors ? true : undefined,
    "aria-describedby": describedBy,
    disabled: f.readOnly,
  } as const;
  const text = typeof value === "string" ? value : "";
  let control: React.ReactNode;
  switch (f.kind) {
    case "textarea":
      control = (
        <textarea
          {...common}
          defaultValue={text}
          maxLength={f.maxLength ?? undefined}
          rows={f.rows ?? 4}
          className={inputClass}
        />
      );
      break;
    case "richtext":
      // A textarea of HTML without JavaScript, the TipTap editor after hydration (decision 0028).
      return (
        <RichTextField
          id={id}
          name={f.name}
          label={f.label}
          value={text}
          required={f.required}
          readOnly={f.readOnly}
          invalid={!!errors}
          describedBy={describedBy}
        >
          <Messages id={id} help={f.help} errors={errors} />
        </RichTextField>
      );
    case "checkbox":
      // A refused form echoes only the fields it got: an unticked box is absent from the form, so unticked.
      return (
        <div>
          <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <input
              {...common}
              type="checkbox"
              defaultChecked={refused ? value === "on" : value === true}
              className="size-4"
            />
            {f.label}
          </label>
          <Messages id={id} help={f.help} errors={errors} />
        </div>
      );
    case "select":
    case "relation":
      control = (
        <select {...common} defaultValue={text} className={inputClass}>
          {!f.required && <option value="">None</option>}
          {f.required && !text && <option value="">Choose...</option>}
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case "multiselect": {
      const chosen = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
      return (
        <CheckboxGroup name={f.name} legend={f.label} options={f.options} chosen={chosen} describedBy={describedBy}>
          <Messages id={id} help={f.help} errors={errors} />
        </CheckboxGroup>
      );
    }
    case "relations": {
      const chosen = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
      return (
        <RelationsField field={f} chosen={chosen} describedBy={describedBy} invalid={!!errors}>
          <Messages id={id} help={f.help} errors={errors} />
        </RelationsField>
      );
    }
    case "datetime":
      // Typed and shown as the site's wall-clock time; the zone is named beside the input (decision 0068).
      control = (
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <input
            {...common}
            aria-describedby={[`${id}-zone`, describedBy].filter(Boolean).join(" ")}
            type="datetime-local"
            defaultValue={text}
            className={`${inputClass.replace("mt-1 w-full", "")} max-w-full`}
          />
          <span id={`${id}-zone`} className="text-sm text-slate-700">
            {SITE_ZONE_NAME}
          </span>
        </div>
      );
      break;
    case "file":
      // A stored file (decision 0091): chosen on create, named on edit (it is not replaced; upload another).
      if (f.readOnly) {
        return (
          <div>
            <p className="block text-sm font-medium text-slate-800">{f.label}</p>
            <p className="mt-1 text-sm break-all text-slate-800">{text}</p>
          </div>
        );
      }
      return (
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {f.label}
          </label>
          <input {...common} required={f.required} type="file" accept={f.accept} className={inputClass} />
          <Messages id={id} help={f.help} errors={errors} />
        </div>
      );
    case "image": {
      // A stored key ("media/library/x.webp") is shown at its address.
      const src = text && !text.startsWith("/") && !/^https?:/.test(text) ? `/${text}` : text;
      if (f.readOnly) {
        return (
          <div>
            <p className="block text-sm font-medium text-slate-800">{f.label}</p>
            {src && (
              <img
                src={src}
                alt={`Current ${f.label.toLowerCase()}`}
                className="mt-1 max-h-48 w-auto max-w-full rounded border border-slate-200"
              />
            )}
          </div>
        );
      }
      return (
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {f.label}
          </label>
          {src && (
            <img
              src={src}
              alt={`Current ${f.label.toLowerCase()}`}
              className="mt-1 h-16 w-auto rounded border border-slate-200"
            />
          )}
          <input
            {...common}
            required={f.required && !text}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className={inputClass}
          />
          {f.fromLibrary && <LibraryChoice name={`${f.name}__media`} label={f.label} />}
          {text && (
            <label className="mt-1 flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name={`${f.name}__remove`} className="size-4" />
              Remove the current {f.label.toLowerCase()}
            </label>
          )}
          <Messages id={id} help={f.help} errors={errors} />
        </div>
      );
    }
    case "money":
      control = (
        <div className="relative">
          <span
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 mt-0.5 -translate-y-1/2 text-slate-600"
          >
            $
          </span>
          <input {...common} inputMode="decimal" defaultValue={text} className={`${inputClass} pl-7`} />
        </div>
      );
      break;
    default:
      control = (
        <input
          {...common}
          type={
            f.kind === "number"
              ? "number"
              : f.kind === "date"
                ? "date"
                : f.kind === "email"
                  ? "email"
                  : f.kind === "url"
                    ? "url"
                    : f.kind === "password"
                      ? "password"
                      : "text"
          }
          defaultValue={text}
          maxLength={f.maxLength ?? undefined}
          min={f.min ?? undefined}
          max={f.max ?? undefined}
          step={f.kind === "number" ? f.step : undefined}
          className={inputClass}
        />
      );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {f.label}
        {f.required && <span className="text-red-700"> *</span>}
      </label>
      {control}
      <Messages id={id} help={f.help} errors={errors} />
    </div>
  );
}

function Messages({ id, help, errors }: { id: string; help: string | null; errors: string[] | null }) {
  return (
    <>
      {help && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {help}
        </p>
      )}
      {errors && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {errors.join(" ")}
        </p>
      )}
    </>
  );
}
