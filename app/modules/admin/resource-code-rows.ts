import { sql } from "drizzle-orm";

/**
 * The `value` of a column of a resource of code rows (decision 0069) that no table column holds (a template's kind,
 * its description): the list reads it from the merged row by the column's key. Never selected from the table.
 */
export const fromCode = sql`null`;

/** A search match over a merged row's value: the text anywhere, any case. */
export function containsText(v: unknown, q: string) {
  return v != null && String(v).toLocaleLowerCase("en").includes(q.toLocaleLowerCase("en"));
}
