import { and, eq, gte, lt, sql } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";
import { activityJournal } from "~/db/schema";
import { defineResource, type ResourceColumn } from "~/modules/admin/resource";
import { JOURNAL_PERIOD_LABELS, JOURNAL_PERIODS, type JournalPeriod, journalPeriodRange } from "./journal-periods";
import { actor, impersonator, subject } from "./journal.queries.server";

const CATEGORY_LABELS: Record<string, string> = {
  general: "General",
  security: "Security",
  listing: "Listings",
  impersonation: "Impersonation",
};

/** A period's instants in America/New_York, as of this request ("All time" is the filter's empty choice). */
function periodCondition(value: string) {
  const { since, until } = journalPeriodRange(value as JournalPeriod, new Date());
  return and(
    since ? gte(activityJournal.createdAt, since) : undefined,
    until ? lt(activityJournal.createdAt, until) : undefined,
  );
}

const userName = sql<string>`case when ${activityJournal.userId} is null then 'None' else coalesce(${subject.name}, 'Deleted user') end`;
const userLink = (row: Record<string, unknown>) =>
  row.userUniqid ? href("/admin/users/:uniqid/edit", { uniqid: String(row.userUniqid) }) : null;

/** The columns the list and a row's page share. */
const WHO: ResourceColumn[] = [
  { key: "user", label: "User", value: userName, wrap: true, detail: "userEmail", href: userLink, priority: 2 },
  { key: "userEmail", label: "User's email", value: subject.email, searchable: true, hidden: true },
  { key: "userUniqid", label: "User id", value: subject.userUniqid, searchable: true, hidden: true },
];
const DONE_BY: ResourceColumn = {
  key: "actor",
  label: "Done by",
  value: sql<string>`case when ${activityJournal.actorId} is null then 'The site' else coalesce(${actor.name}, 'Unknown') end`,
  wrap: true,
  detail: "actorNote",
  priority: 2,
};
const ACTOR_NOTE: ResourceColumn = {
  key: "actorNote",
  label: "Administrator or impersonation",
  value: sql<string>`concat_ws(' · ',
    case when ${actor.role} = 'admin' then 'Administrator' end,
    case when ${activityJournal.impersonatorId} is not null then 'Impersonated by ' || coalesce(${impersonator.name}, 'Unknown') end)`,
  hidden: true,
};

/** The values a change recorded before and after (settings saves, engine saves), one line each. */
const changes = sql<string>`coalesce((
  select string_agg(k.key || ': ' || coalesce(${activityJournal.data} -> 'before' ->> k.key, '(none)') || ' → ' || coalesce(${activityJournal.data} -> 'after' ->> k.key, '(none)'), E'\n' order by k.key)
  from (
    select jsonb_object_keys(case when jsonb_typeof(${activityJournal.data} -> 'before') = 'object' then ${activityJournal.data} -> 'before' else '{}'::jsonb end) as key
    union
    select jsonb_object_keys(case when jsonb_typeof(${activityJournal.data} -> 'after') = 'object' then ${activityJournal.data} -> 'after' else '{}'::jsonb end)
  ) k), 'No values before and after were recorded for this entry.')`;

/**
 * /admin/journal (SPEC: `filter=this-month&selectedTab=general`, still read): what happened to every account and
 * listing, newest first, with who did it and the administrator behind an impersonation. One tab per category, a
 * period in America/New_York, search by the user; each entry's page shows its values before and after.
 */
export default defineResource({
  noun: "journal entry",
  title: "Journal",
  description:
    "What happened to every account and listing, newest first, with who did it and the administrator behind an impersonation. Open an entry for its details and the values it changed.",
  caption: "Journal entries",
  searchLabel: "Search by user name, email or user id",
  emptyText: "No entries in this period.",
  table: activityJournal,
  id: activityJournal.id,
  operations: [],
  schema: z.object({}),
  joins: [
    { table: subject, on: () => eq(subject.id, activityJournal.userId) },
    { table: actor, on: () => eq(actor.id, activityJournal.actorId) },
    { table: impersonator, on: () => eq(impersonator.id, activityJournal.impersonatorId) },
  ],
  columns: [
    {
      key: "time",
      label: "When (Eastern)",
      value: activityJournal.createdAt,
      format: "datetime",
      sortable: true,
      sortFirst: "desc",
    },
    ...WHO,
    { key: "summary", label: "What happened", value: activityJournal.summary, wrap: true, primary: true },
    DONE_BY,
    ACTOR_NOTE,
    {
      key: "category",
      label: "Category",
      value: activityJournal.category,
      hidden: true,
      filter: {
        kind: "select",
        tabs: true,
        options: Object.entries(CATEGORY_LABELS).map(([value, label]) => ({ value, label })),
      },
    },
    {
      key: "period",
      label: "Period",
      value: activityJournal.createdAt,
      hidden: true,
      filter: {
        kind: "select",
        options: JOURNAL_PERIODS.filter((p) => p !== "all").map((p) => ({ value: p, label: JOURNAL_PERIOD_LABELS[p] })),
        where: periodCondition,
      },
    },
  ],
  fields: [],
  defaultSort: { key: "time", dir: "desc" },
  pageSize: 25,
  titleOf: (row) => String(row.summary ?? `journal entry ${row.__id ?? ""}`),
  // SPEC section 2: the journal opens on this month's General tab.
  listDefaults: async () => ({ filters: { category: "general", period: "this-month" } }),
  // The SPEC's names of the two (`?filter=last-month&selectedTab=security`); `filter=all` is every period.
  queryAliases: { filter: "f.period", selectedTab: "f.category" },
  detail: {
    columns: [
      { key: "time", label: "When (Eastern)", value: activityJournal.createdAt, format: "datetime" },
      { key: "summary", label: "What happened", value: activityJournal.summary },
      {
        key: "categoryLabel",
        label: "Category",
        value: sql<string>`case ${activityJournal.category} ${sql.join(
          Object.entries(CATEGORY_LABELS).map(([v, l]) => sql`when ${v} then ${l}`),
          sql` `,
        )} else ${activityJournal.category} end`,
      },
      { key: "kind", label: "Kind", value: activityJournal.kind },
      ...WHO.map((c) => ({ ...c, hidden: false, detail: undefined })),
      { ...DONE_BY, detail: undefined },
      { ...ACTOR_NOTE, hidden: false },
      { key: "ip", label: "IP address", value: sql<string>`coalesce(${activityJournal.ipAddress}, 'Not recorded')` },
      { key: "changes", label: "Before and after", value: changes, format: "preformatted" },
      {
        key: "data",
        label: "Recorded data",
        value: sql<string>`jsonb_pretty(${activityJournal.data})`,
        format: "preformatted",
      },
    ],
    links: (row) => {
      const to = userLink(row);
      return to ? [{ label: "The user's page", href: to }] : [];
    },
  },
});
