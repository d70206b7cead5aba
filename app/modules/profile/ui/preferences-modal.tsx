import { href } from "react-router";
import { Lock } from "lucide-react";
import { type RefObject, useEffect, useId, useState } from "react";
import { ShellDialog } from "~/components/shell/shell-dialog";
import { toast } from "~/components/ui/toast";
import { PROFILE_MESSAGES } from "../profile.schema";
import {
  COMMISSION_TOAST_MS,
  SETTING_FIELDS,
  SETTINGS_MESSAGES,
  type SettingField,
  type UserData,
} from "../settings-fields";
import { getJson, postJson } from "./post-json";

const GROUPS: { id: SettingField["group"]; title: string }[] = [
  { id: "account", title: "Account" },
  { id: "contract", title: "Contract" },
  { id: "notifications", title: "Notifications" },
  { id: "admin", title: "Administrator settings" },
];

type Value = string | number | boolean | null;

/**
 * The user preferences modal ("Edit Settings", SPEC sections 3 and 4): every setting of the signed-in user, each
 * saved on change through `user.profile.update-user-field` with the toast 'Field has been updated!'. Its data
 * comes from `/user-data/{id}` when it opens. Locked fields are read-only; the administrator settings show only
 * to an administrator signed in as this user (the server refuses them to anyone else either way).
 */
export function PreferencesModal({
  userId,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <ShellDialog open={open} onOpenChange={onOpenChange} title="Edit settings" returnFocusTo={returnFocusTo}>
      <PreferencesBody userId={userId} />
    </ShellDialog>
  );
}

