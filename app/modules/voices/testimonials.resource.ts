import { sql } from "drizzle-orm";
import { z } from "zod";
import { testimonials } from "~/db/schema";
import { int, text } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import { moderateTestimonial } from "./testimonials.server";
import { RATING_STEPS } from "./voices.schema";

export const TESTIMONIAL_STATUSES = [
  { value: "pending", label: "Waiting for approval" },
  { value: "approved", label: "Published" },
  { value: "hidden", label: "Hidden" },
];

const RATING_OPTIONS = RATING_STEPS.map((s) => ({
  value: String(s * 2),
  label: `${s === 0.5 ? "Half a star" : `${s} star${s === 1 ? "" : "s"}`}`,
}));

/**
 * /admin/testimonials (SPEC section 2): what customers wrote in the feedback tab, and testimonials the staff enter
 * from letters and calls. Nothing is public until approved; a published testimonial can be hidden again.
 */
export default defineResource({
  noun: "testimonial",
  title: "Testimonials",
  description:
    "What customers say about buying and selling with us. Feedback from the site's feedback tab waits here until you approve it; only published testimonials show on /testimonials. Rows marked Demo are examples from the demo data.",
  caption: "Testimonials, newest first",
  searchLabel: "Search by name or text",
  emptyText: "No testimonials yet.",
  table: testimonials,
  id: testimonials.id,
  operations: ["create", "update", "delete", "export"],
  schema: z.object({
    authorName: text({ label: "The name shown", max: 80 }),
    ratingHalves: int({ min: 1, max: 10, message: "Choose a rating from half a star to five stars." }),
    comments: text({ label: "The testimonial", max: 2000, multiline: true }),
  }),
  columns: [
    { key: "authorName", label: "Name", value: testimonials.authorName, primary: true, searchable: true, priority: 1 },
    {
      key: "status",
      label: "Status",
      value: sql<string>`case ${testimonials.status} ${sql.join(
        TESTIMONIAL_STATUSES.map((s) => sql`when ${s.value} then ${s.label}`),
        sql` `,
      )} else ${testimonials.status} end`,
      sortable: true,
      priority: 1,
      filter: { kind: "select", tabs: true, options: TESTIMONIAL_STATUSES, match: testimonials.status },
    },
    {
      key: "rating",
      label: "Stars",
      value: sql<string>`round(${testimonials.ratingHalves}::numeric / 2, 1)::text`,
      sortable: true,
      priority: 2,
    },
    { key: "comments", label: "Testimonial", value: testimonials.comments, searchable: true, wrap: true, priority: 2 },
    {
      key: "demo",
      label: "Demo",
      value: testimonials.demo,
      format: "boolean",
      booleanLabels: ["Demo", "Real"],
      priority: 3,
    },
    {
      key: "createdAt",
      label: "Received (Eastern)",
      value: testimonials.createdAt,
      format: "datetime",
      sortable: true,
      priority: 3,
    },
    { key: "pending", label: "Pending", value: sql<boolean>`${testimonials.status} <> 'approved'`, hidden: true },
    { key: "published", label: "Published", value: sql<boolean>`${testimonials.status} = 'approved'`, hidden: true },
  ],
  fields: [
    {
      name: "authorName",
      label: "Name shown",
      kind: "text",
      help: "As it appears under the testimonial, e.g. “Maria G., Orlando”.",
    },
    { name: "ratingHalves", label: "Rating", kind: "select", options: RATING_OPTIONS, default: "10" },
    {
      name: "comments",
      label: "Testimonial",
      kind: "textarea",
      help: "The customer's words, unchanged except for spelling.",
    },
  ],
  defaultSort: { key: "createdAt", dir: "desc" },
  titleOf: (row) => String(row.authorName),
  rowActions: [
    {
      intent: "approve",
      label: "Approve",
      when: "pending",
      accessibleLabel: (r) => `Approve the testimonial of ${r.authorName}`,
      service: async ({ services, id }) => {
        const row = await moderateTestimonial(services, Number(id), "approve");
        return `The testimonial of ${row.authorName} is published on /testimonials.`;
      },
    },
    {
      intent: "hide",
      label: "Hide",
      when: "published",
      accessibleLabel: (r) => `Hide the testimonial of ${r.authorName}`,
      service: async ({ services, id }) => {
        const row = await moderateTestimonial(services, Number(id), "hide");
        return `The testimonial of ${row.authorName} is hidden from /testimonials.`;
      },
    },
  ],
});
