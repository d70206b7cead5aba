import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Form, href, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { handleAction, intent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { ActionErrorAlert } from "~/components/admin/admin-chrome";
import { STAFF_ROLE_LABELS, UpdateUserSchema } from "~/modules/staff/admin-users.schema";
import {
  deleteUserByAdmin,
  getUserForEdit,
  resetTwoFactor,
  setStaffRole,
  suspendUser,
  unsuspendUser,
  updateUserByAdmin,
  verifyUserEmail,
} from "~/modules/staff/admin-users.server";
import { ROLE_LABEL, UserStatusBadge } from "~/modules/staff/ui/admin-users-ui";
import { SelectField } from "~/components/ui/field";
import type { Route } from "./+types/users-edit";
import { userAdminActor, userAdminViewer } from "./users-route.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await userAdminViewer(request);
  if (!viewer) return null;
  return orHttpError(async () =>
    getUserForEdit(await getServices(), { actor: viewer, input: { uniqid: params.uniqid } }),
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await userAdminActor(request);
  const services = await getServices();
  const uniqid = params.uniqid;
  const here = href("/admin/users/:uniqid/edit", { uniqid });

  return handleAction(request, {
    actor,
    returnTo: here,
    intents: {
      update: intent(fromForm(UpdateUserSchema), async ({ input: values }) => {
        const { changed, user } = await updateUserByAdmin(services, { actor, input: { uniqid, values } });
        return changed
          ? { message: `${user.name}'s account was updated.` }
          : { message: "Nothing changed.", kind: "info" as const };
      }),
      // The buttons of the page: the services parse what they take (the reason, the staff role).
      suspend: intent(z.object({ reason: z.unknown() }), async ({ input }) => {
        const u = await suspendUser(services, { actor, input: { uniqid, reason: input.reason } });
        return `${u.name} is suspended and signed out everywhere.`;
      }),
      unsuspend: intent(z.object({}), async () => {
        const u = await unsuspendUser(services, { actor, input: { uniqid } });
        return `${u.name} is no longer suspended.`;
      }),
      "reset-2fa": intent(z.object({}), async () => {
        const u = await resetTwoFactor(services, { actor, input: { uniqid } });
        return `Two-factor authentication is off for ${u.name}.`;
      }),
      "verify-email": intent(z.object({}), async () => {
        const u = await verifyUserEmail(services, { actor, input: { uniqid } });
        return `${u.name}'s email address is marked verified.`;
      }),
      "staff-role": intent(z.object({ staffRole: z.unknown() }), async ({ input }) => {
        const u = await setStaffRole(services, { actor, input: { uniqid, staffRole: input.staffRole } });
        return `${u.name}'s staff role is now ${STAFF_ROLE_LABELS[u.staffRole]}.`;
      }),
      delete: intent(z.object({}), async () => {
        const u = await deleteUserByAdmin(services, { actor, input: { uniqid } });
        return {
          message: `${u.name}'s account was deleted. Restore it from Deleted users.`,
          redirectTo: href("/admin/users"),
        };
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.name ? `Edit ${loaderData.name}` : "Edit user"} · Admin` }];
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 md:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function IntentButton({
  intent,
  children,
  variant,
}: {
  intent: string;
  children: ReactNode;
  variant?: "secondary" | "danger";
}) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} variant={variant} disabled={busy}>
      {children}
    </Button>
  );
}

export default function EditUser({ loaderData, actionData }: Route.ComponentProps) {
  // The account form's refusal is shown in the form (its fields, else above them); another button's above the page.
  const answer = formAnswer(actionData, "update");
  if (!loaderData) return null;
  const u = loaderData;
  const isAdmin = u.role === "admin";
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <Link to={href("/admin/users")} className="inline-flex items-center gap-1 text-sm text-sky-800 underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to users
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-words text-slate-900">Edit {u.name}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <UserStatusBadge status={u.status} />
          <span>{ROLE_LABEL[u.role]}</span>
          <span>
            · User id <code>{u.userUniqid}</code>
          </span>
          <span>
            · Joined <time dateTime={u.createdAt}>{formatDateTimeEastern(u.createdAt)}</time> Eastern
          </span>
        </p>
      </div>
      <ActionErrorAlert actionData={answer.refused ? null : actionData} />

      <Section title="Account" id="account-heading">
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="update" />
          <FormErrors errors={answer.formErrors} />
          <Field
            id="edit-name"
            label="Name"
            name="name"
            defaultValue={answer.value("name", u.name)}
            errors={answer.errors("name")}
          />
          <Field
            id="edit-email"
            label="Email"
            type="email"
            name="email"
            defaultValue={answer.value("email", u.email)}
            hint="A new address is marked unverified until it is verified."
            errors={answer.errors("email")}
          />
          {isAdmin ? (
            <>
              <input type="hidden" name="role" value="buyer" />
              <p className="text-sm text-slate-700">Role: Administrator. Change it with the staff role below.</p>
            </>
          ) : (
            <SelectField
              id="edit-role"
              label="Role"
              name="role"
              defaultValue={answer.value("role", u.role === "seller" ? "seller" : "buyer")}
              errors={answer.errors("role")}
            >
              <option value="buyer">Buyer</option>
              <option value="seller">Seller</option>
            </SelectField>
          )}
          <IntentButton intent="update">Save changes</IntentButton>
        </Form>
      </Section>

      <Section title="Staff role" id="staff-heading">
        {u.isSelf ? (
          <p className="text-slate-700">You cannot change your own staff role.</p>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <div className="min-w-56">
              <SelectField
                id="edit-staff-role"
                label="Staff role"
                name="staffRole"
                defaultValue={u.staffRole ?? (isAdmin ? "admin" : "none")}
              >
                {(["none", "writer", "senior_writer", "admin"] as const).map((r) => (
                  <option key={r} value={r}>
                    {STAFF_ROLE_LABELS[r]}
                  </option>
                ))}
              </SelectField>
            </div>
            <IntentButton intent="staff-role" variant="secondary">
              Change staff role
            </IntentButton>
          </Form>
        )}
      </Section>

      <Section title="Security" id="security-heading">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">Email</dt>
          <dd>{u.emailVerified ? "Verified" : "Not verified"}</dd>
          <dt className="font-medium text-slate-700">Two-factor</dt>
          <dd>{u.twoFactorEnabled ? "On" : "Off"}</dd>
          {u.status === "suspended" ? (
            <>
              <dt className="font-medium text-slate-700">Suspended</dt>
              <dd className="break-words">{u.banReason}</dd>
            </>
          ) : null}
        </dl>
        <div className="flex flex-wrap gap-3">
          {!u.emailVerified ? (
            <Form method="post">
              <IntentButton intent="verify-email" variant="secondary">
                Mark email as verified
              </IntentButton>
            </Form>
          ) : null}
          {u.twoFactorEnabled ? (
            <Form method="post">
              <IntentButton intent="reset-2fa" variant="secondary">
                Turn two-factor off
              </IntentButton>
            </Form>
          ) : null}
          {u.status === "suspended" ? (
            <Form method="post">
              <IntentButton intent="unsuspend" variant="secondary">
                Lift suspension
              </IntentButton>
            </Form>
          ) : null}
        </div>
        {u.status !== "suspended" && !u.isSelf && !isAdmin ? (
          <Form method="post" className="space-y-3 border-t border-slate-200 pt-3">
            <Field
              id="suspend-reason"
              label="Reason for suspending"
              name="reason"
              required
              minLength={3}
              maxLength={500}
              hint="Suspending signs the person out everywhere; they cannot sign in until the suspension is lifted."
            />
            <IntentButton intent="suspend" variant="danger">
              Suspend account
            </IntentButton>
          </Form>
        ) : null}
      </Section>

      {!u.isSelf && !isAdmin ? (
        <Section title="Delete account" id="delete-heading">
          <p className="text-sm text-slate-700">
            The account is kept (for open deals and the records the law requires) but cannot sign in, and its listings
            are deactivated. You can restore it from Deleted users; its listings then stay deactivated.
          </p>
          <Form method="post">
            <IntentButton intent="delete" variant="danger">
              Delete account
            </IntentButton>
          </Form>
        </Section>
      ) : null}
    </div>
  );
}
