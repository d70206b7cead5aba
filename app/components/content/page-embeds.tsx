import type { ReactNode } from "react";
import { formatPrice } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import { ContactForm } from "~/modules/contact/ui/contact-form";
import { faqAnchor } from "~/modules/content/embeds";
import type { EmbedData } from "~/modules/content/embeds.server";
import { Calculation, DataTable, Example } from "~/modules/content/ui/content-page";
import { Embed as BrokerComparison } from "./embed-broker-comparison";
import { Embed as CommissionTable } from "./embed-commission-table";
import { Embed as MedianDays } from "./embed-median-days-on-market";

/**
 * Issue 32 (decision 0078): the components a page's body places with `<div data-embed="name"></div>`, by name (the
 * names and descriptions are `modules/content/embeds.ts`, their data `embeds.server.ts`).
 */
const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

type Renderers = { [K in keyof EmbedData]-?: (data: NonNullable<EmbedData[K]>) => ReactNode };

const RENDERERS: Renderers = {
  "median-days-on-market": (data) => <MedianDays data={data} />,
  "broker-comparison": (data) => <BrokerComparison data={data} />,
  "commission-table": (data) => <CommissionTable data={data} />,
  "faq-list": (groups) => (
    <div data-testid="faq-list" className="not-prose mt-6 space-y-8">
      {groups.map((g) => (
        <section key={g.audience} aria-labelledby={`faqs-${g.audience}`}>
          <h2 id={`faqs-${g.audience}`} className="text-xl font-semibold text-slate-900">
            {g.audience === "buyer" ? "Questions buyers ask" : "Questions sellers ask"}
          </h2>
          <div className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {g.faqs.map((f) => (
              <details key={f.id} id={faqAnchor(f.id)} className="group scroll-mt-24 px-4 py-3">
                <summary className="cursor-pointer font-medium text-slate-900">{f.question}</summary>
                <div
                  className="prose prose-slate mt-2 max-w-none"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (rich-text allow-list)
                  dangerouslySetInnerHTML={{ __html: f.answer }}
                />
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  ),
  "contact-details": (site) => (
    <dl className="mt-6 grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2">
      <div>
        <dt className="text-sm font-semibold text-slate-900">Email</dt>
        <dd className="mt-1">
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-slate-900">Phone</dt>
        <dd className="mt-1">
          <a href={tel(site.phone)}>{site.phone}</a> (toll free)
          {site.phoneSecondary ? (
            <>
              <br />
              <a href={tel(site.phoneSecondary)}>{site.phoneSecondary}</a>
            </>
          ) : null}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-sm font-semibold text-slate-900">Opening hours</dt>
        <dd className="mt-1">
          <ul className="mt-0! list-none! pl-0!">
            {site.hours.map((h) => (
              <li key={h.label} className="mt-0!">
                {h.label}: {h.value}
              </li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  ),
  "contact-form": ({ topics }) => <ContactForm topics={topics} />,
  "resale-rules-table": (rules) => (
    <DataTable
      caption="Resale restrictions by date"
      head={["Since", "Rule", "Applies to"]}
      rows={rules.map((r) => [formatCalendarDate(r.since), r.rule, r.appliesTo])}
    />
  ),
  "seller-costs-table": ({ commissionWords }) => (
    <DataTable
      caption="Typical seller costs"
      head={["Cost", "Typical amount", "What it is for"]}
      rows={[
        [
          "Our broker commission",
          commissionWords,
          "Listing, marketing, negotiating the offer and running the closing. Paid only when the sale closes.",
        ],
        [
          "Estoppel fee",
          "About $150",
          "Disney's statement confirming the contract's points, use year, dues and end date.",
        ],
        [
          "Seller closing costs",
          "About $200-$400",
          "The title company's work on the seller's side: preparing and recording the deed, paying off any loan.",
        ],
      ]}
    />
  ),
  "net-proceeds-example": (ex) => (
    <>
      <p>
        A seller lists a 150-point contract at $110 per point. Here is what reaches the seller at the low and the high
        end of the usual closing costs, with our commission of {ex.commissionWords}, before any dues reimbursement or
        tax withholding.
      </p>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        {ex.scenarios.map((s) => (
          <Example key={s.name} title={s.name}>
            <Calculation
              lines={[
                { label: "Price: 150 × $110", value: formatPrice(ex.gross) },
                { label: `Commission (${ex.commissionWords})`, value: `− ${formatPrice(ex.commission)}` },
                { label: "Estoppel fee", value: `− ${formatPrice(ex.estoppel)}` },
                { label: "Closing costs", value: `− ${formatPrice(s.closing)}` },
                { label: "Seller receives", value: formatPrice(s.net), total: true },
              ]}
            />
          </Example>
        ))}
      </div>
    </>
  ),
};

/** The component of embed `name` with its data; nothing for an unknown name or one whose data was not loaded. */
export function PageEmbed({ name, data }: { name: string; data: EmbedData }) {
  if (!Object.hasOwn(RENDERERS, name)) return null;
  const key = name as keyof EmbedData;
  const value = data[key];
  if (value === undefined) return null;
  return <>{(RENDERERS[key] as (d: unknown) => ReactNode)(value)}</>;
}
