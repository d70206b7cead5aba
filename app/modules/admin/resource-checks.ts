import { isSubjectName } from "~/auth/abilities";
import { codeRowsProblems } from "./resource-code-rows.checks";
import { type AnyPgColumn, isUploadField, type ResourceDeclaration, type ResourceField } from "./resource";
import { duplicatedConstraints } from "./resource-constraints";
import { type RegistryEntry, registryRouteIds } from "./resources.registry";

/**
 * The checks a resource's declaration and its registry line must pass (decision 0066). The engine runs them when it
 * loads a declaration, and `resource-checks.test.ts` runs them over the whole registry, so a mistake is an error
 * naming the resource, never a field silently dropped on save (with a journal entry saying it changed).
 */
export class DeclarationError extends Error {
  override name = "DeclarationError";
}

/** The table's columns by property name (a Drizzle table keeps each column as a property of that name). */
export function tableColumns(table: object): Map<string, AnyPgColumn> {
  const out = new Map<string, AnyPgColumn>();
  for (const [key, value] of Object.entries(table)) {
    if (value && typeof value === "object" && "columnType" in value && "name" in value) {
      out.set(key, value as AnyPgColumn);
    }
  }
  return out;
}

export type CheckContext = {
  /** The ids of the admin sidebar's groups (a registry line's `nav.group` must be one). */
  navGroups: readonly string[];
};

function fieldProblem(decl: ResourceDeclaration, columns: Map<string, AnyPgColumn>, f: ResourceField) {
  // Decision 0068: links live in the field's join table, a time's order and a schedule in the table's columns.
  const kindProblem = engineKindProblem(decl, columns, f);
  if (kindProblem !== undefined) return kindProblem;
  if (f.virtual) {
    if (f.column) return `field “${f.name}” is virtual and also names a column`;
    if (!decl.prepare) return `field “${f.name}” is virtual but the declaration has no prepare to consume it`;
    return null;
  }
  if (f.column) {
    if (![...columns.values()].includes(f.column)) return `field “${f.name}” names a column of another table`;
    return null;
  }
  if (!columns.has(f.name)) {
    return `field “${f.name}” is neither a column of the table nor given a column (nor marked virtual for prepare)`;
  }
  return null;
}

/** Throws a `DeclarationError` naming the resource and every problem of its declaration and registry line. */
export function checkDeclaration(entry: RegistryEntry, decl: ResourceDeclaration, ctx: CheckContext): void {
  const problems: string[] = [];
  const columns = tableColumns(decl.table);
  const seen = new Set<string>();
  for (const f of decl.fields) {
    if (seen.has(f.name)) problems.push(`field “${f.name}” is declared twice`);
    seen.add(f.name);
    const p = fieldProblem(decl, columns, f);
    if (p) problems.push(p);
    const twice = duplicatedConstraints(decl, f);
    if (twice.length) {
      problems.push(
        `field “${f.name}” declares ${twice.join(", ")}, which its schema states (declare them once, there)`,
      );
    }
  }
  // A field the schema does not know is stripped by the parse and never saved; a schema key no field fills is never sent.
  const shape = Object.keys(decl.schema.shape);
  for (const f of decl.fields) {
    if (!isUploadField(f) && !shape.includes(f.name)) problems.push(`field “${f.name}” is not in the schema`);
    if (f.kind === "file" && !f.upload) problems.push(`file field “${f.name}” has no upload (the module stores files)`);
  }
  for (const key of shape) {
    if (!seen.has(key)) problems.push(`schema key “${key}” is no field`);
  }
  if (!isSubjectName(entry.subject)) {
    problems.push(`subject “${entry.subject}” is not in SUBJECTS (app/auth/abilities.ts)`);
  }
  if (entry.nav && !ctx.navGroups.includes(entry.nav.group)) {
    problems.push(
      `sidebar group “${entry.nav.group}” is not one of the sidebar's groups (${ctx.navGroups.join(", ")})`,
    );
  }
  problems.push(...scheduleProblems(decl, columns));
  for (const a of decl.rowActions ?? []) {
    const ways = [a.run, a.service, a.postTo].filter(Boolean).length;
    if (ways !== 1) problems.push(`row action “${a.intent}” needs exactly one of run, service and postTo`);
  }
  for (const c of decl.columns) {
    if (c.filter?.kind === "select" && c.filter.where && (c.filter.tabs || c.filter.match)) {
      problems.push(
        `filter “${c.key}” has a where with ${c.filter.tabs ? "tabs" : "a match"} (counts and matches need a value)`,
      );
    }
  }
  for (const name of decl.csvFields ?? []) {
    if (!seen.has(name)) problems.push(`CSV field “${name}” is not a field`);
  }
  problems.push(...codeRowsProblems(decl, columns));
  if (problems.length) {
    throw new DeclarationError(`Admin resource ${entry.id} (${entry.path}): ${problems.join("; ")}.`);
  }
}