function PreferencesBody({ userId }: { userId: string }) {
  const [user, setUser] = useState<UserData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    getJson<UserData>(href("/user-data/:userId", { userId })).then((r) => {
      if (!live) return;
      if (r.ok) setUser(r.data);
      else {
        setFailed(true);
        toast.error(PROFILE_MESSAGES.requestFailed, { description: PROFILE_MESSAGES.requestFailedDetail });
      }
    });
    return () => {
      live = false;
    };
  }, [userId]);

  if (failed) {
    return (
      <p role="alert" className="text-red-800">
        {PROFILE_MESSAGES.requestFailed}: {PROFILE_MESSAGES.requestFailedDetail}
      </p>
    );
  }
  if (!user) return <p aria-live="polite">Loading your settings...</p>;

  const setSetting = (name: string, value: Value) =>
    setUser((u) => (u ? { ...u, settings: { ...u.settings, [name]: value } } : u));

  const save = async (name: string, value: Value) => {
    // A switch moves at once; it moves back if the server refuses.
    const previous = user.settings[name] ?? null;
    if (typeof value === "boolean") setSetting(name, value);
    const r = await postJson<{ reload: boolean; value: Value }>(href("/api/user/profile/update-user-field"), {
      id: user.id,
      name,
      value,
    });
    if (!r.ok) {
      if (typeof value === "boolean") setSetting(name, previous);
      toast.error(r.error);
      return false;
    }
    toast.success(r.message ?? SETTINGS_MESSAGES.updated);
    if (name === "role") {
      window.location.reload();
      return true;
    }
    setSetting(name, r.data.value);
    return true;
  };

  const visible = (f: SettingField) =>
    f.name === "role"
      ? user.can_switch_role
      : f.name in user.settings && (!f.adminOnly || user.can_edit_admin_settings);

  return (
    <div className="space-y-6" data-testid="preferences-modal">
      <p className="text-sm text-slate-700">Changes are saved as soon as you make them.</p>
      {GROUPS.map((group) => {
        const fields = SETTING_FIELDS.filter((f) => f.group === group.id && visible(f));
        if (fields.length === 0 && !(group.id === "admin" && user.can_edit_admin_settings)) return null;
        return (
          <fieldset key={group.id} className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 font-semibold text-slate-900">{group.title}</legend>
            {group.id === "admin" ? (
              <p className="text-sm text-slate-700">
                Only you can see these: you are signed in as {user.name} as an administrator.
              </p>
            ) : null}
            {fields.map((f) => (
              <SettingControl
                key={f.name}
                field={f}
                value={f.name === "role" ? user.role : (user.settings[f.name] ?? null)}
                locked={Boolean(f.lockedBy && user.settings[f.lockedBy])}
                onSave={(v) => save(f.name, v)}
              />
            ))}
            {group.id === "admin" && user.can_edit_admin_settings ? (
              <CommissionText initial={user.adjusted_commission_text ?? ""} />
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}

function SettingControl({
  field,
  value,
  locked,
  onSave,
}: {
  field: SettingField;
  value: Value;
  locked: boolean;
  onSave: (value: Value) => Promise<boolean>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [busy, setBusy] = useState(false);
  const run = async (v: Value) => {
    setBusy(true);
    try {
      return await onSave(v);
    } finally {
      setBusy(false);
    }
  };
  const hint = field.hint ? (
    <p id={hintId} className="text-sm text-slate-600">
      {field.hint}
    </p>
  ) : null;

  if (field.kind === "boolean") {
    return (
      <div className="space-y-1">
        <label htmlFor={id} className="flex cursor-pointer items-start justify-between gap-4">
          <span className="font-medium text-slate-900">{field.label}</span>
          <input
            id={id}
            type="checkbox"
            role="switch"
            name={field.name}
            checked={value === true}
            aria-checked={value === true}
            aria-busy={busy || undefined}
            aria-describedby={field.hint ? hintId : undefined}
            onChange={(e) => {
              if (!busy) run(e.currentTarget.checked);
            }}
            className="mt-1 size-5 shrink-0 accent-sky-800"
          />
        </label>
        {hint}
      </div>
    );
  }

  if (field.kind === "role") {
    return (
      <fieldset className="space-y-1" aria-describedby={field.hint ? hintId : undefined}>
        <legend className="font-medium text-slate-900">{field.label}</legend>
        <div className="flex gap-4">
          {(["buyer", "seller"] as const).map((r) => (
            <label key={r} className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name={field.name}
                value={r}
                checked={value === r}
                disabled={busy}
                onChange={() => run(r)}
                className="size-4 accent-sky-800"
              />
              {r === "buyer" ? "Buy points" : "Sell points"}
            </label>
          ))}
        </div>
        {hint}
      </fieldset>
    );
  }

  return <TextSetting id={id} field={field} value={value} locked={locked} busy={busy} hint={hint} onSave={run} />;
}

/** A text or number setting: saved when it loses focus or on Enter, when its value changed. */
function TextSetting({
  id,
  field,
  value,
  locked,
  busy,
  hint,
  onSave,
}: {
  id: string;
  field: SettingField;
  value: Value;
  locked: boolean;
  busy: boolean;
  hint: React.ReactNode;
  onSave: (value: Value) => Promise<boolean>;
}) {
  const initial = value === null ? "" : String(value);
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const commit = async () => {
    if (locked || draft === saved) return;
    if (await onSave(field.kind === "number" ? draft.trim() : draft)) setSaved(draft);
  };
  const lockId = `${id}-locked`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-center gap-2 font-medium text-slate-900">
        {field.label}
        {locked ? <Lock aria-hidden className="size-4 text-slate-600" /> : null}
      </label>
      {field.name === "first_sentence_of_contract" ? (
        <textarea
          id={id}
          name={field.name}
          value={draft}
          readOnly={locked}
          disabled={busy}
          rows={3}
          aria-describedby={
            [field.hint ? `${id}-hint` : "", locked ? lockId : ""].filter(Boolean).join(" ") || undefined
          }
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={commit}
          className="block w-full rounded-md border border-slate-400 px-3 py-2 read-only:bg-slate-100"
        />
      ) : (
        <input
          id={id}
          name={field.name}
          type={field.kind === "number" ? "number" : "text"}
          inputMode={field.kind === "number" ? "numeric" : undefined}
          min={field.min}
          max={field.max}
          value={draft}
          readOnly={locked}
          disabled={busy}
          aria-describedby={
            [field.hint ? `${id}-hint` : "", locked ? lockId : ""].filter(Boolean).join(" ") || undefined
          }
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commit();
            }
          }}
          className="block w-full rounded-md border border-slate-400 px-3 py-2 read-only:bg-slate-100"
        />
      )}
      {locked ? (
        <p id={lockId} className="text-sm text-slate-700">
          {SETTINGS_MESSAGES.locked}
        </p>
      ) : null}
      {hint}
    </div>
  );
}

/** The adjusted commission text (`listings.commission-text.update`), toast for 3 s (SPEC section 9). */
function CommissionText({ initial }: { initial: string }) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState(false);
  const commit = async () => {
    if (draft === saved) return;
    setBusy(true);
    const r = await postJson(href("/api/listings/commission-text/update"), { value: draft, isAdmin: true });
    setBusy(false);
    if (!r.ok) {
      toast.error(r.error, { duration: COMMISSION_TOAST_MS });
      return;
    }
    setSaved(draft);
    toast.success(r.message ?? SETTINGS_MESSAGES.commissionUpdated, { duration: COMMISSION_TOAST_MS });
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="font-medium text-slate-900">
        Adjusted commission text
      </label>
      <textarea
        id={id}
        name="adjusted_commission_text"
        value={draft}
        rows={3}
        disabled={busy}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={commit}
        className="block w-full rounded-md border border-slate-400 px-3 py-2"
      />
    </div>
  );
}
