import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { offersLogs, user } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";

/**
 * /admin/admin-offers-logs (SPEC `admin.offers-logs`, section 3 "Offers log"): every offer event, newest first, with
 * who did it and the history note, times in New York (Eastern) time. Administrators search it and delete entries in
 * bulk (the journal keeps a note of each deletion).
 */
export default defineResource({
  noun: "log entry",
  title: "Offers logs",
  description:
    "Every event of every offer, newest first: submitted, countered, accepted, declined, withdrawn, expired and reminders. Times are New York time.",
  caption: "Offer events",
  searchLabel: "Search by name, user id or note",
  emptyText: "No offer events yet.",
  table: offersLogs,
  id: offersLogs.id,
  operations: ["delete", "export"],
  schema: z.object({}),
  joins: [{ table: user, on: () => eq(user.id, offersLogs.userId) }],
  columns: [
    { key: "id", label: "Id", value: offersLogs.id, format: "number", sortable: true, sortFirst: "desc" },
    { key: "created", label: "Date (New York)", value: offersLogs.createdAt, format: "datetime", sortable: true },
    {
      key: "name",
      label: "User",
      value: sql<string>`coalesce(${user.name}, 'Scheduled job')`,
      sortable: true,
      searchable: true,
      detail: "uniqid",
    },
    { key: "uniqid", label: "User id", value: user.userUniqid, searchable: true, hidden: true },
    { key: "offer", label: "Offer", value: offersLogs.offerId, format: "number", sortable: true },
    { key: "note", label: "History note", value: offersLogs.historyNote, searchable: true, format: "multiline" },
  ],
  fields: [],
  defaultSort: { key: "id", dir: "desc" },
  pageSize: 50,
  titleOf: (row) => `Log entry ${row.id}`,
});
