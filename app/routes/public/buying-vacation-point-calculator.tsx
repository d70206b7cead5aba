import { data, href } from "react-router";
import { getServices } from "~/lib/runtime.server";
import { ContentPage, pageMeta, Section } from "~/modules/content/ui/content-page";
import { pointCalculator } from "~/modules/resorts/point-charts.server";
import { PointCalculatorForm, PointCalculatorResult } from "~/modules/resorts/ui/point-calculator";
import type { Route } from "./+types/buying-vacation-point-calculator";
import { withSeo } from "~/modules/seo/seo-meta";
import { relatedPageLinks } from "~/modules/content/pages.server";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "DVC point calculator",
    "How many Disney Vacation Club points a stay takes, night by night, at every resort, room and view, and the contract size to buy for it.",
  );
});

/** GET form: ?resort=&room=&view=&checkIn=&checkOut=. A query that cannot be priced answers 400 with its message. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const params = new URL(request.url).searchParams;
  const raw = Object.fromEntries(
    ["resort", "room", "view", "checkIn", "checkOut"].map((k) => [k, params.get(k) ?? undefined]),
  );
  const page = await pointCalculator(db, raw);
  const related = await relatedPageLinks(db, [href("/how-dvc-works"), href("/resorts"), href("/dvc-annual-dues")]);
  return data({ ...page, related }, { status: page.error ? 400 : 200 });
}

export default function PointCalculatorPage({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <ContentPage
      path={href("/buying-vacation-point-calculator")}
      eyebrow="Buying guide"
      title="DVC point calculator"
      lead="Choose a resort, a room, a view and your dates: we price the stay night by night from the resort's point chart, compare it with the other views and resorts, and tell you the contract size that pays for it every year."
      related={loaderData.related}
    >
      <PointCalculatorForm page={page} error={page.error} />
      {page.result ? (
        <PointCalculatorResult result={page.result} />
      ) : (
        <Section id="method" title="How we count">
          <p>
            A stay is priced night by night. Each night's date falls in one of the resort's seasons (travel periods) for
            that year, and the year's point chart gives the points for the room and view in that season: one figure for
            Sunday to Thursday nights, a higher one for Friday and Saturday nights. Stays that cross seasons or the new
            year are priced with each night's own season and chart. The points charts here cover this year and next.
          </p>
        </Section>
      )}
    </ContentPage>
  );
}
