import { defineAbilityFor } from "~/auth/abilities";
import { KeyRound, Laptop, ShieldAlert, ShieldCheck, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, href, useNavigation } from "react-router";
import { z } from "zod";
import { landingPathFor } from "~/auth/abilities";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { handleAction, type IntentResult, intent } from "~/lib/action.server";
import { formAnswer } from "~/components/ui/form-answer";
import { fromForm } from "~/lib/fields";
import { AppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { signOut } from "~/modules/accounts/accounts.server";
import { deleteAccount } from "~/modules/accounts/account-deletion.server";
import { listBrowserSessions, logOutOtherSessions } from "~/modules/accounts/sessions.server";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  getTwoFactorState,
  regenerateBackupCodes,
  startTwoFactorSetup,
} from "~/modules/accounts/two-factor.server";
import { DeleteAccountSchema, PasswordConfirmSchema, TotpConfirmSchema } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/security";

const SELF = href("/profile/security");

export const meta = () => [{ title: "Security | Vacation Points Market" }, { name: "robots", content: "noindex" }];

/** Account security: two-factor authentication, browser sessions, deleting the account. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  const [twoFactor, sessions] = await Promise.all([
    getTwoFactorState(services, { actor: viewer }),
    listBrowserSessions(services, { actor: viewer, headers: request.headers }),
  ]);
  return {
    email: viewer.email,
    impersonating: Boolean(viewer.impersonatedBy),
    isAdmin: viewer.role === "admin",
    back: landingPathFor(viewer),
    twoFactor,
    sessions,
  };
}

type Intent =
  | "enable-2fa"
  | "cancel-2fa"
  | "confirm-2fa"
  | "regenerate-codes"
  | "disable-2fa"
  | "logout-others"
  | "delete-account";

const SECURITY_LOCKED = "Security settings cannot be changed while you are impersonating a user.";

/** A success that goes back to the page (or home, after deleting the account) with a toast. */
const back = (message: string, headers?: Headers, to = SELF) => ({ message, headers, redirectTo: to });

