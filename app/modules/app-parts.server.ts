import type { AppParts } from "~/lib/runtime.server";
import { RESOURCE_SCHEDULE_JOBS } from "./admin/resource-schedule.server";
import { AGREEMENTS_JOBS } from "./agreements/agreements.jobs.server";
import { LISTINGS_JOBS } from "./listings/listings.jobs.server";
import { MARKET_JOBS } from "./market/market.jobs.server";
import { MARKETING_JOBS } from "./marketing/marketing.jobs.server";
import { refreshMarketMonthly } from "./market/market.server";
import { recomputeScores } from "./listings/score.server";
import { rememberSealCertificate } from "./contracts/seal-certificates.server";
import { OFFERS_JOBS } from "./offers/offers.jobs.server";
import { REMINDERS_JOBS } from "./reminders/reminders.jobs.server";
import { getSiteInfo } from "./settings/settings.server";
import { SPECIAL_REQUEST_JOBS } from "./special-requests/special-requests.jobs.server";
import { STAFF_JOBS } from "./staff/staff.jobs.server";
import { VOICES_JOBS } from "./voices/voices.jobs.server";

/**
 * The modules' side of start-up, handed to lib's runtime by the composition root (entry.server.tsx, worker.ts,
 * the test fixtures): lib never imports a module. A module with a job adds its `<area>.jobs.server.ts` list here.
 */
export const APP_PARTS: AppParts = {
  jobs: [
    ...LISTINGS_JOBS,
    ...OFFERS_JOBS,
    ...AGREEMENTS_JOBS,
    ...STAFF_JOBS,
    ...SPECIAL_REQUEST_JOBS,
    ...RESOURCE_SCHEDULE_JOBS,
    ...MARKET_JOBS,
    ...VOICES_JOBS,
    ...REMINDERS_JOBS, // Issue 33: the banking reminder
    ...MARKETING_JOBS,
  ],
  siteName: async (db) => (await getSiteInfo(db)).siteName,
  afterDemoSeed: async (db) => {
    await recomputeScores(db);
    await refreshMarketMonthly(db); // issue 31: the market table from the demo's listings and sales
  },
  rememberSealCertificates: async (db, identities) => {
    for (const identity of identities) await rememberSealCertificate(db, identity);
  },
};
