import type { Viewer } from "~/auth/abilities";
import { defineAbilityFor } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { notifyAdmins } from "~/modules/notifications/admin-notifications.server";
import { updateProfilePhoto } from "~/modules/profile/photo.server";
import {
  insertTestimonial,
  markFeedbackGiven,
  selectApprovedTestimonials,
  selectFeedbackState,
  setTestimonialStatus,
} from "./voices.queries.server";
import { VOICE_MESSAGES } from "./voices.schema";

export const TESTIMONIALS_PER_PAGE = 12;

/** The feedback tab's state for the signed-in person: shown until their feedback is given; the photo field when they have none. */
export async function getFeedbackTab(deps: Pick<Services, "db">, actor: Viewer | null) {
  if (!actor || actor.impersonatedBy) return null;
  const state = actor.shown ?? (await selectFeedbackState(deps.db, actor.id));
  if (!state || state.isFeedbackGiven) return null;
  return { askPhoto: !state.profilePhotoPath };
}

/**
 * `user.testimonial.store` (SPEC section 7): the feedback panel's rating (half stars), comments and, for a person
 * without one, a profile photo. The testimonial waits for an administrator's approval; the administrators get a
 * `feedBackGiven` notification (the admin header's feedback menu) and the person's feedback is marked given, all in
 * one transaction. A second submit is refused.
 */
export async function giveFeedback(
  deps: Pick<Services, "db" | "storage">,
  args: { actor: Viewer; input: { rating: number; comments: string | null; photo?: Uint8Array | null } },
) {
  const { actor, input } = args;
  if (actor.impersonatedBy || !defineAbilityFor(actor).can("create", "Feedback"))
    throw new AppError("FORBIDDEN", "Only the account's owner can give its feedback.");
  const state = await selectFeedbackState(deps.db, actor.id);
  if (!state) throw new AppError("NOT_FOUND", VOICE_MESSAGES.feedbackFailed);
  if (state.isFeedbackGiven) throw new AppError("CONFLICT", VOICE_MESSAGES.feedbackAlreadyGiven);
  // The photo first (it checks the picture and stores it with its own journal entry): a bad picture stops here.
  if (input.photo && input.photo.byteLength > 0 && !state.profilePhotoPath) {
    await updateProfilePhoto(deps, { actor, input: { userUniqid: state.userUniqid, bytes: input.photo } });
  }
  const ratingHalves = Math.round(input.rating * 2);
  await deps.db.transaction(async (tx) => {
    if (!(await markFeedbackGiven(tx, actor.id))) throw new AppError("CONFLICT", VOICE_MESSAGES.feedbackAlreadyGiven);
    const row = await insertTestimonial(tx, {
      userId: actor.id,
      authorName: state.name,
      ratingHalves,
      comments: input.comments ?? "",
      status: "pending",
    });
    await notifyAdmins(tx, {
      type: "feedBackGiven",
      user: state.name,
      role: state.role,
      notification: `${state.name} gave feedback: ${input.rating} of 5 stars`,
      user_uniqid: state.userUniqid,
      testimonial_id: row.id,
    });
  });
  return VOICE_MESSAGES.feedbackSaved;
}

/** /testimonials: the approved testimonials, newest approval first, one page. */
export async function listPublicTestimonials(deps: Pick<Services, "db">, page: number) {
  const safePage = Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
  const { rows, total } = await selectApprovedTestimonials(
    deps.db,
    (safePage - 1) * TESTIMONIALS_PER_PAGE,
    TESTIMONIALS_PER_PAGE,
  );
  return { rows, total, page: safePage, pages: Math.max(1, Math.ceil(total / TESTIMONIALS_PER_PAGE)) };
}

/** Approve (publish) or hide a testimonial; the caller (the engine's row action) has checked the ability. */
export async function moderateTestimonial(
  deps: { db: Parameters<typeof setTestimonialStatus>[0] },
  id: number,
  decision: "approve" | "hide",
) {
  const row =
    decision === "approve"
      ? await setTestimonialStatus(deps.db, id, ["pending", "hidden"], "approved")
      : await setTestimonialStatus(deps.db, id, ["pending", "approved"], "hidden");
  if (!row)
    throw new AppError(
      "CONFLICT",
      decision === "approve" ? "This testimonial is already published." : "This testimonial is already hidden.",
    );
  return row;
}
