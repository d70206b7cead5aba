import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { getServices } from "~/lib/runtime.server";
import { proseClass, RelatedPages } from "~/modules/content/ui/content-blocks";
import { pageMeta } from "~/modules/content/page-meta";
import {
  DUES_UNKNOWN,
  END_YEAR_UNKNOWN,
  formatContractEnd,
  publicDues,
  yearsLeft,
} from "~/modules/resorts/resorts.rules";
import { listResorts } from "~/modules/resorts/resorts.server";
import { duesPerPointText } from "~/modules/resorts/ui/fact-source";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import type { Route } from "./+types/resorts";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "Disney Vacation Club resorts",
    "All 17 Disney Vacation Club resorts: where they are, when their contracts end, how many years are left and the annual dues per point, plus exchange (interval) resorts.",
  );
});

export async function loader() {
  const { db } = await getServices();
  const now = new Date();
  const all = await listResorts(db);
  const describe = (r: (typeof all)[number]) => ({
    code: r.code,
    name: r.name,
    slug: r.slug,
    location: r.location,
    photoPath: r.photoPath,
    summary: r.summary,
    contractEndYear: r.contractEndYear,
    extendedEndYear: r.extendedEndYear,
    // The sources are on each resort's page; the verification flag stays in the admin.
    dues: publicDues(r),
    yearsLeft: yearsLeft(r, now),
    yearsLeftExtended: r.extendedEndYear ? yearsLeft(r, now, { extended: true }) : null,
  });
  return {
    resorts: all.filter((r) => !r.isInterval).map(describe),
    interval: all.filter((r) => r.isInterval).map(describe),
    related: await relatedPageLinks(db, [
      href("/how-dvc-works"),
      href("/resale-restrictions"),
      href("/dvc-annual-dues"),
    ]),
  };
}

type ResortCard = Route.ComponentProps["loaderData"]["resorts"][number];

function ContractEnd({ r }: { r: ResortCard }) {
  if (!r.contractEndYear) return <>{END_YEAR_UNKNOWN}</>;
  return (
    <>
      {formatContractEnd(r.contractEndYear)}
      {r.extendedEndYear ? <>, or {formatContractEnd(r.extendedEndYear)} if extended</> : null}
    </>
  );
}

export default function ResortsPage({ loaderData }: Route.ComponentProps) {
  const { resorts, interval } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-sky-800">Resorts</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Disney Vacation Club resorts
        </h1>
        <p className="mt-4 text-lg leading-8 text-slate-700">
          There are {resorts.length} DVC resorts. Every contract ends on January 31 of its resort's end year, so the
          years left and the dues per point are as important to a contract's value as its price.
        </p>
      </header>

      <h2 className="sr-only">All resorts</h2>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {resorts.map((r) => (
          <li
            key={r.slug}
            className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <ResortPicture resort={r} className="aspect-[16/9] w-full" />
            <div className="flex flex-1 flex-col p-5">
              <h3 className="text-lg font-semibold leading-snug text-slate-900">
                <Link to={href("/resorts/:resort", { resort: r.slug })} className="hover:text-sky-800 hover:underline">
                  {r.name}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                {r.location} · {r.code}
              </p>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="font-medium text-slate-900">Contract ends</dt>
                <dd className="text-slate-700">
                  <ContractEnd r={r} />
                </dd>
                <dt className="font-medium text-slate-900">Years left</dt>
                <dd className="text-slate-700">
                  {r.yearsLeft ?? "–"}
                  {r.yearsLeftExtended != null ? ` (${r.yearsLeftExtended} if extended)` : null}
                </dd>
                <dt className="font-medium text-slate-900">Annual dues</dt>
                <dd className="text-slate-700">{r.dues ? duesPerPointText(r.dues) : DUES_UNKNOWN}</dd>
              </dl>
              <Link
                to={href("/resorts/:resort", { resort: r.slug })}
                className="mt-auto pt-4 text-sm font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950"
                aria-label={`${r.name}: details, booking and restrictions`}
              >
                Details, booking and restrictions
              </Link>
            </div>
          </li>
        ))}
      </ul>

      {interval.length > 0 ? (
        <section aria-labelledby="interval-title" className="mt-12 max-w-3xl">
          <h2 id="interval-title" className="text-2xl font-semibold tracking-tight text-slate-900">
            Beyond the DVC resorts
          </h2>
          {interval.map((r) => (
            <div key={r.slug} className={`${proseClass} mt-2`}>
              <p>
                <strong>{r.name}.</strong> {r.summary}{" "}
                <Link to={href("/resorts/:resort", { resort: r.slug })}>How exchange works</Link>
              </p>
            </div>
          ))}
        </section>
      ) : null}

      <div className="max-w-3xl">
        <RelatedPages path={href("/resorts")} related={loaderData.related} />
      </div>
    </div>
  );
}
