import type { Db } from "~/db/client.server";
import { sanitizeRichText } from "~/lib/rich-text.server";
import { CONTACT_TOPICS } from "~/modules/contact/contact.rules";
import { applicableCommission, commissionCents } from "~/modules/agreements/agreement-money";
import { RESALE_RULES } from "~/modules/resorts/resorts.rules";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { getSiteCommission } from "~/modules/settings/tweaks.server";
import { type EmbedName, isEmbedName } from "./embeds";
import { load as loadBrokerComparison } from "./embeds/broker-comparison.server";
import { load as loadCommissionTable } from "./embeds/commission-table.server";
import { load as loadMedianDays } from "./embeds/median-days-on-market.server";
import { selectPublishedFaqs } from "./pages.queries.server";

/** The worked example of the selling-fees page: 150 points at $110 per point, money in cents. */
export const NET_PROCEEDS_EXAMPLE = { points: 150, pricePerPointCents: 11_000, estoppelCents: 15_000 };

async function commissionExample(db: Db) {
  const site = await getSiteCommission(db);
  const gross = NET_PROCEEDS_EXAMPLE.points * NET_PROCEEDS_EXAMPLE.pricePerPointCents;
  // Computed the way the closing statement computes it (the minimum applies when the percent comes to less).
  const commission = commissionCents(
    gross,
    applicableCommission(gross, { commissionPercent: site.percent, commissionMinimumCents: site.minimumCents }, null),
  );
  const scenarios = [
    { name: "Low closing costs", closing: 20_000 },
    { name: "High closing costs", closing: 40_000 },
  ].map((s) => ({ ...s, net: gross - commission - NET_PROCEEDS_EXAMPLE.estoppelCents - s.closing }));
  return { commissionWords: site.words, gross, commission, estoppel: NET_PROCEEDS_EXAMPLE.estoppelCents, scenarios };
}

const LOADERS = {
  "contact-details": (db: Db) => getSiteInfo(db),
  // The form posts to the page it is on (content-page.tsx's action): its topics are all it needs.
  "contact-form": async () => ({ topics: CONTACT_TOPICS.map((t) => ({ value: t.value, label: t.label })) }),
  "resale-rules-table": async () => RESALE_RULES.map((r) => ({ since: r.since, rule: r.rule, appliesTo: r.appliesTo })),
  "seller-costs-table": async (db: Db) => ({ commissionWords: (await getSiteCommission(db)).words }),
  "net-proceeds-example": commissionExample,
  "median-days-on-market": (db: Db) => loadMedianDays(db),
  "broker-comparison": (db: Db) => loadBrokerComparison(db),
  "commission-table": (db: Db) => loadCommissionTable(db),
  "faq-list": async (db: Db) => {
    const rows = await selectPublishedFaqs(db);
    return (["buyer", "seller"] as const).map((audience) => ({
      audience,
      faqs: rows
        .filter((f) => f.audience === audience)
        .map((f) => ({ id: f.id, question: f.question, answer: sanitizeRichText(f.answer) })),
    }));
  },
} satisfies Record<EmbedName, (db: Db) => Promise<unknown>>;

export type EmbedData = { [K in EmbedName]?: Awaited<ReturnType<(typeof LOADERS)[K]>> };

/** The data of every known embed a body places (unknown names are left out: they render nothing). */
export async function loadEmbeds(db: Db, names: string[]): Promise<EmbedData> {
  const known = names.filter(isEmbedName);
  const values = await Promise.all(known.map((n) => LOADERS[n](db)));
  return Object.fromEntries(known.map((n, i) => [n, values[i]])) as EmbedData;
}
