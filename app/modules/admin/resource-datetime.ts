import { describeWallTime, easternWallTime, parseEasternWallTime, SITE_ZONE_NAME } from "~/lib/eastern-time";
import { formatDateTimeEastern } from "~/lib/format-dates";
import type { ResourceDeclaration, ResourceField } from "./resource";

/**
 * "datetime" fields of the resource engine (decision 0068): typed as US Eastern wall-clock time in a
 * `datetime-local` input, stored as the instant it means (timestamptz), shown again in Eastern time.
 */

/** A typed value as the instant it means, or the message refusing it (empty: null). */
export function datetimeValue(f: ResourceField, text: string): { value: Date | null } | { error: string } {
  if (text === "") return { value: null };
  const r = parseEasternWallTime(text);
  if (r.ok) return { value: r.at };
  if (r.problem === "skipped") {
    return {
      error: `${f.label}: ${describeWallTime(text)} does not exist in ${SITE_ZONE_NAME} (the clocks go forward an hour that night). Choose another time.`,
    };
  }
  return { error: `${f.label} must be a date and time, like 2026-07-04 09:00 (${SITE_ZONE_NAME}).` };
}

/** Fields declared `after` another whose times are not later than it: their messages by field name. */
export function datetimeOrderErrors(
  decl: ResourceDeclaration,
  values: Record<string, unknown>,
  known: Record<string, unknown> = {},
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const f of decl.fields) {
    if (f.kind !== "datetime" || !f.after) continue;
    const other = decl.fields.find((x) => x.name === f.after);
    const end = f.name in values ? values[f.name] : known[f.name];
    const start = f.after in values ? values[f.after] : known[f.after];
    if (!(end instanceof Date) || !(start instanceof Date) || end > start) continue;
    errors[f.name] = [`${f.label} must be later than ${other?.label.toLowerCase() ?? f.after}.`];
  }
  return errors;
}

/** A stored instant as the form's `datetime-local` value (Eastern wall time). */
export function datetimeFormValue(v: unknown): string | null {
  if (v === null || v === undefined || v === "") return null;
  return easternWallTime(v as Date | string);
}

/** A stored instant as a CSV cell: Eastern wall time with a space (`2026-07-04 09:00`). */
export function datetimeCsvCell(v: unknown): string {
  const w = datetimeFormValue(v);
  return w ? w.replace("T", " ") : "";
}

/** A stored instant in a message ("Jul 4, 2026, 9:00 AM"). */
export function datetimeShown(v: unknown): string {
  return formatDateTimeEastern(v as Date | string);
}
