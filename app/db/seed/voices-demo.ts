import type { Db } from "~/db/client.server";
import { reviews, testimonials } from "~/db/schema";
import { claimSeedStep, hasRows } from "./seed-steps";

const MARKER = "seed.voices_demo_seeded_at";

const DAY = 86_400_000;

/**
 * Issue 32: a handful of demo testimonials (marked Demo in /admin/testimonials; one waits for approval so the
 * queue has something in it) and demo reviews (source "demo" in /admin/google-reviews) for the demo install. Plainly
 * fictional first names with an initial; what they say follows the resale process of DOMAIN.md (ROFR, closing
 * through a title company, points transferred after closing). A step of its own, once per database.
 */
export async function seedVoicesDemo(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, MARKER))) return;
    if (await hasRows(tx, testimonials)) return;
    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY);
    const demo = { demo: true };
    await tx.insert(testimonials).values([
      {
        ...demo,
        authorName: "Linda K., Ohio (demo)",
        ratingHalves: 10,
        status: "approved",
        comments:
          "We bought a 160-point Bay Lake Tower contract. The listing showed the use year and banked points up front, Disney waived ROFR in about four weeks, and the title company had it closed two weeks later.",
        createdAt: at(40),
        approvedAt: at(38),
      },
      {
        ...demo,
        authorName: "Marcus T., Texas (demo)",
        ratingHalves: 9,
        status: "approved",
        comments:
          "Selling our Saratoga Springs points took longer than I hoped, but every offer came with the buyer's price per point and closing costs spelled out, so deciding was easy.",
        createdAt: at(25),
        approvedAt: at(24),
      },
      {
        ...demo,
        authorName: "Priya S., New Jersey (demo)",
        ratingHalves: 10,
        status: "approved",
        comments:
          "The dues calculator showed what our annual dues would be before we made an offer. No surprises after closing.",
        createdAt: at(12),
        approvedAt: at(11),
      },
      {
        ...demo,
        authorName: "Dave R., Florida (demo)",
        ratingHalves: 8,
        status: "approved",
        comments:
          "First time buying resale. The resale restrictions page explained which resorts we could not book with resale points, which changed the contract we chose.",
        createdAt: at(6),
        approvedAt: at(5),
      },
      {
        ...demo,
        authorName: "Ana M., California (demo)",
        ratingHalves: 7,
        status: "pending",
        comments: "Good communication. The estoppel took a while to arrive, but we were told about every step.",
        createdAt: at(1),
      },
    ]);
    if (await hasRows(tx, reviews)) return;
    const date = (days: number) => new Date(now - days * DAY).toISOString().slice(0, 10);
    await tx.insert(reviews).values([
      {
        author: "Karen B. (demo)",
        star: 5,
        source: "demo",
        reviewDate: date(50),
        review: "Smooth purchase of a resale Animal Kingdom contract, from offer to points in our account.",
      },
      {
        author: "Tom W. (demo)",
        star: 5,
        source: "demo",
        reviewDate: date(33),
        review: "They explained ROFR and the closing costs before we signed anything.",
      },
      {
        author: "Jen L. (demo)",
        star: 4,
        source: "demo",
        reviewDate: date(20),
        review: "Sold our points for a fair price. Closing took about two months in all.",
      },
      {
        author: "Sam P. (demo)",
        star: 5,
        source: "demo",
        reviewDate: date(9),
        review: "Helpful answers by phone on a Saturday evening.",
      },
    ]);
  });
}
