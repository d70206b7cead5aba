import type { Viewer } from "~/auth/abilities";
import type { Services } from "~/lib/runtime.server";
import { countPageView } from "./page-views.server";
import { getReviewsWidget, type ReviewsWidget, writeReviewUrl } from "./reviews.server";
import { getFeedbackTab } from "./testimonials.server";

export type VoicesShell = {
  reviews: ReviewsWidget & { writeUrl: string };
  feedback: { askPhoto: boolean } | null;
};

/**
 * What every page's shell needs from issue 32: the reviews widget and the feedback tab's state. The page view is
 * counted here too (the root loader runs once per page load and per client navigation).
 */
export async function getVoicesShell(
  deps: Pick<Services, "db">,
  request: Request,
  viewer: Viewer | null,
): Promise<VoicesShell> {
  const [reviews, feedback] = await Promise.all([
    getReviewsWidget(deps),
    getFeedbackTab(deps, viewer),
    countPageView(deps, request),
  ]);
  return { reviews: { ...reviews, writeUrl: writeReviewUrl(process.env) }, feedback };
}
