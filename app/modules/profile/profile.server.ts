import { href } from "react-router";
import { APIError } from "better-auth/api";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { getMyListingStatusCounts, type ListingStatusCounts } from "~/modules/listings/admin-listings.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { cookieHeaders } from "~/modules/accounts/accounts.server";
import { countedPasswordCheck } from "~/modules/accounts/auth-password-confirm.server";
import { getPendingEmailChange, isEmailVerificationEnabled } from "./email-change.server";
import {
  selectOrCreateSettings,
  selectProfileUser,
  selectProfileUserAndSettings,
  updateSettingsColumns,
  updateUserColumns,
} from "./profile.queries.server";
import {
  hasMailingAddress,
  PasswordChangeSchema,
  PROFILE_MESSAGES,
  ProfileInfoSchema,
  profilePhotoUrl,
  type RegistrationStep,
} from "./profile.schema";

type Deps = Pick<Services, "db">;

async function loadMe(deps: Deps, actor: Viewer) {
  const row = await selectProfileUserAndSettings(deps.db, actor.id);
  if (!row) throw new AppError("NOT_FOUND", "We could not find your account. Please sign in again.");
  return { me: row.me, settings: row.settings ?? (await selectOrCreateSettings(deps.db, row.me.id)) };
}

type Me = Awaited<ReturnType<typeof loadMe>>;

function registrationSteps({ me, settings }: Me, listings: ListingStatusCounts | null): RegistrationStep[] {
  const steps: RegistrationStep[] = [
    {
      id: "email",
      label: "Email address verified",
      done: me.emailVerified,
      href: `${href("/profile")}#email-address`,
      hint: "Confirm your email address with the pin we send you.",
    },
    {
      id: "profile",
      label: "Profile completed",
      done: Boolean(settings.phoneNumber) && hasMailingAddress(settings),
      href: `${href("/profile")}#profile-information`,
      hint: "Add your phone number and mailing address.",
    },
    {
      id: "photo",
      label: "Profile photo",
      done: Boolean(me.profilePhotoPath),
      href: `${href("/profile")}#profile-photo`,
      hint: "Add a photo so our team recognises you.",
    },
    {
      id: "two-factor",
      label: "Two-factor authentication",
      done: Boolean(me.twoFactorEnabled),
      href: href("/profile/security"),
      hint: "Protect your account with an authenticator app.",
    },
  ];
  if (me.role === "seller") {
    steps.push({
      id: "listing",
      label: "First listing",
      done: listings !== null && listings.active + listings.pending + listings.deactivated > 0,
      href: href("/v2/profile/inventory-for-sale/new"),
      hint: "List your contract so buyers can find it.",
    });
  }
  return steps;
}

export type ProfileOverview = {
  name: string;
  email: string;
  role: "buyer" | "seller";
  emailVerified: boolean;
  memberSince: string;
  photoUrl: string | null;
  /** Sellers only: their listings per status. */
  listings: ListingStatusCounts | null;
  progress: RegistrationStep[];
};

/** The signed-in person's own account summary, registration progress and (sellers) listing counts. */
export async function getProfileOverview(deps: Deps, args: { actor: Viewer }): Promise<ProfileOverview> {
  const loaded = await loadMe(deps, args.actor);
  const role = loaded.me.role === "seller" ? "seller" : "buyer";
  const listings = role === "seller" ? await getMyListingStatusCounts(deps, { actor: args.actor }) : null;
  return {
    name: loaded.me.name,
    email: loaded.me.email,
    role,
    emailVerified: loaded.me.emailVerified,
    memberSince: loaded.me.createdAt.toISOString(),
    photoUrl: profilePhotoUrl(loaded.me.profilePhotoPath),
    listings,
    progress: registrationSteps(loaded, listings),
  };
}

/** What the profile sidebar shows above its links: the name and photo. */
export async function getProfileCard(deps: Deps, args: { actor: Viewer }) {
  const { actor } = args;
  if (actor.shown) return { name: actor.name, photoUrl: profilePhotoUrl(actor.shown.profilePhotoPath) };
  const me = await selectProfileUser(deps.db, actor.id);
  return { name: me?.name ?? actor.name, photoUrl: profilePhotoUrl(me?.profilePhotoPath) };
}

