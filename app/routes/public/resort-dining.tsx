import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { getServices } from "~/lib/runtime.server";
import { proseClass } from "~/modules/content/ui/content-blocks";
import { pageMeta } from "~/modules/content/page-meta";
import { DINING_KIND_LABELS } from "~/modules/resorts/dining";
import { headerOf, resortDiningFor, resortForTab } from "~/modules/resorts/resort-tabs.server";
import { ResortTabsLayout } from "~/modules/resorts/ui/resort-tabs";
import type { Route } from "./+types/resort-dining";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return pageMeta("Resort not found", "We could not find this resort.");
  const r = loaderData.header.resort;
  return pageMeta(
    `Dining at ${r.name} (${r.code})`,
    `The restaurants, quick-service spots and lounges at or next to ${r.name}.`,
  );
});

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getServices();
  const resort = await resortForTab(db, params.resort);
  return { header: headerOf(resort), dining: await resortDiningFor(db, resort.id) };
}

/** /resorts/:resort/dining (issue 31): the resort's dining by kind, as the staff keep it at /admin/resorts/dining. */
export default function ResortDining({ loaderData }: Route.ComponentProps) {
  const { header, dining } = loaderData;
  const r = header.resort;
  return (
    <ResortTabsLayout header={header} tab="dining">
      <section aria-labelledby="dining-title" className={proseClass} data-testid="resort-dining">
        <h2 id="dining-title">Dining at {r.name}</h2>
        {dining.length === 0 ? (
          <p>We have no dining on record for {r.name} yet.</p>
        ) : (
          <>
            <p>
              Restaurants, quick-service spots and lounges at {r.name} or in the hotel it shares. Opening hours, menus
              and prices change: check with the resort before you go.
            </p>
            {dining.map((group) => (
              <section key={group.kind} aria-labelledby={`dining-${group.kind}`}>
                <h3 id={`dining-${group.kind}`}>{DINING_KIND_LABELS[group.kind]}</h3>
                <ul>
                  {group.places.map((p) => (
                    <li key={p.id}>
                      <strong>{p.name}</strong>
                      {p.description ? <>: {p.description}</> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
        <p>
          Owners book dining the same way as other guests; a resale contract's points pay for rooms, not meals.{" "}
          <Link to={href("/resale-restrictions")}>What resale points can and cannot book</Link>.
        </p>
      </section>
    </ResortTabsLayout>
  );
}
