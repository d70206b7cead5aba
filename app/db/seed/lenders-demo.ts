import type { Db } from "~/db/client.server";
import { lenders } from "~/db/schema";
import { claimSeedStep, hasRows } from "./seed-steps";

const LENDERS_MARKER = "seed.lenders_demo_seeded_at";

/**
 * Issue 31: three plainly fictional lenders for the demo's financing page (example.com sites, 555 numbers), marked as
 * demo data in the admin list and on the page. Their terms are in the range resale timeshare loans are quoted in
 * (roughly 9-15% APR, 3-10 years, 10-20% down), not any real company's rates. A step of its own, once per database.
 */
export async function seedLendersDemo(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, LENDERS_MARKER))) return;
    if (await hasRows(tx, lenders)) return;
    const now = new Date();
    const demo = { isDemo: true, isActive: true, createdAt: now, updatedAt: now };
    await tx.insert(lenders).values([
      {
        ...demo,
        name: "Bayfront Vacation Lending (demo)",
        website: "https://bayfront-lending.example.com",
        phone: "(407) 555-0163",
        aprMinPercent: 9.49,
        aprMaxPercent: 13.99,
        termMinYears: 5,
        termMaxYears: 10,
        minLoanCents: 500_000,
        downPaymentPercent: 10,
        notes:
          "Demo lender: a fictional example. Finances resale contracts at every DVC resort; approval in about a week.",
        sortOrder: 1,
      },
      {
        ...demo,
        name: "Palmetto Members Credit Union (demo)",
        website: "https://palmetto-cu.example.com",
        phone: "(843) 555-0128",
        aprMinPercent: 8.75,
        aprMaxPercent: 12.5,
        termMinYears: 3,
        termMaxYears: 7,
        minLoanCents: 300_000,
        downPaymentPercent: 15,
        notes: "Demo lender: a fictional example. Membership required; shorter terms at lower rates.",
        sortOrder: 2,
      },
      {
        ...demo,
        name: "Lakeshore Timeshare Finance (demo)",
        website: "https://lakeshore-finance.example.com",
        phone: "(321) 555-0191",
        aprMinPercent: 10.99,
        aprMaxPercent: 15.49,
        termMinYears: 5,
        termMaxYears: 10,
        minLoanCents: 750_000,
        downPaymentPercent: 20,
        notes: "Demo lender: a fictional example. Contracts of 100 points or more; no prepayment penalty.",
        sortOrder: 3,
      },
    ]);
  });
}
