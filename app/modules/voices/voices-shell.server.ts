import type { Viewer } from "~/auth/abilities";
import type { Services } from "~/lib/runtime.server";
import { sharedRead } from "~/lib/shared-reads.server";
import { getReviewsWidget, type ReviewsWidget, writeReviewUrl } from "./reviews.server";
import { getFeedbackTab } from "./testimonials.server";

export type VoicesShell = {
  reviews: ReviewsWidget & { writeUrl: string };
  feedback: { askPhoto: boolean } | null;
};

/**
 * What every page's shell needs from issue 32: the reviews widget and the feedback tab's state. (Page views are
 * counted by server.ts, before the anonymous page cache: page-views.server.ts.)
 */
export async function getVoicesShell(
  deps: Pick<Services, "db">,
  _request: Request,
  viewer: Viewer | null,
): Promise<VoicesShell> {
  const [reviews, feedback] = await Promise.all([
    sharedRead("shell:reviews", () => getReviewsWidget(deps)),
    getFeedbackTab(deps, viewer),
  ]);
  return { reviews: { ...reviews, writeUrl: writeReviewUrl(process.env) }, feedback };
}
