import { BadgeCheck, CircleAlert, ShieldCheck, SlidersHorizontal, UserRound } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, href, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { Link } from "~/components/ui/link";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { toast } from "~/components/ui/toast";
import { PHOTO_FIELD, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from "../photo";
import { COUNTRIES } from "../profile.schema";
import { EmailChangeModal } from "./email-change-modal";
import { PreferencesModal } from "./preferences-modal";

export type ProfilePageData = {
  id: string;
  userUniqid: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: string;
  photoUrl: string | null;
  twoFactorEnabled: boolean;
  info: Record<
    "name" | "phoneNumber" | "addressLine1" | "addressLine2" | "city" | "state" | "postalCode" | "country",
    string
  >;
  pendingEmail: string | null;
  emailVerificationEnabled: boolean;
};

/** The action's answer: a refusal `{ error, fields, values }` of one of the page's forms (its `intent`). */
type ActionData = unknown;

export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <div className="mt-1 text-sm text-slate-700">{intro}</div> : null}
      <div className="mt-4 space-y-4 text-slate-800">{children}</div>
    </section>
  );
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** /profile: profile information, password, photo, email address, and the way to the settings and security. */
export function ProfilePage({ page, actionData }: { page: ProfilePageData; actionData: ActionData }) {
  const [prefsOpen, setPrefsOpen] = useState(false);
  const prefsButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // "Edit Settings" links elsewhere (the phone tab bar, the Required page) come here with #preferences.
  useEffect(() => {
    if (location.hash === "#preferences") setPrefsOpen(true);
  }, [location.hash]);
  const onPrefsOpenChange = (open: boolean) => {
    setPrefsOpen(open);
    // Closing drops the hash, so the same link opens the modal again.
    if (!open && location.hash === "#preferences") {
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, preventScrollReset: true });
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Account settings</h1>
          <p className="mt-1 text-slate-700">Your details, password, photo and email address.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button ref={prefsButton} variant="secondary" onClick={() => setPrefsOpen(true)}>
            <SlidersHorizontal aria-hidden className="size-4" /> Edit settings
          </Button>
          <Link to={href("/profile/security")} className={buttonClass("secondary")}>
            <ShieldCheck aria-hidden className="size-4" /> Security
          </Link>
        </div>
      </div>
      <PreferencesModal
        userId={page.id}
        open={prefsOpen}
        onOpenChange={onPrefsOpenChange}
        returnFocusTo={prefsButton}
      />

      <ProfileInfoForm page={page} actionData={actionData} />
      <EmailSection page={page} actionData={actionData} />
      <PhotoSection page={page} />
      <PasswordForm actionData={actionData} />

      <Section
        id="security"
        title="Security"
        intro="Two-factor authentication, your browser sessions, and deleting your account."
      >
        <p>
          Two-factor authentication is <strong>{page.twoFactorEnabled ? "on" : "off"}</strong> for your account.
        </p>
        <Link to={href("/profile/security")} className="text-sky-800 underline">
          Manage security settings
        </Link>
      </Section>
    </div>
  );
}