/** Everything the /profile page shows in its forms. */
export async function getProfilePage(deps: Deps, args: { actor: Viewer }) {
  const { me, settings } = await loadMe(deps, args.actor);
  const pending = await getPendingEmailChange(deps, { actor: args.actor });
  return {
    id: me.id,
    userUniqid: me.userUniqid,
    name: me.name,
    email: me.email,
    emailVerified: me.emailVerified,
    role: me.role,
    photoUrl: profilePhotoUrl(me.profilePhotoPath),
    twoFactorEnabled: Boolean(me.twoFactorEnabled),
    info: {
      name: me.name,
      phoneNumber: settings.phoneNumber ?? "",
      addressLine1: settings.addressLine1 ?? "",
      addressLine2: settings.addressLine2 ?? "",
      city: settings.city ?? "",
      state: settings.state ?? "",
      postalCode: settings.postalCode ?? "",
      country: settings.country ?? "US",
    },
    pendingEmail: pending?.email ?? null,
    emailVerificationEnabled: await isEmailVerificationEnabled(deps),
  };
}

function fieldErrors(error: { issues: { message: string; path: PropertyKey[] }[] }) {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

/** "Profile information": name, phone number and mailing address, in one transaction with its journal entry. */
export async function updateProfileInfo(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const parsed = ProfileInfoSchema.safeParse(args.input);
  if (!parsed.success) {
    throw new AppError("BAD_INPUT", "Please correct the highlighted fields.", fieldErrors(parsed.error));
  }
  const v = parsed.data;
  await deps.db.transaction(async (tx) => {
    const me = await selectProfileUser(tx, args.actor.id);
    if (!me) throw new AppError("NOT_FOUND", "We could not find your account. Please sign in again.");
    const before = await selectOrCreateSettings(tx, me.id);
    const next = {
      phoneNumber: v.phoneNumber ?? null,
      addressLine1: v.addressLine1,
      addressLine2: v.addressLine2,
      city: v.city,
      state: v.state,
      postalCode: v.postalCode,
      country: v.country,
    };
    const changed = [
      ...(me.name !== v.name ? ["name"] : []),
      ...Object.entries(next)
        .filter(([k, value]) => (before as Record<string, unknown>)[k] !== value)
        .map(([k]) => k),
    ];
    if (changed.length === 0) return;
    if (me.name !== v.name) await updateUserColumns(tx, me.id, { name: v.name });
    await updateSettingsColumns(tx, me.id, next);
    await recordActivity(tx, {
      userId: me.id,
      actor: args.actor,
      kind: "profile.update",
      facts: { changed },
      data: { changed },
    });
  });
  return { message: PROFILE_MESSAGES.profileSaved };
}

/**
 * "Update password": checks the current password through better-auth, sets the new one and signs every other
 * browser session out. Returns the headers of the renewed session cookie. The journal entry follows the change
 * (better-auth writes the password in its own statements).
 */
export async function changePassword(
  deps: Pick<Services, "db" | "auth">,
  args: { actor: Viewer; input: unknown; headers: Headers },
) {
  const parsed = PasswordChangeSchema.safeParse(args.input);
  if (!parsed.success) {
    throw new AppError("BAD_INPUT", "Please correct the highlighted fields.", fieldErrors(parsed.error));
  }
  // Counted like every other check of the current password (issue 12: no unlimited password oracle).
  const response = await countedPasswordCheck(deps.db, {
    accountId: args.actor.id,
    field: "currentPassword",
    isWrong: (err) => err instanceof AppError && err.message === PROFILE_MESSAGES.wrongCurrentPassword,
    check: async () => {
      let r: Response;
      try {
        r = await deps.auth.api.changePassword({
          body: {
            currentPassword: parsed.data.currentPassword,
            newPassword: parsed.data.newPassword,
            revokeOtherSessions: true,
          },
          headers: args.headers,
          asResponse: true,
        });
      } catch (err) {
        throw passwordError(err instanceof APIError ? ((err.body as { code?: string })?.code ?? "") : "", err);
      }
      if (!r.ok) {
        const body = (await r.json().catch(() => ({}))) as { code?: string };
        throw passwordError(body.code ?? "", null);
      }
      return r;
    },
  });
  await recordActivity(deps.db, {
    userId: args.actor.id,
    actor: args.actor,
    kind: "password.change",
    category: args.actor.impersonatedBy ? "impersonation" : "security",
    facts: {},
  });
  return { headers: cookieHeaders(response), message: PROFILE_MESSAGES.passwordChanged };
}

function passwordError(code: string, err: unknown) {
  switch (code) {
    case "INVALID_PASSWORD":
      return new AppError("BAD_INPUT", PROFILE_MESSAGES.wrongCurrentPassword, {
        currentPassword: [PROFILE_MESSAGES.wrongCurrentPassword],
      });
    case "PASSWORD_TOO_SHORT":
      return new AppError("BAD_INPUT", PROFILE_MESSAGES.passwordShort, {
        newPassword: [PROFILE_MESSAGES.passwordShort],
      });
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return new AppError("BAD_INPUT", "This account signs in without a password.");
    default:
      if (err && !(err instanceof APIError)) throw err;
      return new AppError("BAD_INPUT", "Your password could not be changed. Try again.");
  }
}
