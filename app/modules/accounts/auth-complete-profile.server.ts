import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { selectContactDetails, updateContactDetails } from "./accounts.queries.server";
import { CompleteProfileSchema } from "./accounts.schema";

type Deps = Pick<Services, "db">;

/** The phone number and mailing address asked for after joining (user.complete-profile). */
export async function getContactDetails(deps: Deps, args: { actor: Viewer }) {
  return selectContactDetails(deps.db, args.actor.id);
}

/** Saves the phone number and mailing address to the person's settings, with a journal entry. */
export async function saveContactDetails(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const parsed = CompleteProfileSchema.safeParse(args.input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) fields[String(i.path[0])] ??= [i.message];
    throw new AppError("BAD_INPUT", parsed.error.issues[0]?.message ?? "Invalid input.", fields);
  }
  const v = parsed.data;
  await deps.db.transaction(async (tx) => {
    await updateContactDetails(tx, args.actor.id, {
      phoneNumber: v.phoneNumber,
      addressLine1: v.addressLine1,
      addressLine2: v.addressLine2 || null,
      city: v.city,
      state: v.state,
      postalCode: v.postalCode.toUpperCase(),
      country: v.country,
    });
    await recordActivity(tx, {
      userId: args.actor.id,
      actor: args.actor,
      kind: "profile.update",
      facts: { completedSignUp: true },
      data: { fields: ["phone_number", "address"] },
    });
  });
}
