import { href, Link } from "react-router";
import { formatDollars, formatPerPoint, formatPrice } from "~/lib/format";
import { dollarsToCents } from "~/lib/money";
import { getServices } from "~/lib/runtime.server";
import {
  Calculation,
  ContentPage,
  DataTable,
  Example,
  Note,
  pageMeta,
  Section,
} from "~/modules/content/ui/content-page";
import { getViewer } from "~/auth/session.server";
import { handleFormAction } from "~/lib/action.server";
import { clientAddress } from "~/lib/request.server";
import { DuesQuestionSchema } from "~/modules/contact/dues-question";
import { sendDuesQuestion } from "~/modules/contact/dues-question.server";
import { DuesQuestionForm } from "~/modules/content/ui/dues-question-form";
import { DUES_UNKNOWN, duesQuestionPath, hasPublishedDues, publicDues } from "~/modules/resorts/resorts.rules";
import { listResorts } from "~/modules/resorts/resorts.server";
import { duesPerPointText } from "~/modules/resorts/ui/fact-source";
import type { Route } from "./+types/dvc-annual-dues";

export function meta() {
  return pageMeta(
    "DVC annual dues per point",
    "How Disney Vacation Club annual dues work: billed per point each calendar year, due January 15, capped at 15% a year, current dues per point at every resort and how dues are split at a resale closing.",
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const viewer = await getViewer(request);
  const resorts = (await listResorts(db)).filter((r) => !r.isInterval);
  const year = new Date().getUTCFullYear();
  const asked = new URL(request.url).searchParams.get("resort")?.toUpperCase() ?? null;
  return {
    year,
    asked: resorts.some((r) => r.code === asked) ? asked : null,
    sender: viewer ? { name: viewer.name, email: viewer.email } : {},
    resorts: resorts.map((r) => {
      const dues = publicDues(r);
      return { code: r.code, name: r.name, slug: r.slug, dues, published: hasPublishedDues(dues, year) };
    }),
  };
}

/**
 * "Ask about a resort's dues": a contact message for the administrators. 400 with the fields' messages (nothing
 * written), 429 past the hourly allowance; otherwise back to the form with a thank-you note.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  return handleFormAction(request, {
    schema: DuesQuestionSchema,
    run: async (values) => {
      const sent = await sendDuesQuestion(await getServices(), {
        actor: viewer,
        input: { values, clientKey: clientAddress(request) },
      });
      return { redirectTo: `${href("/dvc-annual-dues")}#ask-dues`, message: sent.message };
    },
  });
}

/** DOMAIN.md, 2022 figures in $/point. Historical, so kept as published. */
const DUES_2022: [code: string, name: string, dollars: number][] = [
  ["AKV", "Animal Kingdom Villas", 8.24],
  ["BLT", "Bay Lake Tower", 7.08],
  ["BCV", "Beach Club Villas", 7.54],
  ["BRV", "Boulder Ridge Villas", 8.15],
  ["CCV", "Copper Creek Villas & Cabins", 7.6],
  ["VGC", "Villas at Grand Californian", 7.48],
  ["VGF", "Villas at Grand Floridian", 7.01],
  ["HHI", "Hilton Head Island", 10.07],
  ["OKW", "Old Key West", 8.81],
  ["RIV", "Riviera", 8.38],
  ["SSR", "Saratoga Springs", 7.33],
  ["VB", "Vero Beach", 11.94],
];

// Worked example: 150 points at $8.58 per point with 8 months of the calendar year left.
const EX_POINTS = 150;
const EX_DUES_CENTS = 858;
const EX_MONTHS_LEFT = 8;
const exAnnual = EX_POINTS * EX_DUES_CENTS;
const exReimburse = Math.round((exAnnual * EX_MONTHS_LEFT) / 12);

export default function AnnualDuesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { resorts, year, asked, sender } = loaderData;
  const missing = resorts.filter((r) => !r.published);
  return (
    <ContentPage
      path={href("/dvc-annual-dues")}
      eyebrow="Buying guide"
      title="DVC annual dues"
      lead="Every Disney Vacation Club contract carries annual dues: a charge per point that pays for running and maintaining the resort. Dues are the main yearly cost of owning points, so compare them as carefully as the price."
      related={[
        href("/resorts"),
        href("/how-dvc-works"),
        href("/selling-fees-associated"),
        href("/resale-restrictions"),
      ]}
    >
      <Section id="how-billed" title="How dues are billed">
        <ul>
          <li>
            <strong>Per point, per calendar year.</strong> A 150-point contract at a resort charging $9.00 per point
            owes $1,350 for the year, whether or not the points are used.
          </li>
          <li>
            <strong>Due by January 15.</strong> The bill covers January to December of the calendar year, not the use
            year of the contract.
          </li>
          <li>
            <strong>Increases are capped.</strong> Dues cannot rise more than 15% in a year unless owners approve. In
            practice they have grown by roughly 3-5% a year.
          </li>
          <li>
            <strong>Each resort sets its own.</strong> Older and smaller resorts tend to cost more per point; the
            difference adds up over the decades a contract runs.
          </li>
        </ul>
      </Section>

      <Section id="current-dues" title="Dues per point at each resort">
        <p>
          The latest figure we have for each resort, the year it is for and where it comes from. Where we do not have a
          resort's own figure for {year} yet, the table says so: an estimate is marked as one, and you can{" "}
          <a href="#ask-dues">ask us for this year's figure</a>.
        </p>
        <DataTable
          caption="Annual dues per point, with the year and source of each figure"
          head={["Resort", "Dues per point", "150 points a year", "Source"]}
          numeric={[2]}
          rows={resorts.map((r) => [
            <Link key={r.slug} to={href("/resorts/:resort", { resort: r.slug })}>
              {r.name}
            </Link>,
            r.published && r.dues ? (
              duesPerPointText(r.dues)
            ) : (
              <span key={r.code}>
                {r.dues ? duesPerPointText(r.dues) : `Not known yet for ${year}`}{" "}
                <Link to={duesQuestionPath(r.code)} preventScrollReset>
                  {r.dues ? "Ask for this year's dues" : DUES_UNKNOWN}
                </Link>
              </span>
            ),
            r.dues ? `${r.dues.estimate ? "About " : ""}${formatDollars(r.dues.perPointCents * 150)}` : "–",
            r.dues?.source ?? "–",
          ])}
        />
      </Section>

      <Section id="ask-dues" title="Ask about a resort's dues">
        <p>
          {missing.length > 0
            ? `We do not have the published ${year} dues for ${missing.length === 1 ? "one resort" : `${missing.length} resorts`} yet. Tell us which one you are considering and we will find out what owners pay this year.`
            : "Ask us about any resort's dues, and we will write back with the figure and where it comes from."}
        </p>
        <DuesQuestionForm
          key={asked ?? "none"}
          resorts={resorts.map((r) => ({ code: r.code, name: r.name }))}
          resort={asked}
          year={year}
          lastResult={actionData?.result}
          defaults={sender}
        />
      </Section>

      <Section id="dues-2022" title="2022 dues">
        <p>For comparison, the dues per point published for 2022:</p>
        <DataTable
          caption="2022 dues, dollars per point"
          head={["Resort", "Code", "2022 dues per point"]}
          numeric={[2]}
          rows={DUES_2022.map(([code, name, dollars]) => [name, code, formatPerPoint(dollarsToCents(dollars))])}
          footnote="Figures as published for 2022. BoardWalk, Aulani, Polynesian, Villas at Disneyland Hotel and Cabins at Fort Wilderness are not in this set."
        />
      </Section>

      <Section id="closing" title="Dues at a resale closing">
        <p>
          The seller has usually paid the whole year's dues by January 15. At closing, the buyer normally reimburses the
          seller for the months of the calendar year that remain:
        </p>
        <p className="rounded-md bg-slate-100 px-4 py-3 font-mono text-sm text-slate-900">
          reimbursement = points × dues per point × months left in the year ÷ 12
        </p>
        <p>
          The split is then adjusted for who gets which points: if the seller has already used this year's points, the
          buyer may not owe for them, and if the buyer receives points the seller paid for, the buyer usually pays for
          those.
        </p>
        <Example title="Worked example: 150 points, $8.58 per point, 8 months left">
          <Calculation
            lines={[
              { label: "Dues for the year: 150 × $8.58", value: formatPrice(exAnnual) },
              { label: "Share for the months left: 8 ÷ 12", value: "× 0.667" },
              {
                label: "Buyer reimburses the seller: 150 × $8.58 × 8 ÷ 12",
                value: formatPrice(exReimburse),
                total: true,
              },
            ]}
          />
          <p>The seller keeps the cost of the four months already gone; the buyer pays for the rest of the year.</p>
        </Example>
        <Note>
          <p>
            <strong>Who pays is negotiable.</strong> Some sellers offer to cover the current year's dues to make a
            listing stand out, and some buyers ask for it in an offer. Whatever is agreed is written into the purchase
            agreement, and the title company settles it at closing.
          </p>
        </Note>
      </Section>
    </ContentPage>
  );
}