function ProfileInfoForm({ page, actionData }: { page: ProfilePageData; actionData: ActionData }) {
  const busy = useNavigation().formData?.get("intent") === "profile-info";
  const answer = formAnswer(actionData, "profile-info");
  const f = (name: keyof ProfilePageData["info"]) => ({
    name,
    defaultValue: answer.value(name, page.info[name]) ?? "",
    errors: answer.errors(name),
  });
  return (
    <Section
      id="profile-information"
      title="Profile information"
      intro="Your name, phone number and mailing address. Sellers need a phone number and an address before closing."
    >
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="profile-info" />
        <FormErrors errors={answer.formErrors} />
        <Field id="profile-name" label="Name" autoComplete="name" {...f("name")} />
        <Field
          id="profile-phone"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="At least 9 digits, for example (407) 555-0186."
          {...f("phoneNumber")}
        />
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-800">Mailing address</legend>
          <Field id="profile-address1" label="Address line 1" autoComplete="address-line1" {...f("addressLine1")} />
          <Field
            id="profile-address2"
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            {...f("addressLine2")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="profile-city" label="City" autoComplete="address-level2" {...f("city")} />
            <Field id="profile-state" label="State or region" autoComplete="address-level1" {...f("state")} />
            <Field id="profile-postal" label="Postal code" autoComplete="postal-code" {...f("postalCode")} />
            <div className="space-y-1">
              <label htmlFor="profile-country" className="block text-sm font-medium text-slate-800">
                Country
              </label>
              <select
                id="profile-country"
                name="country"
                defaultValue={answer.value("country", page.info.country) || "US"}
                autoComplete="country"
                className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm"
              >
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save profile information"}
        </Button>
      </Form>
    </Section>
  );
}

function PasswordForm({ actionData }: { actionData: ActionData }) {
  const busy = useNavigation().formData?.get("intent") === "password";
  const answer = formAnswer(actionData, "password");
  return (
    <Section
      id="update-password"
      title="Update password"
      intro="Use at least 6 characters. Changing your password signs you out of your other browser sessions."
    >
      <Form method="post" noValidate className="max-w-md space-y-4">
        <input type="hidden" name="intent" value="password" />
        <FormErrors errors={answer.formErrors} />
        <Field
          id="password-current"
          label="Current password"
          type="password"
          autoComplete="current-password"
          name="currentPassword"
          errors={answer.errors("currentPassword")}
        />
        <Field
          id="password-new"
          label="New password"
          type="password"
          autoComplete="new-password"
          name="newPassword"
          errors={answer.errors("newPassword")}
        />
        <Field
          id="password-confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          name="confirmPassword"
          errors={answer.errors("confirmPassword")}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Update password"}
        </Button>
      </Form>
    </Section>
  );
}

function PhotoSection({ page }: { page: ProfilePageData }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = href("/update_profile_image/:userUniqid", { userUniqid: page.userUniqid });
  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const file = (form.elements.namedItem(PHOTO_FIELD) as HTMLInputElement | null)?.files?.[0];
    if (!file) return setError(PHOTO_MESSAGES.missing);
    if (file.size > PHOTO_MAX_BYTES) return setError(PHOTO_MESSAGES.tooBig);
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(action, {
        method: "POST",
        body: new FormData(form),
        headers: { accept: "application/json" },
      });
      const json = (await res.json().catch(() => ({}))) as { message?: string; error?: string };
      if (!res.ok) {
        setError(json.error ?? PHOTO_MESSAGES.unreadable);
        return;
      }
      form.reset();
      toast.success(json.message ?? PHOTO_MESSAGES.saved);
      revalidator.revalidate();
    } catch {
      setError("Upload failed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="profile-photo" title="Profile photo" intro="A PNG or JPEG of at most 5 MB. We crop it to a square.">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {page.photoUrl ? (
          <img
            src={page.photoUrl}
            alt={page.name}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full object-cover"
            data-testid="profile-photo"
          />
        ) : (
          <span
            role="img"
            aria-label="No profile photo yet"
            className="grid size-24 shrink-0 place-items-center rounded-full bg-sky-100 text-sky-900"
          >
            <UserRound aria-hidden className="size-10" />
          </span>
        )}
        <form method="post" action={action} encType="multipart/form-data" onSubmit={onSubmit} className="space-y-3">
          <FormErrors errors={error ? [error] : undefined} />
          <div className="space-y-1">
            <label htmlFor="profile-photo-file" className="block text-sm font-medium text-slate-800">
              Choose a photo
            </label>
            <input
              id="profile-photo-file"
              type="file"
              name={PHOTO_FIELD}
              accept="image/png,image/jpeg"
              required
              className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-slate-900"
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Uploading..." : page.photoUrl ? "Replace photo" : "Upload photo"}
          </Button>
        </form>
      </div>
    </Section>
  );
}

function EmailSection({ page, actionData }: { page: ProfilePageData; actionData: ActionData }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const sendAnswer = formAnswer(actionData, "email-send-pin");
  const emailError = sendAnswer.error ?? formAnswer(actionData, "email-confirm").error;
  const busyIntent = useNavigation().formData?.get("intent");
  return (
    <Section id="email-address" title="Email address">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium break-all text-slate-900" data-testid="current-email">
          {page.email}
        </span>
        {page.emailVerified ? (
          <span className="inline-flex items-center gap-1 text-sm text-emerald-800">
            <BadgeCheck aria-hidden className="size-4" /> Verified
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 text-sm text-amber-800">
            <CircleAlert aria-hidden className="size-4" /> Not verified yet
          </span>
        )}
      </div>
      {hydrated ? (
        <>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Change email address
          </Button>
          <EmailChangeModal
            open={open}
            onOpenChange={setOpen}
            verificationEnabled={page.emailVerificationEnabled}
            currentEmail={page.email}
          />
        </>
      ) : (
        // Without JavaScript: a plain two-step form sequence on this page.
        <div className="space-y-4">
          <FormErrors errors={emailError ? [emailError] : undefined} />
          {page.pendingEmail ? (
            <Form method="post" className="max-w-md space-y-3">
              <input type="hidden" name="intent" value="email-confirm" />
              <p className="text-sm text-slate-700">
                Enter the 4-digit pin we sent to <strong className="break-all">{page.pendingEmail}</strong>.
              </p>
              <Field
                id="email-pin"
                label="Pin"
                name="pin"
                inputMode="numeric"
                maxLength={4}
                autoComplete="one-time-code"
              />
              <Button type="submit" disabled={busyIntent === "email-confirm"}>
                Verify and update
              </Button>
            </Form>
          ) : null}
          <Form method="post" className="max-w-md space-y-3">
            <input type="hidden" name="intent" value="email-send-pin" />
            <Field
              id="email-new"
              label="New email address"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={sendAnswer.value("email")}
            />
            <Button type="submit" variant="secondary" disabled={busyIntent === "email-send-pin"}>
              {page.pendingEmail ? "Send a new pin" : "Send pin"}
            </Button>
          </Form>
        </div>
      )}
    </Section>
  );
}
