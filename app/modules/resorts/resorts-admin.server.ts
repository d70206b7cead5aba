import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import {
  countActiveListings,
  selectResortFacts,
  selectResortFactsByCode,
  updateResortFactsRow,
} from "./resorts-admin.queries.server";
import { RESORT_CODE_PATTERN, ResortFactsSchema } from "./resorts-admin.schema";

type Deps = Pick<Services, "db">;
type UpdateDeps = Deps & { jobs: Pick<Services["jobs"], "send"> | undefined };

export type ResortFacts = Awaited<ReturnType<typeof selectResortFacts>>[number];

function requireResortsAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("manage", "all")) {
    throw new AppError("FORBIDDEN", "Only administrators change resorts' dues and end years.");
  }
}

/** The resorts of /admin/resorts/annual-dues, in display order, with their active listings. */
export async function listResortFacts(deps: Deps, args: { actor: Viewer }): Promise<ResortFacts[]> {
  requireResortsAdmin(args.actor);
  return selectResortFacts(deps.db);
}

/** One resort's facts for its edit form; NOT_FOUND for an unknown code (or the interval-resorts entry). */
export async function getResortFacts(deps: Deps, args: { actor: Viewer; input: { code: string } }) {
  requireResortsAdmin(args.actor);
  const code = args.input.code;
  const [row] = RESORT_CODE_PATTERN.test(code) ? await selectResortFactsByCode(deps.db, code) : [];
  if (!row) throw new AppError("NOT_FOUND", "There is no resort with that code.");
  const [{ n }] = await countActiveListings(deps.db, row.id);
  return { ...row, activeListings: n };
}

const money = (cents: number | null) => (cents === null ? "none" : formatMoney(cents, { decimals: true }));
const year = (y: number | null) => (y === null ? "none" : String(y));

/**
 * Saves a resort's dues per point and end years and journals the change, in one transaction; then (after the
 * commit) queues a recompute of every listing's score, since the score compares listings across the market.
 * Answers `changed: false` without writing when the values are the ones on record.
 */
export async function updateResortFacts(
  deps: UpdateDeps,
  args: { actor: Viewer; input: { code: string; values: unknown } },
) {
  requireResortsAdmin(args.actor);
  const parsed = ResortFactsSchema.safeParse(args.input.values);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    throw new AppError(
      "BAD_INPUT",
      parsed.error.issues[0]?.message ?? "Please correct the highlighted fields.",
      fields,
    );
  }
  const v = parsed.data;
  const code = args.input.code;
  if (!RESORT_CODE_PATTERN.test(code)) throw new AppError("NOT_FOUND", "There is no resort with that code.");

  const result = await deps.db.transaction(async (tx) => {
    const [before] = await selectResortFactsByCode(tx, code, { forUpdate: true });
    if (!before) throw new AppError("NOT_FOUND", "There is no resort with that code.");
    const after = {
      duesPerPointCents: v.dues_per_point,
      contractEndYear: v.contract_end_year,
      extendedEndYear: v.extended_end_year ?? null,
      endYearUnverified: v.end_year_unverified,
    };
    const changes: string[] = [];
    if (before.duesPerPointCents !== after.duesPerPointCents) {
      changes.push(`dues ${money(before.duesPerPointCents)} → ${money(after.duesPerPointCents)} per point`);
    }
    if (before.contractEndYear !== after.contractEndYear) {
      changes.push(`end year ${year(before.contractEndYear)} → ${year(after.contractEndYear)}`);
    }
    if (before.extendedEndYear !== after.extendedEndYear) {
      changes.push(`extended end year ${year(before.extendedEndYear)} → ${year(after.extendedEndYear)}`);
    }
    if (before.endYearUnverified !== after.endYearUnverified) {
      changes.push(after.endYearUnverified ? "end year marked unverified" : "end year marked verified");
    }
    // Only score inputs move scores: dues and the base end year (the score ignores extensions and the flag).
    const movesScores =
      before.duesPerPointCents !== after.duesPerPointCents || before.contractEndYear !== after.contractEndYear;
    if (changes.length === 0) return { changed: false as const, resort: before, changes, movesScores };
    await updateResortFactsRow(tx, before.id, after);
    await recordActivity(tx, {
      userId: null,
      actor: args.actor,
      kind: "resort.update",
      category: "general",
      facts: { name: before.name, code: before.code, changes },
      data: {
        resortId: before.id,
        code: before.code,
        from: {
          duesPerPointCents: before.duesPerPointCents,
          contractEndYear: before.contractEndYear,
          extendedEndYear: before.extendedEndYear,
          endYearUnverified: before.endYearUnverified,
        },
        to: after,
      },
    });
    return { changed: true as const, resort: { ...before, ...after }, changes, movesScores };
  });

  const recomputeQueued =
    result.movesScores && deps.jobs ? (await deps.jobs.send(LISTINGS_QUEUES.recomputeScores, {})) !== null : false;
  return { ...result, recomputeQueued };
}
