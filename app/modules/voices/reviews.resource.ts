import { sql } from "drizzle-orm";
import { z } from "zod";
import { reviews } from "~/db/schema";
import { int, text } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import { reviewsProviderFrom, syncReviews } from "./reviews.server";

const SOURCES = [
  { value: "manual", label: "Entered by hand" },
  { value: "google", label: "Fetched from Google" },
  { value: "demo", label: "Demo data" },
];

/**
 * /admin/google-reviews (SPEC section 2, section 3 "Review"): the reviews behind the badge and the reviews sidebar.
 * Entered by hand, imported from CSV (the engine's importer, with its dry run), or fetched by the provider adapter
 * when REVIEWS_PROVIDER_URL is set (docs/reviews-provider.md).
 */
export default defineResource({
  noun: "review",
  title: "Google reviews",
  description:
    "The reviews shown in the reviews badge and sidebar of every public page. Enter a review by hand or import a CSV with the columns Author, Stars, Review and Date (YYYY-MM-DD). Copy reviews word for word from where they were posted.",
  caption: "Reviews, newest first",
  searchLabel: "Search by author or text",
  emptyText: "No reviews yet.",
  table: reviews,
  id: reviews.id,
  operations: ["create", "update", "delete", "import", "export"],
  schema: z.object({
    author: text({ label: "The author", max: 120 }),
    star: int({ min: 1, max: 5, message: "Enter the stars as a whole number from 1 to 5." }),
    review: text({ label: "The review", max: 5000, multiline: true }),
    reviewDate: z
      .string({ error: "Enter the review's date as YYYY-MM-DD." })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the review's date as YYYY-MM-DD.")
      .refine(
        (v) => !Number.isNaN(Date.parse(v)) && v <= new Date().toISOString().slice(0, 10),
        "Enter a real date, not in the future.",
      ),
  }),
  columns: [
    { key: "author", label: "Author", value: reviews.author, primary: true, searchable: true, priority: 1 },
    { key: "star", label: "Stars", value: reviews.star, format: "number", sortable: true, priority: 1 },
    { key: "review", label: "Review", value: reviews.review, searchable: true, wrap: true, priority: 2 },
    { key: "reviewDate", label: "Date", value: reviews.reviewDate, format: "date", sortable: true, priority: 2 },
    {
      key: "source",
      label: "Source",
      value: sql<string>`case ${reviews.source} ${sql.join(
        SOURCES.map((o) => sql`when ${o.value} then ${o.label}`),
        sql` `,
      )} else ${reviews.source} end`,
      priority: 3,
      filter: { kind: "select", options: SOURCES, match: reviews.source },
    },
  ],
  fields: [
    { name: "author", label: "Author", kind: "text", help: "As the review site shows it." },
    { name: "star", label: "Stars", kind: "number", step: 1, default: "5", help: "A whole number from 1 to 5." },
    { name: "review", label: "Review", kind: "textarea" },
    { name: "reviewDate", label: "Date", kind: "date", help: "The day the review was posted." },
  ],
  csvFields: ["author", "star", "review", "reviewDate"],
  defaultSort: { key: "reviewDate", dir: "desc" },
  titleOf: (row) => `${row.author} (${row.reviewDate})`,
  toolbarActions: [
    {
      intent: "fetch",
      title: "Fetch reviews from the provider",
      button: "Fetch reviews now",
      help: "Adds the provider's reviews that are not here yet (set REVIEWS_PROVIDER_URL to connect one; see docs/reviews-provider.md).",
      ability: "create",
      fields: [],
      service: async ({ services }) => {
        const provider = reviewsProviderFrom(process.env);
        if (provider.name === "local")
          return "No review provider is connected (REVIEWS_PROVIDER_URL is not set): enter reviews by hand or import a CSV.";
        const out = await syncReviews(services, provider);
        if ("error" in out) return `The provider could not be read: ${out.error}`;
        return `Fetched ${out.fetched} reviews from ${provider.name}; ${out.added} were new.`;
      },
    },
  ],
  prepare: (cols, { existing }) => (existing ? cols : { ...cols, source: cols.source ?? "manual" }),
});
