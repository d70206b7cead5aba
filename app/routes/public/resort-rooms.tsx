import { Link } from "~/components/ui/link";
import { getServices } from "~/lib/runtime.server";
import { proseClass } from "~/modules/content/ui/content-blocks";
import { pageMeta } from "~/modules/content/page-meta";
import { headerOf, resortForTab, resortRoomsFor } from "~/modules/resorts/resort-tabs.server";
import { pointCalculatorHref } from "~/modules/resorts/resort-tab-links";
import { ResortTabsLayout } from "~/modules/resorts/ui/resort-tabs";
import type { Route } from "./+types/resort-rooms";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return pageMeta("Resort not found", "We could not find this resort.");
  const r = loaderData.header.resort;
  return pageMeta(
    `Rooms at ${r.name} (${r.code})`,
    `The room types at ${r.name}, how many guests each sleeps, and how many points a stay in each takes.`,
  );
});

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getServices();
  const resort = await resortForTab(db, params.resort);
  const { rooms } = await resortRoomsFor(db, resort.id);
  return { header: headerOf(resort), rooms };
}

/** /resorts/:resort/rooms (issue 31): the resort's room types, each opening the point calculator for that room. */
export default function ResortRooms({ loaderData }: Route.ComponentProps) {
  const { header, rooms } = loaderData;
  const r = header.resort;
  return (
    <ResortTabsLayout header={header} tab="rooms">
      <section aria-labelledby="rooms-title" className={proseClass}>
        <h2 id="rooms-title">Rooms at {r.name}</h2>
        {rooms.length === 0 ? (
          <p>No room types are on record for {r.name} yet.</p>
        ) : (
          <>
            <p>
              The room types of {r.name}'s point chart. Points per night depend on the room, its view, the season and
              whether the night is a weekday or a weekend: open the point calculator for a room to price a stay.
            </p>
            <ul className="mt-6! grid list-none! gap-3 pl-0! sm:grid-cols-2" data-testid="resort-rooms">
              {rooms.map((room) => (
                <li key={room.slug} className="mt-0! rounded-lg border border-slate-200 bg-white p-4">
                  <h3 className="mt-0!">{room.name}</h3>
                  <p className="mt-1! text-sm">
                    Sleeps {room.sleeps}
                    {room.sqft ? ` · ${room.sqft}` : null}
                    {room.views.length ? ` · views: ${room.views.map((v) => v.name).join(", ")}` : null}
                  </p>
                  <p className="mt-3! text-sm">
                    <Link to={pointCalculatorHref(r.slug, room.slug)}>
                      Points for a {room.name.toLowerCase()} stay<span className="sr-only"> at {r.name}</span>
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </ResortTabsLayout>
  );
}
