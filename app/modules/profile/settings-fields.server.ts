import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { getMyListingStatusCounts } from "~/modules/listings/admin-listings.server";
import { recordActivity } from "~/modules/journal/journal.server";
import {
  selectOrCreateSettings,
  selectProfileUser,
  type SettingsRow,
  selectUserRoleById,
  updateSettingsColumns,
  updateUserColumns,
} from "./profile.queries.server";
import { profilePhotoUrl } from "./profile.schema";
import {
  CommissionTextSchema,
  SETTING_FIELDS,
  SETTING_FIELDS_BY_NAME,
  SETTINGS_MESSAGES,
  type SettingField,
  UpdateUserFieldSchema,
  UserIdSchema,
  type UserData,
} from "./settings-fields";

type Deps = Pick<Services, "db">;

/**
 * True when the viewer is an administrator signed in as someone else (an impersonation started by a user whose
 * role is admin). Checked against the database, never against anything the browser sends.
 */
export async function isImpersonatingAdmin(deps: Deps, viewer: Viewer) {
  if (!viewer.impersonatedBy) return false;
  return (await selectUserRoleById(deps.db, viewer.impersonatedBy)) === "admin";
}

function firstIssue(error: { issues: { message: string }[] }) {
  return error.issues[0]?.message ?? "Invalid value.";
}

function currentValue(field: SettingField, me: Record<string, unknown>, settings: SettingsRow) {
  const source = (field.table === "user" ? me : settings) as Record<string, unknown>;
  return source[field.column] ?? null;
}

/**
 * SPEC `user.profile.update-user-field`: one setting of the signed-in user, saved on change. Only whitelisted
 * names; each value checked by its field's schema; locked fields, sub-account fields and admin-only fields refused
 * (403) to whoever may not change them. One transaction with its journal entry.
 */
export async function updateUserField(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const parsed = UpdateUserFieldSchema.safeParse(args.input);
  if (!parsed.success) throw new AppError("BAD_INPUT", firstIssue(parsed.error));
  const { id, name, value } = parsed.data;
  if (id !== undefined && id !== args.actor.id) throw new AppError("FORBIDDEN", SETTINGS_MESSAGES.notYours);
  if (name === "email") throw new AppError("BAD_INPUT", SETTINGS_MESSAGES.emailField);
  const field = SETTING_FIELDS_BY_NAME.get(name);
  if (!field) throw new AppError("BAD_INPUT", SETTINGS_MESSAGES.unknownField);
  // Staff (administrators, writers, senior writers) keep their role: they are never buyers or sellers (issue 28).
  if (field.name === "role" && !defineAbilityFor(args.actor).can("update", "OwnRole")) {
    throw new AppError("FORBIDDEN", SETTINGS_MESSAGES.adminRole);
  }
  if (field.adminOnly && !(await isImpersonatingAdmin(deps, args.actor))) {
    throw new AppError("FORBIDDEN", SETTINGS_MESSAGES.adminOnly);
  }
  const checked = field.schema.safeParse(value);
  if (!checked.success)
    throw new AppError("BAD_INPUT", firstIssue(checked.error), { [name]: [firstIssue(checked.error)] });
  const next = checked.data as string | number | boolean | null;

  if (field.name === "role") {
    if (next === "buyer" && args.actor.role === "seller") {
      const counts = await getMyListingStatusCounts(deps, { actor: args.actor });
      if (counts.active + counts.pending > 0) throw new AppError("CONFLICT", SETTINGS_MESSAGES.roleWithListings);
    }
  }

  return deps.db.transaction(async (tx) => {
    const me = await selectProfileUser(tx, args.actor.id);
    if (!me) throw new AppError("NOT_FOUND", "We could not find your account. Please sign in again.");
    const settings = await selectOrCreateSettings(tx, me.id);
    if (field.notForSubAccounts && settings.isSubAccount) {
      throw new AppError("FORBIDDEN", SETTINGS_MESSAGES.subAccount);
    }
    if (field.lockedBy) {
      const lock = SETTING_FIELDS_BY_NAME.get(field.lockedBy);
      if (lock && currentValue(lock, me, settings) === true) throw new AppError("FORBIDDEN", SETTINGS_MESSAGES.locked);
    }
    const before = currentValue(field, me, settings);
    if (before === next) return { name, value: next, changed: false, reload: false };
    if (field.table === "user") await updateUserColumns(tx, me.id, { [field.column]: next });
    else await updateSettingsColumns(tx, me.id, { [field.column]: next });
    await recordActivity(tx, {
      userId: me.id,
      actor: args.actor,
      kind: field.name === "role" ? "profile.role" : "settings.update",
      facts: field.name === "role" ? { to: String(next) } : { label: field.label },
      data: { field: field.name, from: before, to: next },
    });
    return { name, value: next, changed: true, reload: field.name === "role" };
  });
}

