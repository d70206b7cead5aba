import { getServices } from "~/lib/runtime.server";
import { authenticateApiRequest } from "~/modules/api-keys/api-keys.server";
import { parseResaleSearch } from "~/modules/listings/search.schema";
import { searchListings } from "~/modules/listings/search.server";
import type { Route } from "./+types/v1-listings";

/**
 * GET /api/v1/listings (issue 33; docs/api.md): the active resale listings for a partner with an API key that may
 * read listings: `{ data, meta, lastModified }` as the public search answers it, 60 a page, `?page=N`. Refusals:
 * 401 (no, unknown or revoked key), 403 (no scope), 429 (over the key's limit), 400 (a bad page).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const auth = await authenticateApiRequest(db, request, "listings:read");
  if (auth instanceof Response) return auth;
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  const parsed = parseResaleSearch({ page });
  if (!parsed.success) {
    await auth.log(400);
    return Response.json({ error: parsed.error, fields: parsed.fields }, { status: 400 });
  }
  const result = await searchListings(db, parsed.data);
  await auth.log(200);
  return Response.json(result, { headers: { "cache-control": "private, no-store" } });
}
