import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { searchSite } from "~/modules/search/search.server";
import type { Route } from "./+types/dvc-search";

/**
 * dvc.search/{term} (SPEC section 7): GET `/api/dvc/search/<term>` answers `{ term, total, groups, pages }`: the
 * hits of every source (decision 0082), `pages` best first, `groups` by kind with each kind's count. Titles and
 * excerpts are HTML whose only tags are `<mark>`. A term with fewer than two letters or digits, or over 100
 * characters, is a 400 `{ success: false, error }` and runs no query.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getServices();
  try {
    const answer = await searchSite(db, { term: params.term ?? "" });
    return Response.json(answer, { headers: { "cache-control": "public, max-age=60" } });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return Response.json({ success: false, error: err.message, fields: err.fields ?? {} }, { status: err.status });
  }
}
