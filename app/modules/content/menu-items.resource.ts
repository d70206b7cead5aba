import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { menuItems } from "~/db/schema";
import { optionalId, optionalText, text } from "~/lib/fields";
import { defineResource, type ResourceDeclaration } from "~/modules/admin/resource";
import { isMenuHref } from "./menus";

/**
 * The header's or the footer's menus over `menu_items` (/admin/left-menu-settings, /admin/right-menu-settings): each
 * item in its menu, children under a top-level item (decision 0065), in the order the public shell shows them.
 */
export function menuItemsResource(o: {
  title: string;
  description: string;
  menus: readonly { value: string; label: string }[];
}): ResourceDeclaration {
  const names = o.menus.map((m) => m.value);
  const schema = z.object({
    menu: z.enum(names as [string, ...string[]], { error: "Choose the menu this item is in." }),
    label: text({
      label: "The label",
      max: 80,
      required: "Enter the label.",
      tooLong: "The label is at most 80 characters.",
    }),
    href: text({
      label: "The link",
      max: 300,
      required: "Enter the link.",
      tooLong: "The link is at most 300 characters.",
    }).refine(isMenuHref, "The link must be a path on this site (like /about-us) or an https:// address."),
    description: optionalText({
      label: "The description",
      max: 200,
      empty: null,
      tooLong: "The description is at most 200 characters.",
    }),
    parentId: optionalId("Choose a parent from the list.").transform((v) => v ?? null),
    visible: z.boolean(),
  });
  return defineResource({
    noun: "menu item",
    title: o.title,
    description: o.description,
    caption: `${o.title}: items in menu order`,
    searchLabel: "Search menu items",
    emptyText: "No menu items yet.",
    table: menuItems,
    id: menuItems.id,
    operations: ["create", "update", "delete", "order", "export"],
    schema,
    scope: () => inArray(menuItems.menu, names),
    orderColumn: menuItems.sortOrder,
    parentColumn: menuItems.parentId,
    groupColumn: menuItems.menu,
    maxDepth: 2,
    pageSize: 100,
    columns: [
      {
        key: "label",
        label: "Label",
        value: menuItems.label,
        primary: true,
        searchable: true,
        wrap: true,
        priority: 1,
      },
      {
        key: "menu",
        label: "Menu",
        // The menu's name as the site shows it ("Quick facts", not quick_facts).
        value: sql<string>`case ${menuItems.menu} ${sql.join(
          o.menus.map((m) => sql`when ${m.value} then ${m.label}`),
          sql` `,
        )} else ${menuItems.menu} end`,
        priority: 1,
        filter: { kind: "select", options: [...o.menus], match: menuItems.menu },
      },
      { key: "href", label: "Link", value: menuItems.href, searchable: true, priority: 2 },
      {
        key: "visible",
        label: "On the site",
        value: menuItems.visible,
        format: "boolean",
        booleanLabels: ["Shown", "Hidden"],
        priority: 3,
      },
      { key: "description", label: "Description", value: menuItems.description, optional: true },
      { key: "position", label: "Order", value: menuItems.sortOrder, format: "number", sortable: true, hidden: true },
    ],
    fields: [
      { name: "menu", label: "Menu", kind: "select", options: [...o.menus] },
      { name: "label", label: "Label", kind: "text" },
      {
        name: "href",
        label: "Link",
        kind: "text",
        help: "A path on this site, like /about-us, or an https:// address.",
      },
      {
        name: "description",
        label: "Description",
        kind: "textarea",
        help: "Shown under the label in the header's menus.",
      },
      {
        name: "parentId",
        label: "Parent",
        kind: "relation",
        column: menuItems.parentId,
        help: "None keeps the item at the top of its menu; a parent must be a top-level item of the same menu.",
      },
      { name: "visible", label: "Shown on the site", kind: "checkbox", default: true },
    ],
    defaultSort: { key: "position", dir: "asc" },
    titleOf: (r) => String(r.label),
  });
}
