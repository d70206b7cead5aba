import type { Db } from "~/db/client.server";
import { bestPractices } from "~/db/schema";
import { BEST_PRACTICES_SEED } from "~/modules/content/best-practices-content";
import { claimSeedStep, hasRows } from "./seed-steps";

const BEST_PRACTICES_MARKER = "seed.best_practices_seeded_at";

/**
 * The profile area's starting content: the Best practices guide, a seed step of its own (seed.server.ts: claimed once
 * per database, on every start, so a production database gets it too; staff own the rows from then on).
 */
export async function seedProfileContent(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, BEST_PRACTICES_MARKER))) return;
    if (await hasRows(tx, bestPractices)) return; // seeded before the marker existed
    await tx.insert(bestPractices).values(
      BEST_PRACTICES_SEED.map((s, i) => ({
        title: s.title,
        audience: s.audience,
        body: s.body,
        sortOrder: (i + 1) * 10,
      })),
    );
  });
}
