import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Tx } from "~/db/client.server";
import { activityJournal, listings, specialRequests } from "~/db/schema";
import { AppError, isAppError } from "~/lib/errors";
import { transition } from "~/lib/workflow.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { listingWorkflow } from "~/modules/listings/listing.workflow";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import { updateAgreementColumns } from "~/modules/agreements/agreements.queries.server";
import { specialRequestWorkflow } from "~/modules/special-requests/special-request.workflow";
import { buildListing, buildUser, viewerOf } from "../factories";
import { startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

// Factories, not the demo seed: each test builds the listings it needs.
const admin = viewerOf(await buildUser(db, { role: "admin", staffRole: "admin" }));
const sellerRow = await buildUser(db, { role: "seller" });
const seller = viewerOf(sellerRow);
const buyer = viewerOf(await buildUser(db, { role: "buyer" }));
const aListing = (status: number) => buildListing(db, { seller: sellerRow, status });
const journalOf = (listingId: number) =>
  db
    .select()
    .from(activityJournal)
    .where(and(eq(activityJournal.kind, "listing.status")))
    .then((rows) => rows.filter((r) => (r.data as { listingId?: number }).listingId === listingId));

async function outcome(p: Promise<unknown>) {
  try {
    await p;
    return "applied";
  } catch (err) {
    if (isAppError(err)) return `${err.code}: ${err.message}`;
    throw err;
  }
}

describe("the workflow layer (the listing lifecycle)", () => {
  it("applies 50 identical concurrent transitions once: 49 refused with a clear message, one journal entry", async () => {
    const pending = await aListing(LISTING_STATUS.pending);
    const before = (await journalOf(pending.id)).length;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcome(transition(services, listingWorkflow, pending.id, "approve", { actor: admin })),
      ),
    );
    expect(results.filter((r) => r === "applied")).toHaveLength(1);
    const refusals = results.filter((r) => r !== "applied");
    expect(refusals).toHaveLength(49);
    expect(new Set(refusals)).toEqual(
      new Set([`CONFLICT: Listing ${pending.listingCode} is no longer waiting for review.`]),
    );
    const [after] = await db.select().from(listings).where(eq(listings.id, pending.id));
    expect(after.listingStatusId).toBe(LISTING_STATUS.active);
    expect(after.approvedAt).not.toBeNull();
    const entries = (await journalOf(pending.id)).slice(before);
    expect(entries.map((e) => e.summary)).toEqual([`Listing ${pending.listingCode} was approved and is live.`]);
  });

  it("refuses an actor without the right and writes nothing", async () => {
    const active = await aListing(LISTING_STATUS.active);
    const before = (await journalOf(active.id)).length;
    const err = await transition(services, listingWorkflow, active.id, "deactivate", {
      actor: buyer,
      input: { reason: "1" },
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("FORBIDDEN");
    const [after] = await db.select().from(listings).where(eq(listings.id, active.id));
    expect(after.listingStatusId).toBe(LISTING_STATUS.active);
    expect(await journalOf(active.id)).toHaveLength(before);
  });

  it("checks the guard (a deactivation needs a reason) and answers 404 for a listing that does not exist", async () => {
    const active = await aListing(LISTING_STATUS.active);
    const noReason = await outcome(
      transition(services, listingWorkflow, active.id, "deactivate", { actor: seller, input: {} }),
    );
    expect(noReason).toBe("BAD_INPUT: Please enter reason");
    expect(await outcome(transition(services, listingWorkflow, 99_999_999, "approve", { actor: admin }))).toBe(
      "NOT_FOUND: This listing does not exist.",
    );
  });

  it("deactivates with the reason in the same statement, then queues its resort's score recompute after the commit", async () => {
    const active = await aListing(LISTING_STATUS.active);
    const { after } = await transition(services, listingWorkflow, active.id, "deactivate", {
      actor: seller,
      input: { reason: "1" },
    });
    expect(after.listingStatusId).toBe(LISTING_STATUS.deactivated);
    const [row] = await db.select().from(listings).where(eq(listings.id, active.id));
    expect(row.deactivationReasonId).toBe(1);
    const jobs = await services.jobs.boss.findJobs(LISTINGS_QUEUES.recomputeScores, {
      data: { resortId: active.resortId },
    });
    expect(jobs.length).toBeGreaterThan(0);
    // Activating again: approved before, so it goes live (not back to review).
    const again = await transition(services, listingWorkflow, active.id, "activate", { actor: seller });
    expect(again.to).toBe(LISTING_STATUS.active);
    expect(await outcome(transition(services, listingWorkflow, active.id, "activate", { actor: seller }))).toBe(
      "CONFLICT: This listing is already active.",
    );
  });

  it("nothing else writes a listing's status: every module goes through transition()", async () => {
    const { readFileSync, readdirSync, statSync } = await import("node:fs");
    const path = await import("node:path");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = path.join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f)) files.push(p);
      }
    };
    walk("app/modules");
    walk("app/routes");
    const writers = files.filter((f) => {
      const src = readFileSync(f, "utf8");
      return /\.set\(\{[^}]*listingStatusId/s.test(src);
    });
    expect(writers).toEqual(["app/modules/listings/listing-workflow.queries.server.ts"]);
  });

  it("nothing else writes the status of a listing, offer, agreement, addendum or special request (issue 28)", async () => {
    const { readFileSync, readdirSync, statSync } = await import("node:fs");
    const path = await import("node:path");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = path.join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f)) files.push(p);
      }
    };
    walk("app/modules");
    walk("app/routes");
    walk("app/lib");
    // Through drizzle (`.update(table).set({ ... status ...})`) or in SQL text (`update agreements set status`).
    const builder =
      /\.update\((listings|offers|agreements|agreementAddenda|specialRequests)\)\s*\.set\(\{[^}]*\b(status|listingStatusId)\b/gs;
    const raw =
      /update\s+"?(listings|offers|agreements|agreement_addenda|special_requests)"?\s+set\s[^;`]*\b(status|listing_status_id)\b/gi;
    const writes: Record<string, number> = {};
    for (const f of files) {
      const src = readFileSync(f, "utf8");
      const n = [...src.matchAll(builder), ...src.matchAll(raw)].length;
      if (n) writes[f] = n;
    }
    // One write each: the `apply` of the entity's workflow declaration.
    expect(writes).toEqual({
      "app/modules/listings/listing-workflow.queries.server.ts": 1,
      "app/modules/offers/offers.queries.server.ts": 1,
      "app/modules/agreements/agreements.queries.server.ts": 1,
      "app/modules/agreements/addenda.queries.server.ts": 1,
      "app/modules/special-requests/special-requests.queries.server.ts": 1,
    });
    // Each of them has a declaration.
    const declared = files.filter((f) => /defineWorkflow\(|defineWorkflow</.test(readFileSync(f, "utf8")));
    expect(declared.sort()).toEqual(
      [
        "app/lib/workflow.server.ts",
        "app/modules/agreements/addendum.workflow.ts",
        "app/modules/agreements/agreement.workflow.ts",
        "app/modules/listings/listing.workflow.ts",
        "app/modules/offers/offer.workflow.ts",
        "app/modules/special-requests/special-request.workflow.ts",
      ].sort(),
    );
  });

  it("the agreements' column update cannot take a status (its type leaves it out)", () => {
    const write = (tx: Tx) =>
      // @ts-expect-error: the status is the workflow's, never a column update's.
      updateAgreementColumns(tx, 1, { status: "closed" });
    const deposit = (tx: Tx) =>
      // @ts-expect-error: "deposit sent" is the workflow's `reportDepositSent`.
      updateAgreementColumns(tx, 1, { depositSentAt: new Date() });
    expect([write, deposit]).toHaveLength(2);
  });
});

describe("a special request's lifecycle", () => {
  it("closes once with its reason under a race: one journal entry, the rest 409", async () => {
    const [row] = await db
      .insert(specialRequests)
      .values({ buyerId: buyer.id, minPoints: 100, maxPricePerPointCents: 15000 })
      .returning();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        outcome(
          transition(services, specialRequestWorkflow, row.id, "close", {
            actor: buyer,
            input: { reason: "Found one" },
          }),
        ),
      ),
    );
    expect(results.filter((r) => r === "applied")).toHaveLength(1);
    expect(new Set(results.filter((r) => r !== "applied"))).toEqual(
      new Set(["CONFLICT: This request is already closed."]),
    );
    const [closed] = await db.select().from(specialRequests).where(eq(specialRequests.id, row.id));
    expect(closed).toMatchObject({ status: "closed", closedReason: "Found one" });
    const entries = (
      await db.select().from(activityJournal).where(eq(activityJournal.kind, "special-request.close"))
    ).filter((e) => (e.data as { requestId?: number }).requestId === row.id);
    expect(entries).toHaveLength(1);
    // Someone else's request is not theirs to close.
    expect(
      await outcome(
        transition(services, specialRequestWorkflow, row.id, "close", { actor: seller, input: { reason: "x" } }),
      ),
    ).toBe("FORBIDDEN: There is no such special request.");
  });
});
