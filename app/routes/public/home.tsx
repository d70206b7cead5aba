import { ArrowRight, CalendarClock, Scale, Search, ShieldAlert, Tag } from "lucide-react";
import { Button } from "~/components/ui/button";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { ON_DARK_FOCUS, useShell } from "~/components/shell/use-shell";
import { getServices } from "~/lib/runtime.server";
import { getFeaturedListings } from "~/modules/listings/listings.server";
import { FeaturedCarousel } from "~/modules/listings/ui/featured-carousel";
import { homeIllustrationHref } from "~/modules/resorts/resort-picture";
import { listResorts } from "~/modules/resorts/resorts.server";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import { getShellDesign } from "~/modules/content/design-settings.server";
import { PlaneBanner } from "~/modules/content/ui/plane-banner";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { siteJsonLd } from "~/modules/seo/json-ld";
import { JsonLd } from "~/modules/seo/ui/json-ld";
import type { Route } from "./+types/home";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return [
    { title: "Buy and sell DVC resale points | Vacation Points Market" },
    {
      name: "description",
      content:
        "Disney Vacation Club resale contracts with the points available in each use year, prices per point and totals. Learn about resale restrictions, annual dues and the 60-90 day ROFR and closing process.",
    },
  ];
});

export async function loader() {
  const { db, config } = await getServices();
  const [featured, all] = await Promise.all([getFeaturedListings(db), listResorts(db)]);
  // What the page shows of each resort: the hero's resort picker and the resorts list.
  const resorts = all
    .filter((r) => !r.isInterval)
    .map((r) => ({ code: r.code, name: r.name, slug: r.slug, location: r.location, photoPath: r.photoPath }));
  const [site, design] = await Promise.all([getSiteInfo(db), getShellDesign(db)]);
  // Built here so the page's browser code stays small (the JavaScript budget).
  const jsonLd = siteJsonLd({
    origin: config.authUrl,
    siteName: site.siteName,
    logo: design.logo,
    email: site.email,
    phone: site.phone,
  });
  return { featured, resorts, asOf: new Date().toISOString(), jsonLd };
}

const BASICS = [
  {
    icon: Scale,
    title: "Resale costs less than buying direct",
    body: "The same villas for the same points: resale contracts usually cost a third to a half less per point than points bought from Disney. Small contracts and contracts with extra banked points sell for a little more.",
    link: { to: href("/how-dvc-works"), label: "How DVC works" },
  },
  {
    icon: ShieldAlert,
    title: "Know the resale restrictions",
    body: "Resale points cannot book the Disney Collections or keep membership extras, and most resale contracts bought since January 2019 cannot book Riviera, Disneyland Hotel villas or the Fort Wilderness cabins.",
    link: { to: href("/resale-restrictions"), label: "Resale restrictions" },
  },
  {
    icon: CalendarClock,
    title: "Plan for 60-90 days to close",
    body: "After both sides sign, the deposit goes to a title company's escrow and Disney has about 30 days to use its right of first refusal. Estoppel, closing papers and the deed follow; Hilton Head, Aulani and Grand Californian take longer.",
    link: { to: `${href("/how-dvc-works")}#closing`, label: "How a resale closes" },
  },
] as const;

