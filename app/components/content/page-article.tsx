import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { PAGE_WIDTH } from "~/components/shell/page-width";
import { formatPoints, formatTerms, useMonthName } from "~/lib/format";
import { formatDateEastern } from "~/lib/format-dates";
import { type BodyPart, bodySections } from "~/modules/content/embeds";
import type { EmbedData } from "~/modules/content/embeds.server";
import type { PageView } from "~/modules/content/pages.server";
import { proseClass, RelatedPageCards } from "~/modules/content/ui/content-page";
import { FaqItem } from "~/modules/content/ui/faq-item";
import { PageEmbed } from "./page-embeds";

/** The eyebrow above a page's heading, by its type (as the guides had it). */
const EYEBROW: Record<string, string> = {
  guide: "Guide",
  buyer: "Buying guide",
  seller: "Selling guide",
  company: "Company",
  legal: "Company",
};

/**
 * A content page from its row (issue 32, decision 0078): heading, picture, the body's first paragraph as the lead,
 * the body with its embeds, and the related pages. When the page has related FAQs or featured listings, a side column
 * beside the body (SPEC section 4 "side columns") lists the related pages, the questions and the listings; without
 * them the page keeps the guides' reading width and the related-pages cards under the text.
 */
export function PageArticle({ page }: { page: PageView }) {
  const body = bodySections(page.body);
  const side = page.relatedFaqs.length > 0 || page.featuredListings.length > 0;
  const article = (
    // Beside a side column a guide's wide tables keep to the text's column (they widen past it only when centred alone).
    <article
      className={
        side
          ? "min-w-0 lg:[&_figure]:left-0 lg:[&_figure]:w-full lg:[&_figure]:max-w-full lg:[&_figure]:translate-x-0"
          : PAGE_WIDTH.guide
      }
    >
      {page.hero ? (
        <LandingHero page={page} hero={page.hero} />
      ) : (
        <header className="border-b border-slate-200 pb-8">
          {EYEBROW[page.pageType] ? (
            <p className="text-sm font-semibold uppercase tracking-wide text-sky-800">{EYEBROW[page.pageType]}</p>
          ) : null}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.heading}</h1>
          {page.pageType === "legal" ? (
            <p className="mt-4 text-sm text-slate-600">Last updated {formatDateEastern(page.updatedAt)}</p>
          ) : null}
        </header>
      )}
      {page.imagePath && !page.hero ? (
        <img src={page.imagePath} alt="" className="mt-8 h-auto w-full rounded-lg object-cover" loading="lazy" />
      ) : null}
      <div
        className={`${proseClass} mt-2 [&>div[data-intro]:first-child>p:first-child]:mt-6 [&>div[data-intro]:first-child>p:first-child]:text-lg [&>div[data-intro]:first-child>p:first-child]:leading-8`}
        data-page-body
      >
        <BodyParts parts={body.intro} data={page.embeds} />
        {body.sections.map((section, i) => (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: the body's fixed order
            key={i}
            id={section.id ?? undefined}
            aria-labelledby={section.id ? `${section.id}-title` : undefined}
            className="scroll-mt-24"
          >
            {section.heading ? (
              <h2
                id={section.id ? `${section.id}-title` : undefined}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the heading's allow-listed HTML
                dangerouslySetInnerHTML={{ __html: section.heading }}
              />
            ) : null}
            <BodyParts parts={section.parts} data={page.embeds} />
          </section>
        ))}
      </div>
      {side ? null : <RelatedPageCards links={page.relatedPages} />}
    </article>
  );
  if (!side) return article;
  return (
    <div className={`${PAGE_WIDTH.list} grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]`}>
      {article}
      <aside aria-label="More on this subject" className="space-y-8 lg:pt-2">
        {page.relatedPages.length > 0 ? (
          <nav aria-labelledby="side-related-pages">
            <h2 id="side-related-pages" className="text-lg font-semibold text-slate-900">
              Related pages
            </h2>
            <ul className="mt-3 space-y-2">
              {page.relatedPages.map((p) => (
                <li key={p.path}>
                  <Link
                    to={p.path}
                    className="font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950"
                  >
                    {p.heading}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {page.relatedFaqs.length > 0 ? (
          <section aria-labelledby="side-related-faqs">
            <h2 id="side-related-faqs" className="text-lg font-semibold text-slate-900">
              Questions people ask
            </h2>
            <div className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {page.relatedFaqs.map((f) => (
                <FaqItem key={f.id} faq={f} />
              ))}
            </div>
          </section>
        ) : null}
        {page.featuredListings.length > 0 ? (
          <section aria-labelledby="side-featured-listings">
            <h2 id="side-featured-listings" className="text-lg font-semibold text-slate-900">
              Featured listings
            </h2>
            <ul className="mt-3 space-y-3">
              {page.featuredListings.map((l) => (
                <FeaturedListingItem key={l.id} listing={l} />
              ))}
            </ul>
          </section>
        ) : null}
      </aside>
    </div>
  );
}

/** A featured listing beside a page: its resort, its terms, and the points available in each use year. */
function FeaturedListingItem({ listing: l }: { listing: PageView["featuredListings"][number] }) {
  const month = useMonthName(l.useMonth);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <Link
        to={href("/listing-info/:id", { id: String(l.id) })}
        className="font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950"
      >
        {l.resortName}
        <span className="sr-only">, listing {l.listingCode}</span>
      </Link>
      <p className="mt-1 text-slate-700">
        {formatTerms(l.contractPoints, l.pricePerPointCents, l.contractPoints * l.pricePerPointCents)}
      </p>
      <p className="mt-1 text-slate-600">
        {month} use year. Available: {formatPoints(l.prevYearPoints)} last year, {formatPoints(l.currYearPoints)} this
        year, {formatPoints(l.nextYearPoints)} next year.
      </p>
    </li>
  );
}

/** A run of the body: its HTML pieces and the components of its embeds. */
function BodyParts({ parts, data }: { parts: BodyPart[]; data: EmbedData }) {
  return parts.map((part, i) =>
    "html" in part ? (
      <div
        // biome-ignore lint/suspicious/noArrayIndexKey: the body's fixed order
        key={i}
        data-intro={i === 0 ? "" : undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the row's body, sanitised by the allow-list when saved
        dangerouslySetInnerHTML={{ __html: part.html }}
      />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the body's fixed order
      <div key={i} data-embedded={part.embed}>
        <PageEmbed name={part.embed} data={data} />
      </div>
    ),
  );
}

/**
 * A landing page's hero (issue 33): the heading, the line under it and the one call to action, beside the page's
 * picture (above it on a phone). The picture is the first thing seen, so it is not lazy.
 */
const CTA_CLASS =
  "inline-flex min-h-11 items-center rounded-md bg-amber-400 px-5 py-2.5 font-semibold text-slate-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function LandingHero({ page, hero }: { page: PageView; hero: NonNullable<PageView["hero"]> }) {
  const external = /^https:/.test(hero.ctaHref);
  return (
    <header
      className={`rounded-xl bg-sky-950 px-6 py-10 text-white sm:px-10 ${page.imagePath ? "lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-center lg:gap-10" : ""}`}
    >
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.heading}</h1>
        {hero.text ? <p className="mt-4 text-lg leading-8 text-sky-100">{hero.text}</p> : null}
        <p className="mt-8">
          {external ? (
            <a href={hero.ctaHref} rel="noopener" className={CTA_CLASS}>
              {hero.ctaLabel}
            </a>
          ) : (
            <Link to={hero.ctaHref} className={CTA_CLASS}>
              {hero.ctaLabel}
            </Link>
          )}
        </p>
      </div>
      {page.imagePath ? (
        <img src={page.imagePath} alt="" className="mt-8 h-auto w-full rounded-lg object-cover lg:mt-0" />
      ) : null}
    </header>
  );
}
