import type { Db } from "~/db/client.server";
import { easternWallTime, parseEasternWallTime } from "~/lib/eastern-time";
import { plural } from "~/lib/format";
import { logger } from "~/lib/logger.server";
import { recordActivity } from "~/modules/journal/journal.server";
import type { RepostTweaks } from "~/modules/settings/tweaks.schema";
import { getRepostTweaks } from "~/modules/settings/tweaks.server";
import { type AutoRepostRule, autoRepostListingRow, selectAutoRepostDue } from "./admin-listings.queries.server";
import { LISTING_STATUS } from "./listing-status";

const DAY_MS = 86_400_000;

/** Midnight Eastern of the day `now` falls in. */
function startOfEasternDay(now: Date) {
  const midnight = parseEasternWallTime(`${easternWallTime(now).slice(0, 10)}T00:00`);
  // Midnight always exists in America/New_York (the clocks change at 2:00).
  return midnight.ok ? midnight.at : new Date(now.getTime() - DAY_MS);
}

/**
 * Due: active, not a test, posted (or last reposted) at least `afterDays` days ago and before today (Eastern), and
 * fewer automatic reposts than the maximum. A listing reposted today, by hand or by the job, is never due again today.
 */
function ruleOf(tweaks: RepostTweaks, now: Date): AutoRepostRule {
  const byAge = new Date(now.getTime() - tweaks.afterDays * DAY_MS);
  const today = startOfEasternDay(now);
  return { postedBefore: byAge < today ? byAge : today, maxPerListing: tweaks.maxPerListing };
}

/**
 * The daily automatic repost (issue 33, decision 0089): the due listings, the longest unposted first and at most
 * `perRun` of them, are re-dated as the Repost button does, each in its own transaction with its journal entry
 * ("reposted automatically"). Each update re-checks that the listing is still due, so a second run, a run resumed
 * after a crash or two runs at once repost each listing once and count it once.
 */
export async function repostDueListings(deps: { db: Db }, opts: { now?: Date } = {}) {
  const tweaks = await getRepostTweaks(deps.db);
  if (!tweaks.enabled) return { reposted: 0 };
  const rule = ruleOf(tweaks, opts.now ?? new Date());
  let reposted = 0;
  for (const id of await selectAutoRepostDue(deps.db, rule, LISTING_STATUS.active, tweaks.perRun)) {
    const done = await deps.db.transaction(async (tx) => {
      const row = await autoRepostListingRow(tx, id, rule, LISTING_STATUS.active);
      if (!row) return false;
      await recordActivity(tx, {
        userId: row.sellerId,
        actor: null,
        kind: "listing.auto-repost",
        category: "listing",
        facts: { listingCode: row.listingCode },
        data: {
          listingId: row.id,
          listingCode: row.listingCode,
          repostCount: row.repostCount,
          autoRepostCount: row.autoRepostCount,
        },
      });
      return true;
    });
    if (done) reposted++;
  }
  if (reposted > 0) logger.info({ reposted }, "listings reposted automatically");
  return { reposted };
}

/** The schedule in words, for the Reposts screen's description. */
export function autoRepostWords(tweaks: RepostTweaks) {
  if (!tweaks.enabled) return "Automatic reposts are off (Tweaks, Repost).";
  return `Automatic reposts are on (Tweaks, Repost): every morning, an active listing not posted or reposted for ${plural(tweaks.afterDays, "day")} is reposted, at most ${plural(tweaks.maxPerListing, "time")} a listing and ${plural(tweaks.perRun, "listing")} a morning.`;
}
