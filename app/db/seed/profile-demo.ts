import { count } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bestPractices } from "~/db/schema";
import { BEST_PRACTICES_SEED } from "~/modules/content/best-practices-content";

/**
 * The profile area's starting content: the Best Practices Guide, inserted when the table is empty (on every
 * start, so a production database gets it too; staff own the rows from then on).
 */
export async function seedProfileContent(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(bestPractices);
  if (n > 0) return;
  await db.insert(bestPractices).values(
    BEST_PRACTICES_SEED.map((s, i) => ({
      title: s.title,
      audience: s.audience,
      body: s.body,
      sortOrder: (i + 1) * 10,
    })),
  );
}
