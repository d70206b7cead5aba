import { useId, useRef, useState } from "react";
import { href, useRevalidator } from "react-router";
import { ShellDialog } from "~/components/shell/shell-dialog";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { EMAIL_CHANGE_MESSAGES as M } from "../email-change";
import { EMAIL_PATTERN } from "~/modules/accounts/accounts.schema";
import { postJson } from "./post-json";

type Step = "email" | "pin";

/**
 * The update-email modal (SPEC section 4 "Email change"): enter the new address (pattern checked, then
 * /check-email-exists), /send-email-pin, enter the pin, /verify-email-pin, /update-email, close, the notice
 * 'Email updated successfully!' and /profile again. With email verification switched off the address updates
 * directly after the checks.
 */
export function EmailChangeModal({
  open,
  onOpenChange,
  verificationEnabled,
  currentEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  verificationEnabled: boolean;
  currentEmail: string;
}) {
  return (
    <ShellDialog open={open} onOpenChange={onOpenChange} title="Change email address">
      <EmailChangeSteps
        verificationEnabled={verificationEnabled}
        currentEmail={currentEmail}
        onDone={() => onOpenChange(false)}
      />
    </ShellDialog>
  );
}

function EmailChangeSteps({
  verificationEnabled,
  currentEmail,
  onDone,
}: {
  verificationEnabled: boolean;
  currentEmail: string;
  onDone: () => void;
}) {
  const id = useId();
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);

  const finish = async (address: string) => {
    const updated = await postJson(href("/update-email"), { email: address });
    if (!updated.ok) return setError(updated.error);
    onDone();
    toast.success(updated.message ?? M.updated);
    revalidator.revalidate();
  };

  const submitEmail = async () => {
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) return setError(M.emailInvalid);
    if (address === currentEmail.toLowerCase()) return setError(M.sameEmail);
    const exists = await postJson<boolean>(href("/check-email-exists"), { email: address });
    if (!exists.ok) return setError(exists.error);
    if (exists.data) return setError(M.emailTaken);
    if (!verificationEnabled) return finish(address);
    const sent = await postJson(href("/send-email-pin"), { email: address });
    if (!sent.ok) return setError(sent.status >= 500 || sent.status === 0 ? M.sendFailed : sent.error);
    setError(null);
    setStep("pin");
    toast.success(M.pinSent);
    requestAnimationFrame(() => pinRef.current?.focus());
  };

  const submitPin = async () => {
    const address = email.trim().toLowerCase();
    if (!/^\d{4}$/.test(pin.trim())) return setError(M.pinWrong);
    const verified = await postJson(href("/verify-email-pin"), { email: address, email_pin: pin.trim() });
    if (!verified.ok) return setError(verified.error);
    return finish(address);
  };

  const run = (work: () => Promise<unknown>) => async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  if (step === "email") {
    return (
      <form onSubmit={run(submitEmail)} className="space-y-4" noValidate>
        <p className="text-slate-700">
          Your email address is <strong className="break-all">{currentEmail}</strong>.{" "}
          {verificationEnabled ? "We will send a 4-digit pin to the new address to confirm it." : null}
        </p>
        <FormErrors errors={error ? [error] : undefined} />
        <Field
          id={`${id}-email`}
          label="New email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Checking..." : verificationEnabled ? "Send pin" : "Update email"}
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={run(submitPin)} className="space-y-4" noValidate>
      <p className="text-slate-700">
        We sent a 4-digit pin to <strong className="break-all">{email}</strong>. It expires in 10 minutes.
      </p>
      <FormErrors errors={error ? [error] : undefined} />
      <Field
        ref={pinRef}
        id={`${id}-pin`}
        label="Pin"
        name="email_pin"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{4}"
        maxLength={4}
        required
        value={pin}
        onChange={(e) => setPin(e.currentTarget.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Checking..." : "Verify and update"}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setStep("email");
            setPin("");
            setError(null);
          }}
        >
          Use another address
        </Button>
      </div>
    </form>
  );
}
