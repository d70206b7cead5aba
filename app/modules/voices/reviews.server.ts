import { logger } from "~/lib/logger.server";
import type { Services } from "~/lib/runtime.server";
import { insertFetchedReviews, selectLatestReviews, selectReviewSummary } from "./voices.queries.server";

/** The reviews badge and sidebar (SPEC "Other shell elements"): average (1 decimal when shown), count, newest few. */
export async function getReviewsWidget(deps: Pick<Services, "db">) {
  const [summary, latest] = await Promise.all([selectReviewSummary(deps.db), selectLatestReviews(deps.db, 6)]);
  return { average: summary.average, total: summary.total, latest };
}
export type ReviewsWidget = Awaited<ReturnType<typeof getReviewsWidget>>;

/** One review as a provider gives it. */
export type FetchedReview = { externalId: string; author: string; star: number; review: string; reviewDate: string };

/**
 * Where reviews come from besides the admin's hand and CSV (decision 0081): an adapter with one method. The local
 * adapter fetches nothing; the HTTP adapter reads a provider's JSON API (REVIEWS_PROVIDER_URL, with
 * REVIEWS_PROVIDER_KEY as a bearer token).
 */
export type ReviewsProvider = { name: string; fetchReviews(): Promise<FetchedReview[]> };

export const localReviewsProvider: ReviewsProvider = { name: "local", fetchReviews: async () => [] };

/**
 * A provider that answers `GET <url>` with `{ "reviews": [{ "id", "author", "rating", "text", "date" }] }` (the shape
 * of Google's Places reviews and of most review services' exports). Bad entries are skipped and logged.
 */
export function httpReviewsProvider(opts: {
  url: string;
  key?: string;
  name?: string;
  fetchImpl?: typeof fetch;
}): ReviewsProvider {
  const name = opts.name ?? "google";
  return {
    name,
    async fetchReviews() {
      const res = await (opts.fetchImpl ?? fetch)(opts.url, {
        headers: { accept: "application/json", ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}) },
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`The reviews provider answered ${res.status}.`);
      const body = (await res.json()) as { reviews?: unknown };
      if (!Array.isArray(body.reviews)) throw new Error("The reviews provider's answer has no reviews list.");
      const out: FetchedReview[] = [];
      for (const r of body.reviews as Record<string, unknown>[]) {
        const star = Number(r.rating);
        const date = String(r.date ?? "").slice(0, 10);
        if (
          !r.id ||
          typeof r.author !== "string" ||
          !Number.isInteger(star) ||
          star < 1 ||
          star > 5 ||
          !/^\d{4}-\d{2}-\d{2}$/.test(date)
        ) {
          logger.warn({ provider: name, id: r.id }, "a fetched review was skipped: missing or bad fields");
          continue;
        }
        out.push({
          externalId: String(r.id).slice(0, 200),
          author: r.author.trim().slice(0, 120) || "A customer",
          star,
          review: String(r.text ?? "")
            .trim()
            .slice(0, 5000),
          reviewDate: date,
        });
      }
      return out;
    },
  };
}

/** The configured provider: the HTTP one when REVIEWS_PROVIDER_URL is set, else the local one. */
export function reviewsProviderFrom(env: Record<string, string | undefined>): ReviewsProvider {
  const url = env.REVIEWS_PROVIDER_URL;
  if (!url) return localReviewsProvider;
  return httpReviewsProvider({ url, key: env.REVIEWS_PROVIDER_KEY, name: env.REVIEWS_PROVIDER_NAME || "google" });
}

/** Fetches from the provider and stores the reviews not stored yet; a failure is only logged (SPEC section 8). */
export async function syncReviews(deps: Pick<Services, "db">, provider: ReviewsProvider) {
  try {
    const fetched = await provider.fetchReviews();
    const added = await insertFetchedReviews(
      deps.db,
      fetched.map((r) => ({ ...r, source: provider.name })),
    );
    return { fetched: fetched.length, added };
  } catch (err) {
    logger.warn({ err, provider: provider.name }, "review fetch failed");
    return { fetched: 0, added: 0, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Where "Write a review" leads: REVIEWS_WRITE_URL (the business's review page), else a Google search for it. */
export function writeReviewUrl(env: Record<string, string | undefined>) {
  const url = env.REVIEWS_WRITE_URL;
  if (url && /^https:\/\//.test(url)) return url;
  return "https://www.google.com/search?q=Vacation+Points+Market+reviews";
}
