import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { lineDiff } from "~/lib/line-diff";
import { isUploadField, type ResourceDeclaration } from "./resource";
import { columnKey } from "./resource-engine.queries.server";
import { insertRevision, selectRevision, selectRevisions } from "./resource-revisions.queries.server";
import type { RevisionsView } from "./resource-view";

/**
 * Revisions (decision 0069): a declaration with `revisions: true` keeps a row's values before each save replaces them.
 * Versions are numbered 1..n per row; the row as it is now is shown as the next number, "current".
 */

type Row = Record<string, unknown>;

/** A row's values by field name (what a version keeps and a restore saves again). */
export function revisionValues(decl: ResourceDeclaration, row: Row): Row {
  const out: Row = {};
  for (const f of decl.fields) {
    if (isUploadField(f) || f.virtual) continue;
    const v = row[f.column ? columnKey(decl.table, f.column) : f.name];
    out[f.name] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return out;
}

/** Keeps the row's values as its next version; the version number. */
export function keepRevision(
  tx: Tx,
  args: { resource: string; decl: ResourceDeclaration; id: string | number; row: Row; actor: Viewer },
) {
  return insertRevision(tx, {
    resource: args.resource,
    rowKey: String(args.id),
    values: revisionValues(args.decl, args.row),
    savedBy: args.actor.id,
  });
}

/** One kept version's values; a version the row does not have is a 404. */
export async function revisionOf(db: Db | Tx, resource: string, id: string | number, version: number) {
  const found = await selectRevision(db, resource, String(id), version);
  if (!found) throw new AppError("NOT_FOUND", `There is no version ${version} of this row.`);
  return found.values;
}

const VERSION = /^\d{1,6}$/;

/**
 * The versions of a row for its page, newest first, and the line diff of the two the query string names (`from`,
 * `to`; by default the last kept version against the current one). Only fields that differ are listed.
 */
export async function revisionsView(
  db: Db | Tx,
  args: {
    resource: string;
    decl: ResourceDeclaration;
    id: string | number;
    row: Row;
    params: URLSearchParams;
    canRestore: boolean;
  },
): Promise<RevisionsView> {
  const kept = await selectRevisions(db, args.resource, String(args.id));
  const current = (kept[0]?.version ?? 0) + 1;
  const values = new Map<number, Row>(kept.map((k) => [k.version, k.values]));
  values.set(current, revisionValues(args.decl, args.row));
  const pick = (name: string, fallback: number) => {
    const raw = args.params.get(name) ?? "";
    return VERSION.test(raw) && values.has(Number(raw)) ? Number(raw) : fallback;
  };
  const from = pick("from", kept[0]?.version ?? current);
  const to = pick("to", current);
  const fields: NonNullable<RevisionsView["compare"]>["fields"] = [];
  if (kept.length > 0) {
    const a = values.get(from) as Row;
    const b = values.get(to) as Row;
    for (const f of args.decl.fields) {
      const before = text(a[f.name]);
      const after = text(b[f.name]);
      if (before !== after) fields.push({ label: f.label, lines: lineDiff(before, after) });
    }
  }
  return {
    versions: [
      { version: current, savedAt: null, savedBy: null, current: true },
      ...kept.map((k) => ({
        version: k.version,
        savedAt: k.savedAt.toISOString(),
        savedBy: k.savedBy ?? null,
        current: false,
      })),
    ],
    compare: kept.length > 0 ? { from, to, fields } : null,
    canRestore: args.canRestore,
  };
}

function text(v: unknown) {
  if (v === null || v === undefined) return "";
  return Array.isArray(v) ? v.join("\n") : String(v);
}
