import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { getProfilePage, updateProfileInfo } from "~/modules/profile/profile.server";
import { missingContactDetails, OfferContactSchema, type OfferContactValues } from "./make-offer.schema";

type Deps = Pick<Services, "db">;

export const CONTACT_MESSAGES = {
  saved: "Your details are saved. Now make your offer.",
  fix: "Please correct the highlighted fields.",
  needed: "The contract needs your legal name, phone number and mailing address: add them first.",
} as const;

/** The buyer's name, phone and mailing address as the contract needs them, and which of them are missing. */
export async function getOfferContactDetails(deps: Deps, args: { actor: Viewer }) {
  const { info } = await getProfilePage(deps, args);
  const values: OfferContactValues = { ...info };
  return { values, missing: missingContactDetails(values) };
}

/**
 * The profile update and address step: checks every part (a 400 naming each field, nothing written), then saves
 * them through the profile's own service (one transaction, with its journal entry).
 */
export async function saveOfferContactDetails(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const parsed = OfferContactSchema.safeParse(args.input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    throw new AppError("BAD_INPUT", CONTACT_MESSAGES.fix, fields);
  }
  await updateProfileInfo(deps, { actor: args.actor, input: parsed.data });
  return { message: CONTACT_MESSAGES.saved };
}

/** An offer is made only once the contract's details are there (the page asks for them first). */
export async function requireOfferContactDetails(deps: Deps, args: { actor: Viewer }) {
  const { missing } = await getOfferContactDetails(deps, args);
  if (missing.length > 0) throw new AppError("BAD_INPUT", CONTACT_MESSAGES.needed);
}