/**
 * Throws when two route ids are the same: the registry's generated ones among themselves and against `otherIds` (the
 * hand-written routes of app/routes.ts), or two lines share a path.
 */
export function checkRegistry(entries: readonly RegistryEntry[], otherIds: readonly string[] = []): void {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  for (const id of otherIds) ids.set(id, "app/routes.ts");
  const paths = new Map<string, string>();
  for (const e of entries) {
    for (const id of registryRouteIds(e)) {
      const before = ids.get(id);
      if (before) problems.push(`route id “${id}” of ${e.id} is also ${before === e.id ? "its own" : `in ${before}`}`);
      ids.set(id, e.id);
    }
    const other = paths.get(e.path);
    if (other) problems.push(`path “${e.path}” of ${e.id} is also ${other}'s`);
    paths.set(e.path, e.id);
  }
  if (problems.length) throw new DeclarationError(`Admin resource registry: ${problems.join("; ")}.`);
}

/** A relations or datetime field's own problem (decision 0068); undefined: the usual column checks apply. */
function engineKindProblem(
  decl: ResourceDeclaration,
  columns: Map<string, AnyPgColumn>,
  f: ResourceField,
): string | null | undefined {
  if (f.kind === "relations") {
    if (!f.through || !f.relation) return `relations field “${f.name}” needs through (its join table) and relation`;
    if (f.column || columns.has(f.name)) return `relations field “${f.name}” is stored in its join table, not a column`;
    const own = tableColumns(f.through.table);
    const cols = [...own.values()];
    if (!cols.includes(f.through.from) || !cols.includes(f.through.to)) {
      return `relations field “${f.name}”: through.from and through.to must be columns of its join table`;
    }
    if (decl.operations.includes("import") && (decl.csvFields ?? decl.fields.map((x) => x.name)).includes(f.name)) {
      return `relations field “${f.name}” cannot be imported from CSV: leave it out of csvFields or drop "import"`;
    }
    return null;
  }
  if (f.kind === "datetime" && f.after) {
    const other = decl.fields.find((x) => x.name === f.after);
    if (other?.kind !== "datetime") return `datetime field “${f.name}” is after “${f.after}”, no datetime field`;
  }
  return undefined;
}

/** A schedule's columns must be the table's, and a scheduled resource is not imported (imports queue no jobs). */
function scheduleProblems(decl: ResourceDeclaration, columns: Map<string, AnyPgColumn>): string[] {
  if (!decl.schedule?.length) return [];
  const own = [...columns.values()];
  const out: string[] = [];
  for (const [i, step] of decl.schedule.entries()) {
    if (!own.includes(step.at) || !own.includes(step.state))
      out.push(`schedule step ${i + 1} names a column of another table`);
    if (step.from.includes(step.to)) out.push(`schedule step ${i + 1} moves “${step.to}” to itself`);
  }
  return out;
}