/**
 * SPEC `listings.commission-text.update`: the adjusted commission text of the user an administrator is signed in
 * as. The payload's `isAdmin` is ignored: only an impersonating administrator may, whatever the browser says.
 */
export async function updateCommissionText(deps: Deps, args: { actor: Viewer; input: unknown }) {
  if (!(await isImpersonatingAdmin(deps, args.actor))) throw new AppError("FORBIDDEN", SETTINGS_MESSAGES.adminOnly);
  const parsed = CommissionTextSchema.safeParse(args.input);
  if (!parsed.success) throw new AppError("BAD_INPUT", firstIssue(parsed.error));
  const value = parsed.data.value;
  await deps.db.transaction(async (tx) => {
    const me = await selectProfileUser(tx, args.actor.id);
    if (!me) throw new AppError("NOT_FOUND", "We could not find this account.");
    await updateUserColumns(tx, me.id, { adjustedCommissionText: value });
    await recordActivity(tx, {
      userId: me.id,
      actor: args.actor,
      kind: "settings.update",
      facts: { commissionText: true },
      data: { field: "adjusted_commission_text", from: me.adjustedCommissionText, to: value },
    });
  });
  return { value, message: SETTINGS_MESSAGES.commissionUpdated };
}

/**
 * SPEC `GET /user-data/{user_id}`: a user's profile fields and settings. Their own, or anyone's for an
 * administrator; 403 for anyone else (whether or not the id exists), 404 for an administrator asking for an
 * unknown id. Never password hashes, two-factor secrets or session tokens (they are not even read).
 */
export async function getUserData(deps: Deps, args: { actor: Viewer; input: { userId: string } }): Promise<UserData> {
  const own = args.actor.id === args.input.userId;
  const isAdmin = args.actor.role === "admin";
  if (!own && !isAdmin) throw new AppError("FORBIDDEN", "You can only read your own account's data.");
  const userId = UserIdSchema.safeParse(args.input.userId);
  if (!userId.success) throw new AppError("NOT_FOUND", "This user does not exist.");
  const me = await selectProfileUser(deps.db, userId.data);
  if (!me) throw new AppError("NOT_FOUND", "This user does not exist.");
  const settings = await selectOrCreateSettings(deps.db, me.id);
  const adminView = isAdmin || (await isImpersonatingAdmin(deps, args.actor));
  const values: UserData["settings"] = {};
  for (const field of SETTING_FIELDS) {
    if (field.name === "role") continue;
    if (field.adminOnly && !adminView) continue;
    if (field.notForSubAccounts && settings.isSubAccount && !adminView) continue;
    values[field.name] = currentValue(field, me, settings) as string | number | boolean | null;
  }
  // The lock flags are read by the modal to show locked fields read-only.
  values.lock_salutation = settings.lockSalutation;
  values.lock_testimonial_short_name = settings.lockTestimonialShortName;
  values.lock_first_sentence_of_contract = settings.lockFirstSentenceOfContract;
  Object.assign(values, {
    phone_number: settings.phoneNumber,
    address_line1: settings.addressLine1,
    address_line2: settings.addressLine2,
    city: settings.city,
    state: settings.state,
    postal_code: settings.postalCode,
    country: settings.country,
  });
  return {
    id: me.id,
    user_uniqid: me.userUniqid,
    name: me.name,
    email: me.email,
    email_verified: me.emailVerified,
    role: me.role,
    profile_photo_url: profilePhotoUrl(me.profilePhotoPath),
    adjusted_commission_text: adminView ? me.adjustedCommissionText : null,
    is_sub_account: settings.isSubAccount,
    settings: values,
    can_edit_admin_settings: own && (await isImpersonatingAdmin(deps, args.actor)),
    can_switch_role: own && defineAbilityFor(args.actor).can("update", "OwnRole"),
    created_at: me.createdAt.toISOString(),
  };
}
