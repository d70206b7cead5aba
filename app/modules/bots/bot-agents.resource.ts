import { sql } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";
import { botAgentDays } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { blockPatternProblem, decide, NO_USER_AGENT } from "./bots";
import { selectBotRules } from "./bots.queries.server";
import { blockSeenAgent } from "./bots.server";

/** "Googlebot (verified)", "Claims to be Googlebot (unverified)", "Claims to be Googlebot (not checked yet)", or "". */
const crawlerLabel = sql<string>`case
  when ${botAgentDays.crawler} is null then ''
  when ${botAgentDays.verified} then ${botAgentDays.crawler} || ' (verified)'
  when ${botAgentDays.verified} is null then 'Claims to be ' || ${botAgentDays.crawler} || ' (not checked yet)'
  else 'Claims to be ' || ${botAgentDays.crawler} || ' (unverified)' end`;

/**
 * /admin/bots (issue 33, decision 0086): the user agents that reached the site, a row per agent and UTC day with its
 * count (pages and calls; build files, icons and uploads are not counted). A user agent claiming a known crawler is
 * checked by reverse DNS, else against the crawler's published address ranges. A row's Block button writes a block rule
 * for its agent; the rules are at /admin/bots/rules.
 */
export default defineResource({
  noun: "user agent",
  title: "Bots and user agents",
  description:
    "The user agents that reached the site, counted per day (UTC; pages and calls, not images or build files). A user agent that names a known crawler is checked: verified when its address belongs to that crawler (reverse DNS, else the crawler's published ranges), unverified when it does not. Block an agent with its row's Block button, or write allow and block rules under Bot rules.",
  caption: "User agents seen, per day",
  searchLabel: "Search user agents",
  emptyText: "No requests counted yet.",
  table: botAgentDays,
  id: botAgentDays.id,
  operations: ["export"],
  schema: z.object({}),
  columns: [
    { key: "day", label: "Day (UTC)", value: botAgentDays.day, format: "date", sortable: true, sortFirst: "desc" },
    {
      key: "agent",
      label: "User agent",
      value: botAgentDays.userAgent,
      searchable: true,
      sortable: true,
      wrap: true,
      priority: 1,
    },
    {
      key: "hits",
      label: "Requests",
      value: botAgentDays.hits,
      format: "number",
      sortable: true,
      sortFirst: "desc",
      priority: 1,
    },
    {
      key: "crawler",
      label: "Crawler",
      value: crawlerLabel,
      priority: 2,
      filter: {
        kind: "select",
        options: [
          { value: "verified", label: "Verified crawlers" },
          { value: "unverified", label: "Unverified claims" },
          { value: "none", label: "Not a known crawler" },
        ],
        match: sql`case when ${botAgentDays.crawler} is null then 'none' when ${botAgentDays.verified} then 'verified' else 'unverified' end`,
      },
    },
    { key: "rule", label: "Rule", value: sql<string>`''`, priority: 2 },
    { key: "address", label: "Last address", value: botAgentDays.lastAddress, searchable: true, priority: 4 },
    {
      key: "seen",
      label: "Last seen",
      value: botAgentDays.lastSeenAt,
      format: "datetime",
      sortable: true,
      optional: true,
    },
    { key: "ua", label: "User agent (rules)", value: botAgentDays.userAgent, hidden: true },
  ],
  fields: [],
  defaultSort: { key: "hits", dir: "desc" },
  pageSize: 50,
  settingsLink: { href: href("/admin/bots/rules"), label: "Bot rules" },
  titleOf: (row) => String(row.agent ?? ""),
  // What the rules do with each agent now (the same decision server.ts takes).
  computed: async (rows, { db }) => {
    const rules = await selectBotRules(db);
    for (const r of rows) {
      const ua = String(r.ua ?? "");
      const decision = decide(rules, ua === "(none)" ? "" : ua);
      const allowed =
        !decision.blocked &&
        rules.some((rule) => rule.action === "allow" && decide([{ ...rule, action: "block" }], ua).blocked);
      r.rule = decision.blocked
        ? `Blocked (“${decision.rule.pattern}”)`
        : allowed
          ? "Allowed by a rule"
          : ua !== NO_USER_AGENT && blockPatternProblem(ua)
            ? "A browser's agent: no rule may block it"
            : "";
    }
  },
  rowActions: [
    {
      intent: "block-agent",
      label: "Block",
      done: "blocked",
      accessibleLabel: (r) => `Block the user agent ${String(r.agent ?? "")}`,
      // Only an agent no rule covers yet, and not a browser's (the list says which).
      when: (r) => r.ua !== NO_USER_AGENT && !r.rule,
      confirm: (r) =>
        `Block “${String(r.agent ?? "")}”: from now on it gets a 403 with the default message on every page and call. The rule can be changed or removed under Bot rules.`,
      run: ({ tx, row }) => blockSeenAgent(tx, String(row.ua ?? "")),
    },
  ],
});
