import { parseCsv } from "./csv";
import type { ResourceField } from "./resource";

/**
 * Import beyond CSV (decision 0071): an importer turns a file's text into records of raw field values, and the
 * engine does the rest the same way for every format (each record parsed with the form's schema, a dry run that
 * lists every record as created, updated, skipped or refused, and all-or-nothing writing in one transaction).
 */
export type ImportProblem = { line: number; column: string; message: string };

export type ImportRecord = {
  /** Where the record starts in the file (1-based), for the report. */
  line: number;
  /** The id of a stored row to update, as the file gives it; null creates a row. */
  id: string | null;
  /** Raw values by field name, as the form would send them; only the fields the file supplies. */
  values: Record<string, string>;
  /** Why the record is left out (an attachment in a WordPress export): listed as skipped, never written. */
  skip?: string;
  /** A stored row whose field has this value is the same thing: the record is skipped, not created twice. */
  match?: { field: string; value: string };
};

export type ImportRead = {
  records: ImportRecord[];
  /** The fields the file supplies (a create fills the others with the form's empty values). */
  present: string[];
  /** Problems with the file as a whole (its header, its format): nothing is imported while there are any. */
  problems: ImportProblem[];
};

export type Importer = {
  /** The `format` value of the import form ("csv", "wxr"). */
  format: string;
  /** Its name on the import page ("CSV", "WordPress export (WXR)"). */
  label: string;
  /** The file input's `accept`. */
  accept: string;
  /** What the file must hold, for the import page (CSV lists its columns itself). */
  help?: string;
  read: (text: string, fields: ResourceField[]) => ImportRead;
};

/**
 * CSV: a header row naming fields by label or name (any case) and an optional `id` column; each later row is a
 * record. An unknown column, a missing required one, or a row longer than the header is a problem.
 */
export const csvImporter: Importer = {
  format: "csv",
  label: "CSV",
  accept: ".csv,text/csv",
  read(text, fields) {
    const problems: ImportProblem[] = [];
    const parsed = parseCsv(text);
    if (parsed.error) return { records: [], present: [], problems: [{ ...parsed.error, column: "" }] };
    const [header, ...body] = parsed.rows;
    if (!header) {
      const message = "The file is empty: the first line must name the columns.";
      return { records: [], present: [], problems: [{ line: 1, column: "", message }] };
    }
    const byIndex = new Map<number, ResourceField | "id">();
    header.cells.forEach((h, i) => {
      const name = h.trim().toLowerCase();
      const f =
        name === "id" ? "id" : fields.find((x) => x.label.toLowerCase() === name || x.name.toLowerCase() === name);
      if (f) byIndex.set(i, f);
      else problems.push({ line: header.line, column: h, message: `Unknown column “${h}”.` });
    });
    const present = [...byIndex.values()].filter((f) => f !== "id").map((f) => f.name);
    for (const f of fields) {
      if (f.required && !present.includes(f.name) && !f.editOnly)
        problems.push({ line: header.line, column: f.label, message: `The column “${f.label}” is missing.` });
    }
    const records: ImportRecord[] = [];
    for (const row of body) {
      if (row.cells.length > header.cells.length) {
        problems.push({ line: row.line, column: "", message: "The row has more values than the header has columns." });
        continue;
      }
      const record: ImportRecord = { line: row.line, id: null, values: {} };
      row.cells.forEach((cell, i) => {
        const f = byIndex.get(i);
        if (f === "id") record.id = cell.trim() || null;
        else if (f) record.values[f.name] = cell;
      });
      records.push(record);
    }
    return { records, present, problems };
  },
};

/** The importers a resource offers: CSV first, then what its declaration adds. */
export function importersOf(decl: { importers?: Importer[] }): Importer[] {
  return [csvImporter, ...(decl.importers ?? []).filter((i) => i.format !== "csv")];
}
