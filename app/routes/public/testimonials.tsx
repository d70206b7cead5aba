import { href } from "react-router";
import { Pager } from "~/components/ui/pager";
import { plural } from "~/lib/format";
import { formatDateEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { PAGE_WIDTH } from "~/components/shell/page-width";
import { listPublicTestimonials } from "~/modules/voices/testimonials.server";
import { Stars } from "~/modules/voices/ui/stars";
import type { Route } from "./+types/testimonials";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "Testimonials from buyers and sellers",
    "What buyers and sellers of resale Disney Vacation Club contracts say about working with Vacation Points Market, in their own words.",
  );
});

/** /testimonials (SPEC section 2): the approved testimonials, newest first, twelve a page (`?page=`). */
export async function loader({ request }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return listPublicTestimonials(await getServices(), page);
}

export default function TestimonialsPage({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages } = loaderData;
  return (
    <article className={PAGE_WIDTH.list}>
      <header className="border-b border-slate-200 pb-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-sky-800">Testimonials</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          What our buyers and sellers say
        </h1>
        <p className="mt-4 text-lg leading-8 text-slate-700">
          Members who bought or sold a resale contract with us wrote these after closing. We publish each one as
          written, after checking it comes from a real customer.
          {total ? ` ${plural(total, "testimonial")} so far.` : ""}
        </p>
      </header>
      {rows.length === 0 ? (
        <p className="mt-8 text-slate-700">No testimonials are published yet.</p>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {rows.map((t) => (
            <li key={t.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <figure>
                <Stars halves={t.ratingHalves} />
                <blockquote className="mt-3 whitespace-pre-line text-slate-800">
                  {t.comments || "Gave a rating without comments."}
                </blockquote>
                <figcaption className="mt-4 text-sm text-slate-600">
                  <span className="font-semibold text-slate-900">{t.authorName}</span>
                  {" · "}
                  {formatDateEastern(t.approvedAt ?? t.createdAt)}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        totalPages={pages}
        label="Testimonial pages"
        hrefFor={(p) => (p === 1 ? href("/testimonials") : `${href("/testimonials")}?page=${p}`)}
      />
    </article>
  );
}