/** Each form of the page is an intent of the one pipeline (decision 0072); passwords and codes are never echoed. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  const locked = !defineAbilityFor(viewer).can("update", "SecuritySettings");
  const ctx = (input: object) => ({ actor: viewer, input, headers: request.headers });
  // Refused whatever the form holds: an impersonating administrator changes nothing here (403).
  const guard = <S extends z.ZodType>(schema: S, run: (input: z.output<S>) => Promise<IntentResult>) =>
    locked
      ? intent(NoFields, async (): Promise<IntentResult> => {
          throw new AppError("FORBIDDEN", SECURITY_LOCKED);
        })
      : intent(fromForm(schema), async ({ input }) => run(input));
  return handleAction(request, {
    actor: viewer,
    hideFields: ["code"],
    intents: {
      "enable-2fa": guard(PasswordConfirmSchema, async (input) => {
        await startTwoFactorSetup(services, ctx(input));
        return back("Scan the QR code with your authenticator app, then enter its code.");
      }),
      "cancel-2fa": guard(NoFields, async (input) => {
        await cancelTwoFactorSetup(services, ctx(input));
        return back("Two-factor set-up cancelled.");
      }),
      "confirm-2fa": guard(TotpConfirmSchema, async (input) => {
        const { backupCodes, headers } = await confirmTwoFactorSetup(services, ctx(input));
        await setFlash(headers, { kind: "success", message: "Two-factor authentication is on." });
        return { stay: true, headers, json: { intent: "confirm-2fa", backupCodes } };
      }),
      "regenerate-codes": guard(PasswordConfirmSchema, async (input) => {
        const { backupCodes } = await regenerateBackupCodes(services, ctx(input));
        return { stay: true, json: { intent: "regenerate-codes", backupCodes } };
      }),
      "disable-2fa": guard(PasswordConfirmSchema, async (input) => {
        const { headers } = await disableTwoFactor(services, ctx(input));
        return back("Two-factor authentication is off.", headers);
      }),
      "logout-others": guard(PasswordConfirmSchema, async (input) => {
        const { ended } = await logOutOtherSessions(services, ctx(input));
        return back(
          ended === 0
            ? "There were no other browser sessions."
            : `Logged out ${ended} other browser session${ended === 1 ? "" : "s"}.`,
        );
      }),
      "delete-account": guard(DeleteAccountSchema, async (input) => {
        await deleteAccount(services, ctx(input));
        const { headers } = await signOut(services, request.headers);
        return back("Your account has been deleted. We are sorry to see you go.", headers, href("/"));
      }),
    },
  });
}

const NoFields = z.object({});

function Section({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      <div className="mt-3 space-y-4 text-slate-800">{children}</div>
    </section>
  );
}

/** A small form: the intent, optional fields, and its own errors (a refusal of another form leaves it as it was). */
function IntentForm({
  intent: name,
  actionData,
  submitLabel,
  busyLabel,
  variant = "primary",
  children,
}: {
  intent: Intent;
  actionData: unknown;
  submitLabel: string;
  busyLabel: string;
  variant?: "primary" | "secondary" | "danger";
  children?: (fields: Record<string, { name: string; errors?: string[] }>) => ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === name;
  const answer = formAnswer(actionData, name);
  const field = (f: string) => ({ name: f, errors: answer.errors(f) });
  return (
    <Form method="post" noValidate id={name} className="space-y-3">
      <FormErrors errors={answer.formErrors} />
      <input type="hidden" name="intent" value={name} />
      {children?.({ password: field("password"), code: field("code"), confirm: field("confirm") })}
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}

function PasswordField({ id, field }: { id: string; field: { name: string; errors?: string[] } }) {
  return (
    <Field
      id={id}
      type="password"
      label="Your password"
      name={field.name}
      autoComplete="current-password"
      errors={field.errors}
    />
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">Your backup codes</p>
      <p className="mt-1 text-sm">
        Keep these somewhere safe. Each code signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { twoFactor, sessions, impersonating } = loaderData;
  const codes = backupCodesOf(actionData);
  const readOnly = impersonating;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Security</h1>
        <p className="mt-1 text-slate-700">
          Two-factor authentication, the browsers signed in to your account, and deleting your account.
        </p>
      </div>
      {readOnly ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          You are impersonating this user: security settings are shown but cannot be changed.
        </p>
      ) : null}
      {twoFactor.required && !twoFactor.enabled ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900">
          Two-factor authentication is required for administrators. Set it up below to use the admin area.
        </p>
      ) : null}

      <Section
        id="two-factor"
        title="Two-factor authentication"
        icon={<ShieldCheck aria-hidden className="size-5 text-sky-800" />}
      >
        {twoFactor.enabled ? (
          <>
            <p>
              <strong className="text-emerald-800">On.</strong> Signing in asks for a code from your authenticator app
              after your password.
            </p>
            {codes ? <BackupCodes codes={codes} /> : null}
            {!readOnly ? (
              <div className="grid gap-6 md:grid-cols-2">
                <div>
                  <h3 className="font-medium">New backup codes</h3>
                  <p className="mb-2 text-sm text-slate-700">Your old backup codes stop working.</p>
                  <IntentForm
                    intent="regenerate-codes"
                    actionData={actionData}
                    submitLabel="Make new backup codes"
                    busyLabel="Making codes..."
                    variant="secondary"
                  >
                    {(f) => <PasswordField id="regenerate-password" field={f.password} />}
                  </IntentForm>
                </div>
                <div>
                  <h3 className="font-medium">Turn off</h3>
                  {twoFactor.required ? (
                    <p className="text-sm text-slate-700">
                      Two-factor authentication is required for administrators and cannot be turned off.
                    </p>
                  ) : (
                    <IntentForm
                      intent="disable-2fa"
                      actionData={actionData}
                      submitLabel="Turn off two-factor"
                      busyLabel="Turning off..."
                      variant="danger"
                    >
                      {(f) => <PasswordField id="disable-password" field={f.password} />}
                    </IntentForm>
                  )}
                </div>
              </div>
            ) : null}
          </>
        ) : twoFactor.setup ? (
          <>
            <ol className="list-decimal space-y-1 pl-5">
              <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).</li>
              <li>Scan this QR code, or type the key below.</li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <svg
                role="img"
                aria-label="QR code to add Vacation Points Market to your authenticator app"
                viewBox={`0 0 ${twoFactor.setup.qr.size} ${twoFactor.setup.qr.size}`}
                className="size-48 shrink-0 rounded border border-slate-200 bg-white"
                shapeRendering="crispEdges"
                data-otpauth={twoFactor.setup.uri}
              >
                <path d={twoFactor.setup.qr.path} fill="#0f172a" />
              </svg>
              <div className="min-w-0 space-y-3">
                <p className="text-sm text-slate-700">Key (if you cannot scan):</p>
                <p className="font-mono text-sm break-all" data-testid="totp-key">
                  {twoFactor.setup.key}
                </p>
                <IntentForm
                  intent="confirm-2fa"
                  actionData={actionData}
                  submitLabel="Turn on two-factor"
                  busyLabel="Checking..."
                >
                  {(f) => (
                    <Field
                      id="confirm-code"
                      label="Code from the app"
                      name={f.code.name}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      errors={f.code.errors}
                    />
                  )}
                </IntentForm>
                <IntentForm
                  intent="cancel-2fa"
                  actionData={actionData}
                  submitLabel="Cancel set-up"
                  busyLabel="Cancelling..."
                  variant="secondary"
                />
              </div>
            </div>
          </>
        ) : (
          <>
            <p>
              <strong className="text-slate-900">Off.</strong> Add a second step to signing in: a code from an
              authenticator app on your phone, so a stolen password alone cannot open your account.
            </p>
            {!readOnly ? (
              <IntentForm
                intent="enable-2fa"
                actionData={actionData}
                submitLabel="Set up two-factor"
                busyLabel="Starting..."
              >
                {(f) => <PasswordField id="enable-password" field={f.password} />}
              </IntentForm>
            ) : null}
          </>
        )}
      </Section>

      <Section id="sessions" title="Browser sessions" icon={<Laptop aria-hidden className="size-5 text-sky-800" />}>
        <p>
          Where your account is signed in. If you see a device you do not know, log it out and change your password.
        </p>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Browser sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-col gap-1 px-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium">
                  {s.device}
                  {s.current ? (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                      This device
                    </span>
                  ) : null}
                  {s.impersonation ? (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      Administrator
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">
                  {s.ipAddress ?? "Address unknown"} · Last active{" "}
                  <time dateTime={s.lastActive}>{formatDateTimeEastern(s.lastActive)}</time> Eastern
                </p>
              </div>
            </li>
          ))}
        </ul>
        {!readOnly ? (
          <IntentForm
            intent="logout-others"
            actionData={actionData}
            submitLabel="Log out other browser sessions"
            busyLabel="Logging out..."
            variant="secondary"
          >
            {(f) => <PasswordField id="logout-password" field={f.password} />}
          </IntentForm>
        ) : null}
      </Section>

      <Section id="delete" title="Delete account" icon={<Trash2 aria-hidden className="size-5 text-red-700" />}>
        {loaderData.isAdmin ? (
          <p className="flex items-start gap-2">
            <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
            An administrator account cannot be deleted here. Ask another administrator.
          </p>
        ) : (
          <>
            <p>
              Deleting your account signs you out everywhere and takes your listings off the market. We keep the records
              the law and open deals need; contact us if you change your mind.
            </p>
            {!readOnly ? (
              <IntentForm
                intent="delete-account"
                actionData={actionData}
                submitLabel="Delete my account"
                busyLabel="Deleting..."
                variant="danger"
              >
                {(f) => (
                  <>
                    <PasswordField id="delete-password" field={f.password} />
                    <div>
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          name={f.confirm.name}
                          aria-describedby={f.confirm.errors ? "delete-confirm-error" : undefined}
                        />
                        I understand that my account will be deleted.
                      </label>
                      {f.confirm.errors ? (
                        <p id="delete-confirm-error" className="text-sm font-medium text-red-700">
                          {f.confirm.errors[0]}
                        </p>
                      ) : null}
                    </div>
                  </>
                )}
              </IntentForm>
            ) : null}
          </>
        )}
      </Section>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <KeyRound aria-hidden className="size-4" />
        Forgot your password? Sign out and use "Forgot your password?" on the sign-in page.
      </p>
    </div>
  );
}

/** The backup codes a confirm or regenerate answer carries, shown once. */
function backupCodesOf(actionData: unknown): string[] | undefined {
  const codes = (actionData as { backupCodes?: unknown } | undefined)?.backupCodes;
  return Array.isArray(codes) ? (codes as string[]) : undefined;
}