const GUIDES = [
  {
    to: href("/how-dvc-works"),
    title: "How DVC works",
    body: "Use years, banking, borrowing and the 11- and 7-month booking windows.",
  },
  {
    to: href("/dvc-annual-dues"),
    title: "Annual dues",
    body: "Dues per point at each resort, and how dues are split at closing.",
  },
  {
    to: href("/resale-restrictions"),
    title: "Resale restrictions",
    body: "The 2011, 2016 and 2019 rules, and which contracts are grandfathered.",
  },
  {
    to: href("/selling-fees-associated"),
    title: "Fees of selling",
    body: "Commission, estoppel and closing costs a seller should expect.",
  },
  { to: href("/dvc-firpta"), title: "FIRPTA", body: "Tax withheld at closing when the seller is not a US person." },
  { to: href("/harpta"), title: "HARPTA", body: "Hawaii withholding for Aulani sellers who live outside Hawaii." },
] as const;

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { featured, resorts, asOf } = loaderData;
  const { design } = useShell();
  return (
    <>
      <JsonLd value={loaderData.jsonLd} />
      {design.plane.show ? <PlaneBanner text={design.plane.text} /> : null}
      <Hero resorts={resorts} />
      <section aria-labelledby="basics" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="basics" className="text-2xl font-bold text-slate-900">
          Three things to know before you buy
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {BASICS.map((b) => (
            <li key={b.title} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <b.icon aria-hidden className="size-7 text-sky-800" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{b.title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{b.body}</p>
              <Link
                to={b.link.to}
                className="mt-4 inline-flex items-center gap-1 font-medium text-sky-800 hover:underline"
              >
                {b.link.label}
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section id="featured" aria-labelledby="featured-title" className="scroll-mt-4 bg-white py-12">
        <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-8 px-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div>
            <h2 id="featured-title" className="text-2xl font-bold text-slate-900">
              Featured listings
            </h2>
            <p className="mt-3 text-slate-700">
              Each contract shows the points available in its previous (banked), current and next use year, and what
              those points cost at the asking price per point.
            </p>
            <p className="mt-3 text-slate-700">
              A contract with extra banked points is called <strong>loaded</strong>; one missing its current points is{" "}
              <strong>stripped</strong>. Both change what a contract is worth.
            </p>
            <Link
              to={href("/how-dvc-works")}
              className="mt-4 inline-flex items-center gap-1 font-medium text-sky-800 hover:underline"
            >
              Use years and banking explained
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </div>
          <FeaturedCarousel listings={featured} asOf={asOf} />
        </div>
      </section>
      <QuickFactsStrip />
      <section aria-labelledby="guides" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="guides" className="text-2xl font-bold text-slate-900">
          Guides for buyers and sellers
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {GUIDES.map((g) => (
            <li key={g.to}>
              <Link
                to={g.to}
                className="block h-full rounded-xl border border-slate-200 bg-white p-5 hover:border-sky-700 hover:shadow-md"
              >
                <span className="block font-semibold text-sky-900">{g.title}</span>
                <span className="mt-1 block text-slate-700">{g.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {resorts.length ? (
        <section aria-labelledby="resorts" className="bg-white py-12">
          <div className="mx-auto max-w-7xl px-4">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <h2 id="resorts" className="text-2xl font-bold text-slate-900">
                The resorts
              </h2>
              <Link
                to={href("/resorts")}
                className="inline-flex items-center gap-1 font-medium text-sky-800 hover:underline"
              >
                Compare all resorts and contract end years
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </div>
            <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {resorts.map((r) => (
                <li key={r.slug}>
                  <Link
                    to={href("/resorts/:resort", { resort: r.slug })}
                    className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-100"
                  >
                    <ResortPicture resort={r} className="h-12 w-18 rounded-md ring-1 ring-slate-900/5" />
                    <span>
                      <span className="block font-medium text-slate-900">{r.name}</span>
                      <span className="block text-sm text-slate-700">{r.location}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

type HeroResort = { code: string; name: string };

/**
 * The first screen: what the site is, the scene (a generated SVG, cached like a file: decision 0052) and one path
 * for each audience. Buyers pick a resort and search (a plain GET form: it works without JavaScript); sellers go
 * to listing their contract.
 */
function Hero({ resorts }: { resorts: HeroResort[] }) {
  const { viewer, quickFacts } = useShell();
  const forSale = quickFacts.find((f) => f.key === "available_listings")?.value;
  const sellHref =
    viewer?.role === "seller" ? href("/v2/profile/inventory-for-sale/new") : `${href("/sign-up")}?role=seller`;
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-sky-950 to-sky-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 py-6 sm:gap-8 sm:py-14 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] lg:gap-x-12">
        <div className="lg:col-start-1 lg:row-start-1">
          <p className="font-semibold tracking-wide text-sky-200 uppercase">Disney Vacation Club resale</p>
          <h1
            id="hero-title"
            className="mt-2 text-3xl font-bold tracking-tight sm:mt-3 sm:text-5xl lg:text-[2.75rem] lg:leading-tight"
          >
            Buy DVC points for less. Sell yours to a buyer who knows what they are getting.
          </h1>
          <p className="mt-3 max-w-2xl text-base text-sky-50 sm:mt-5 sm:text-lg">
            Every listing shows the points in each use year, the price per point and the total, and every sale closes
            through a licensed title company's escrow.
          </p>
        </div>
        <img
          src={homeIllustrationHref()}
          alt=""
          width={800}
          height={600}
          fetchPriority="high"
          className="order-last aspect-[16/9] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/15 lg:order-none lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:aspect-[4/3]"
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:col-start-1 lg:row-start-2">
          <form
            method="get"
            action={href("/listings")}
            aria-labelledby="hero-buy"
            className="flex flex-col rounded-xl bg-white p-5 text-slate-900 shadow-lg"
          >
            <h2 id="hero-buy" className="flex items-center gap-2 text-lg font-semibold">
              <Search aria-hidden className="size-5 text-sky-800" />
              Buying points
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {forSale ? `${forSale} contracts for sale, ` : "Contracts for sale, "}each priced per point.
            </p>
            <label htmlFor="hero-resort" className="mt-3 block text-sm font-medium text-slate-800">
              Resort
            </label>
            <select
              id="hero-resort"
              name="resort"
              defaultValue=""
              className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
            >
              <option value="">All resorts</option>
              {resorts.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
            <Button type="submit" className="mt-4">
              Search listings
            </Button>
          </form>
          <div className="flex flex-col rounded-xl bg-white/10 p-5 ring-1 ring-white/25">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Tag aria-hidden className="size-5 text-sky-200" />
              Selling a contract
            </h2>
            <p className="mt-1 flex-1 text-sm text-sky-50">
              List it with its points per use year and your price; we review it, buyers make offers, and the title
              company pays you at closing.
            </p>
            <Link
              style={ON_DARK_FOCUS}
              to={sellHref}
              className="mt-4 inline-flex items-center justify-center rounded-md bg-white px-4 py-2 font-semibold text-sky-950 hover:bg-sky-100"
            >
              List your contract
            </Link>
            <Link
              style={ON_DARK_FOCUS}
              to={href("/selling-fees-associated")}
              className="mt-3 inline-flex items-center justify-center gap-1 text-sm font-medium text-white underline underline-offset-2"
            >
              What selling costs
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function QuickFactsStrip() {
  const { quickFacts } = useShell();
  if (quickFacts.length === 0) return null;
  return (
    <section aria-labelledby="quick-facts" className="bg-slate-900 py-10 text-white">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="quick-facts" className="text-lg font-semibold">
          Quick facts
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
          {quickFacts.map((f) => (
            <li key={f.key}>
              <Link
                style={ON_DARK_FOCUS}
                to={f.link ?? href("/about-us")}
                className="block h-full rounded-lg bg-white/5 p-4 ring-1 ring-white/15 hover:bg-white/10"
              >
                <span className="block text-sm text-slate-300">{f.title}</span>
                <span className="mt-1 block font-semibold">{f.value}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
