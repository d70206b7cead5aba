import { href, redirect } from "react-router";
import { requireAbility } from "~/auth/session.server";
import type { Route } from "./+types/point-chart-ranges";

/**
 * /admin/vacation-point-calculator/ranges (SPEC admin menu): the date ranges are edited with their season and resort
 * on one screen, season-ranges (decision 0073, a spec deviation); the SPEC's address leads there, query kept.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAbility(request, "read", "PointChart");
  const { search } = new URL(request.url);
  return redirect(`${href("/admin/vacation-point-calculator/season-ranges")}${search}`, 301);
}
