import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { parseResaleSearch } from "~/modules/listings/search.schema";
import { getFilterBounds, searchListings } from "~/modules/listings/search.server";
import { parseRentalSearch } from "~/modules/rentals/rentals.schema";
import { getRentalFilters, searchRentals } from "~/modules/rentals/rentals.server";
import type { Route } from "./+types/dvc-broker-listings";

/**
 * dvc-broker-listings.store (SPEC section 7): POST a JSON filter object plus page (and withFilters) and get
 * { data, meta, lastModified } (plus `filters` with the bounds when withFilters is true). With `type: 1` the
 * same call searches rentals and always answers `filters` too (ranges, resorts, brokers, rooms).
 * Bad input: 400 { error, fields }.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await request
    .text()
    .then((t) => (t.trim() === "" ? {} : JSON.parse(t)))
    .catch(() => undefined);
  if (body === undefined) return Response.json({ error: "The body must be JSON.", fields: {} }, { status: 400 });
  const type = typeof body === "object" && body !== null && !Array.isArray(body) ? body.type : undefined;
  if (type === 1 || type === "1") return rentals(body);
  if (type !== undefined && type !== null && type !== 0 && type !== "0") {
    const message = "Type must be 0 (resale listings) or 1 (rentals).";
    return Response.json({ error: message, fields: { type: [message] } }, { status: 400 });
  }
  const parsed = parseResaleSearch(body);
  if (!parsed.success) return Response.json({ error: parsed.error, fields: parsed.fields }, { status: 400 });
  const { db } = await getServices();
  try {
    const result = await searchListings(db, parsed.data);
    const filters = parsed.data.withFilters ? { filters: await getFilterBounds(db) } : {};
    return Response.json({ ...result, ...filters });
  } catch (e) {
    if (isAppError(e)) return Response.json({ error: e.message, fields: e.fields ?? {} }, { status: e.status });
    throw e;
  }
}

/** The rental branch (type 1): { data, meta, lastModified, filters }. */
async function rentals(body: Record<string, unknown>) {
  const parsed = parseRentalSearch(body);
  if (!parsed.success) return Response.json({ error: parsed.error, fields: parsed.fields }, { status: 400 });
  const { db } = await getServices();
  try {
    const result = await searchRentals(db, parsed.data);
    return Response.json({ ...result, filters: await getRentalFilters(db) });
  } catch (e) {
    if (isAppError(e)) return Response.json({ error: e.message, fields: e.fields ?? {} }, { status: e.status });
    throw e;
  }
}

export async function loader() {
  return methodNotAllowed();
}

function methodNotAllowed() {
  return Response.json(
    { error: 'Use POST with a JSON body of filters, for example { "page": 1 }.' },
    { status: 405, headers: { allow: "POST" } },
  );
}
