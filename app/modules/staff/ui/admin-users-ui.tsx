import { TableSettingsCog } from "~/components/admin/table-settings";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useState } from "react";
import { Form, href, Link, useLocation, useNavigation } from "react-router";
import { ShellDialog } from "~/components/shell/shell-dialog";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormErrors, SelectField } from "~/components/ui/field";
import {
  CreateUserSchema,
  FAILURE_REASONS,
  USER_COLUMN_LABELS,
  USER_OPTIONAL_COLUMNS,
  USER_PAGE_SIZES,
  type UserOptionalColumn,
  type UserStatus,
} from "../admin-users.schema";

const STATUS_STYLE: Record<UserStatus, string> = {
  active: "bg-emerald-100 text-emerald-900",
  unverified: "bg-amber-100 text-amber-900",
  suspended: "bg-red-100 text-red-900",
};
const STATUS_LABEL: Record<UserStatus, string> = { active: "Active", unverified: "Unverified", suspended: "Suspended" };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}>
      {STATUS_LABEL[status]}
    </span>
  );
}

export const ROLE_LABEL: Record<string, string> = { buyer: "Buyer", seller: "Seller", admin: "Administrator" };

/** Hidden inputs that carry the current query string's other parameters through a GET form. */
export function KeptParams({ drop }: { drop: string[] }) {
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([k]) => !drop.includes(k));
  return (
    <>
      {kept.map(([k, v], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat; its position is its identity
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/** A GET form of select filters above a list (role, status, result...); keeps search and sort, resets the page. */
export function FilterBar({
  label,
  filters,
}: {
  label: string;
  filters: { name: string; label: string; value: string | null; options: { value: string; label: string }[] }[];
}) {
  const id = useId();
  return (
    <Form method="get" aria-label={label} className="flex flex-wrap items-end gap-3">
      <KeptParams drop={[...filters.map((f) => f.name), "page"]} />
      {filters.map((f) => (
        <div key={f.name} className="min-w-40">
          <SelectField id={`${id}-${f.name}`} label={f.label} name={f.name} defaultValue={f.value ?? ""}>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        </div>
      ))}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </Form>
  );
}

/** The users list's settings cog: the admin lists' one, with the users' optional columns. */
export function UsersTableSettings({ perPage, columns }: { perPage: number; columns: UserOptionalColumn[] }) {
  return (
    <TableSettingsCog
      perPage={perPage}
      pageSizes={USER_PAGE_SIZES}
      columns={USER_OPTIONAL_COLUMNS.map((c) => ({ key: c, label: USER_COLUMN_LABELS[c] }))}
      shown={columns}
    />
  );
}

/** True once the app has hydrated in this browser (later mounts need not wait for an effect). */
let appHydrated = false;

/** The "Create user" button and its modal (ShellDialog); the form posts `intent=create` to the users page. */
export function CreateUserDialog({
  lastResult,
  requested,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  /** The page was opened with `?create=1` (the button's link without JavaScript). */
  requested: boolean;
}) {
  const failed = lastResult?.status === "error";
  const [open, setOpen] = useState(requested);
  // Until JavaScript runs (or when it never does) the button is a link to `?create=1`, which shows the form
  // in the page; once hydrated it opens the modal.
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    setHydrated(true);
  }, []);
  const [mode, setMode] = useState<"set" | "email">("set");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "create-user",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateUserSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // A refused submission (taken email...) reopens the dialog with its errors.
  const [shownFailure, setShownFailure] = useState<unknown>(null);
  if (failed && lastResult !== shownFailure) {
    setShownFailure(lastResult);
    setOpen(true);
  }
  const body = (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="create" />
      <FormErrors errors={form.errors} />
      <Field
        id="create-name"
        label="Name"
        name={fields.name.name}
        defaultValue={fields.name.initialValue as string | undefined}
        autoComplete="off"
        errors={fields.name.errors}
      />
      <Field
        id="create-email"
        label="Email"
        type="email"
        name={fields.email.name}
        defaultValue={fields.email.initialValue as string | undefined}
        autoComplete="off"
        errors={fields.email.errors}
      />
      <SelectField
        id="create-role"
        label="Role"
        name={fields.role.name}
        defaultValue={(fields.role.initialValue as string | undefined) ?? "buyer"}
        errors={fields.role.errors}
      >
        <option value="buyer">Buyer</option>
        <option value="seller">Seller</option>
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Password</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={fields.passwordMode.name}
            value="set"
            checked={mode === "set"}
            onChange={() => setMode("set")}
            className="size-4"
          />
          Set a password now
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={fields.passwordMode.name}
            value="email"
            checked={mode === "email"}
            onChange={() => setMode("email")}
            className="size-4"
          />
          Send a set-password email
        </label>
      </fieldset>
      {mode === "set" ? (
        <Field
          id="create-password"
          label="Password"
          type="password"
          name={fields.password.name}
          autoComplete="new-password"
          hint="At least 6 characters. Tell the person; they can change it on their profile."
          errors={fields.password.errors}
        />
      ) : (
        <p className="text-sm text-slate-700">
          We email a link (valid for 3 days) with which the person chooses a password.
        </p>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-900" htmlFor="create-verified">
        <input id="create-verified" type="checkbox" name={fields.emailVerified.name} className="size-4" />
        The email address is verified (no pin needed)
      </label>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {hydrated ? (
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        ) : (
          <Link to="?" className={buttonClass("secondary")}>
            Cancel
          </Link>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? "Creating..." : "Create user"}
        </Button>
      </div>
    </Form>
  );
  if (!hydrated) {
    return requested ? (
      <section
        aria-labelledby="create-user-heading"
        className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="create-user-heading" className="mb-3 text-lg font-semibold">
          Create user
        </h2>
        {body}
      </section>
    ) : (
      <Link to="?create=1" className={buttonClass("primary")}>
        Create user
      </Link>
    );
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>Create user</Button>
      <ShellDialog open={open} onOpenChange={setOpen} title="Create user">
        {body}
      </ShellDialog>
    </>
  );
}

/** A link to a user's edit page. */
export function EditUserLink({ uniqid, name }: { uniqid: string; name: string }) {
  return (
    <Link
      to={href("/admin/users/:uniqid/edit", { uniqid })}
      className={buttonClass("secondary", "sm")}
      aria-label={`Edit ${name}`}
    >
      Edit
    </Link>
  );
}

/** A sign-in's outcome: "Signed in", or "Failed: <reason>". */
export function LoginResult({ success, reason }: { success: boolean; reason: string | null }) {
  return success ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">Signed in</span>
  ) : (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
      Failed{reason ? `: ${FAILURE_REASONS[reason] ?? reason}` : ""}
    </span>
  );
}
