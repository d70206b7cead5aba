import { z } from "zod";
import { blogTopics } from "~/db/schema";
import { optionalText, text } from "~/lib/fields";
import { slugOf } from "~/lib/slug";
import { defineResource } from "~/modules/admin/resource";

export const BlogTopicSchema = z.object({
  name: text({ label: "The name", min: 2, max: 60, required: "Enter the topic's name." }),
  slug: optionalText({ label: "The address part", max: 60, empty: null }).refine(
    (v) => v === null || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v),
    "The address part is lowercase letters, digits and dashes, like “closing-and-rofr”.",
  ),
  description: optionalText({ label: "The description", max: 300, multiline: true, empty: null }),
});

/** /admin/blogs-topics (SPEC section 2): the topics a post is filed under; /blogs filters by them. */
export default defineResource({
  noun: "topic",
  title: "Blog topics",
  description:
    "The topics posts are filed under. Visitors filter the blog by topic; a topic with posts cannot be deleted.",
  table: blogTopics,
  id: blogTopics.id,
  operations: ["create", "update", "delete", "import", "export"],
  schema: BlogTopicSchema,
  columns: [
    { key: "name", label: "Name", value: blogTopics.name, primary: true, sortable: true, searchable: true },
    { key: "slug", label: "Address part", value: blogTopics.slug, searchable: true },
    { key: "description", label: "Description", value: blogTopics.description, wrap: true, priority: 3 },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text" },
    {
      name: "slug",
      label: "Address part",
      kind: "text",
      help: "The topic's part of /blogs?topic=…; left empty, it is made from the name.",
    },
    { name: "description", label: "Description", kind: "textarea", rows: 2 },
  ],
  importKey: ["name"],
  defaultSort: { key: "name", dir: "asc" },
  titleOf: (row) => String(row.name ?? ""),
  prepare: (cols) => ({ ...cols, slug: cols.slug ?? slugOf(String(cols.name ?? ""), "topic") }),
});
