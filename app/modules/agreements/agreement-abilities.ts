import { AbilityBuilder, createMongoAbility, type MongoAbility } from "@casl/ability";
import { isStaffAccount, type Viewer } from "~/auth/abilities";

/**
 * Who may sign an agreement or an addendum to it, as one CASL ability (browser-safe): its buyer or its seller, in
 * their own account. Never staff (an administrator, a writer, a senior writer): the back office runs the deal, so a
 * staff account that is also a party could sign its own deal's contract; and never an administrator impersonating the
 * party. Kept beside the agreements rather than in app/auth/abilities.ts: only signing asks it.
 */
export type SignableAgreement = { __type: "Agreement"; buyerId: string; sellerId: string | null };
type SigningAbility = MongoAbility<["sign", SignableAgreement | "Agreement"]>;

export const STAFF_CANNOT_SIGN =
  "Staff accounts cannot sign an agreement as the buyer or the seller. Sign in with a buyer's or a seller's own account.";

export function signingAbilityFor(viewer: Viewer): SigningAbility {
  const { can, cannot, build } = new AbilityBuilder<SigningAbility>(createMongoAbility);
  can("sign", "Agreement", { buyerId: viewer.id });
  can("sign", "Agreement", { sellerId: viewer.id });
  if (isStaffAccount(viewer)) cannot("sign", "Agreement").because(STAFF_CANNOT_SIGN);
  if (viewer.impersonatedBy) cannot("sign", "Agreement");
  return build({ detectSubjectType: (s) => (typeof s === "string" ? s : s.__type) });
}

/**
 * Why the viewer may not sign this agreement (null: they may): the staff refusal's own words, or `otherwise` (not a
 * party, or impersonating).
 */
export function signingRefusal(
  viewer: Viewer,
  a: { buyerId: string; sellerId: string | null },
  otherwise: string,
): string | null {
  const ability = signingAbilityFor(viewer);
  const subject: SignableAgreement = { __type: "Agreement", buyerId: a.buyerId, sellerId: a.sellerId };
  if (ability.can("sign", subject)) return null;
  return ability.relevantRuleFor("sign", subject)?.reason ?? otherwise;
}
