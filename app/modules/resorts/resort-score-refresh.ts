import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";

/** The resort fields a listing's score reads (as in resorts-annual-dues.resource.ts): a change recomputes scores. */
const SCORE_INPUTS = ["dues_per_point", "contract_end_year"];

/** A resort resource's `afterWrite`: queues the recompute of every listing's score when a score input changed. */
export async function refreshScoresAfterWrite({
  services,
  changed,
}: {
  services: { jobs?: { send(queue: string, data: object): Promise<unknown> } };
  changed: string[] | "all";
}) {
  const movesScores = changed === "all" || changed.some((name) => SCORE_INPUTS.includes(name));
  if (!movesScores || !services.jobs) return;
  const queued = await services.jobs.send(LISTINGS_QUEUES.recomputeScores, {});
  return queued === null ? undefined : "Scores are being recomputed.";
}
