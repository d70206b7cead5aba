import { sql } from "drizzle-orm";
import { z } from "zod";
import { faqs, pageRelatedFaqs, pages } from "~/db/schema";
import { idList, text } from "~/lib/fields";
import { richTextLength } from "~/lib/rich-text.server";
import { defineResource, type JoinTable, type Relation, relationNames } from "~/modules/admin/resource";

export const FAQ_AUDIENCES = [
  { value: "buyer", label: "Buyers" },
  { value: "seller", label: "Sellers" },
];

const PAGES: Relation = { table: pages, value: pages.id, label: pages.title };
const FAQ_PAGES: JoinTable = { table: pageRelatedFaqs, from: pageRelatedFaqs.faqId, to: pageRelatedFaqs.pageId };

export const FaqSchema = z.object({
  question: text({ label: "The question", min: 5, max: 200, required: "Enter the question." }),
  answer: z
    .string({ error: "Write the answer." })
    .min(1, "Write the answer.")
    .max(50_000, "The answer is too long.")
    .refine((v) => richTextLength(v) <= 5_000, "The answer is at most 5,000 characters."),
  audience: z.enum(["buyer", "seller"], { error: "Choose whether the question is a buyer's or a seller's." }),
  published: z.boolean(),
  pageIds: idList("Choose the pages from the list.", 40),
});

/**
 * /admin/related-faqs (SPEC admin menu; section 3 "FAQ"; issue 32, decision 0078): the buyers' and sellers'
 * questions, in order within each audience, and the pages each is shown beside. Administrators only (subject `Faq`).
 */
export default defineResource({
  noun: "question",
  title: "Related FAQs",
  description:
    "The questions buyers and sellers ask, with their answers, in the order they are shown, and the pages each one is shown beside.",
  caption: "FAQs and the pages they are shown beside",
  searchLabel: "Search questions, answers or pages",
  emptyText: "No questions yet.",
  table: faqs,
  id: faqs.id,
  operations: ["create", "update", "delete", "order", "export"],
  schema: FaqSchema,
  orderColumn: faqs.sortOrder,
  groupColumn: faqs.audience,
  revisions: true,
  columns: [
    {
      key: "question",
      label: "Question",
      value: faqs.question,
      primary: true,
      searchable: true,
      wrap: true,
      priority: 1,
    },
    {
      key: "audience",
      label: "For",
      value: sql<string>`case ${faqs.audience} when 'buyer' then 'Buyers' else 'Sellers' end`,
      priority: 1,
      filter: { kind: "select", tabs: true, options: FAQ_AUDIENCES, match: faqs.audience },
    },
    {
      key: "pages",
      label: "Shown beside",
      value: relationNames(faqs.id, PAGES, FAQ_PAGES),
      searchable: true,
      wrap: true,
      priority: 2,
    },
    {
      key: "published",
      label: "Status",
      value: faqs.published,
      format: "boolean",
      booleanLabels: ["Published", "Draft"],
      priority: 2,
    },
    { key: "position", label: "Order", value: faqs.sortOrder, sortable: true, hidden: true },
    { key: "answer", label: "Answer", value: faqs.answer, format: "html", searchable: true, hidden: true },
  ],
  fields: [
    { name: "question", label: "Question", kind: "text" },
    { name: "answer", label: "Answer", kind: "richtext" },
    { name: "audience", label: "For", kind: "select", options: FAQ_AUDIENCES, default: "buyer" },
    { name: "published", label: "Published", kind: "checkbox", default: true },
    {
      name: "pageIds",
      label: "Shown beside these pages",
      kind: "relations",
      relation: PAGES,
      through: FAQ_PAGES,
      help: "The question shows beside each ticked page, and in its tool menu's questions.",
    },
  ],
  defaultSort: { key: "position", dir: "asc" },
  titleOf: (row) => String(row.question ?? ""),
  prepare: (cols) => ({ ...cols, updatedAt: new Date() }),
});
