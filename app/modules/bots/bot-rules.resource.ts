import { sql } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";
import { botRules } from "~/db/schema";
import { optionalText, text } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import { blockPatternProblem, DEFAULT_BLOCK_MESSAGE } from "./bots";

export const BOT_ACTIONS = [
  { value: "block", label: "Block (answer 403)" },
  { value: "allow", label: "Allow (overrides block rules)" },
];

export const BotRuleSchema = z.object({
  pattern: text({
    label: "The pattern",
    max: 200,
    required: "Enter a part of the user agent to match, like BadBot.",
  }),
  action: z.enum(["allow", "block"], { error: "Choose whether the rule allows or blocks the agent." }),
  message: optionalText({ label: "The message", max: 300, multiline: true }).transform((v) => v ?? ""),
});

/**
 * /admin/bots/rules (issue 33, decision 0086): the rules server.ts applies to every request's user agent before any
 * page work. A block rule's pattern may not match a common browser (nobody can lock people, or themselves, out).
 */
export default defineResource({
  noun: "bot rule",
  title: "Bot rules",
  description:
    "Rules for automated visitors, by user agent. A pattern without * matches anywhere in the user agent, in any case (BadBot); with *, it is matched against the whole user agent (curl/*). A blocked agent gets a 403 with the message before any page is made; an allow rule wins over block rules for the same agent. Changes apply within seconds on every server.",
  caption: "Bot rules",
  searchLabel: "Search patterns and messages",
  emptyText: "No rules: every user agent may visit.",
  table: botRules,
  id: botRules.id,
  operations: ["create", "update", "delete"],
  schema: BotRuleSchema,
  columns: [
    { key: "pattern", label: "Pattern", value: botRules.pattern, sortable: true, searchable: true, primary: true },
    {
      key: "action",
      label: "Action",
      value: sql<string>`case when ${botRules.action} = 'allow' then 'Allow' else 'Block' end`,
      sortable: true,
      priority: 1,
      filter: {
        kind: "select",
        options: [
          { value: "block", label: "Block" },
          { value: "allow", label: "Allow" },
        ],
        match: botRules.action,
      },
    },
    { key: "message", label: "Message", value: botRules.message, searchable: true, wrap: true, priority: 3 },
    { key: "updated", label: "Changed", value: botRules.updatedAt, format: "datetime", sortable: true, priority: 4 },
  ],
  fields: [
    {
      name: "pattern",
      label: "User agent pattern",
      kind: "text",
      help: "A part of the user agent (BadBot), or a wildcard over the whole of it with * (curl/*).",
    },
    { name: "action", label: "Action", kind: "select", options: BOT_ACTIONS, default: "block" },
    {
      name: "message",
      label: "Message to a blocked agent",
      kind: "textarea",
      rows: 2,
      help: `Optional. Without it: “${DEFAULT_BLOCK_MESSAGE}”`,
    },
  ],
  defaultSort: { key: "pattern", dir: "asc" },
  settingsLink: { href: href("/admin/bots"), label: "User agents seen" },
  titleOf: (row) => String(row.pattern ?? ""),
  validate: (values): Record<string, string[]> => {
    if (values.action !== "block") return {};
    const problem = blockPatternProblem(String(values.pattern ?? ""));
    return problem ? { pattern: [problem] } : {};
  },
  prepare: (cols) => ({ ...cols, updatedAt: new Date() }),
});
