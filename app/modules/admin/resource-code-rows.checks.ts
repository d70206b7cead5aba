import type { AnyPgColumn, ResourceDeclaration } from "./resource";

/**
 * The problems of a declaration's code rows and revisions (decision 0069), for `checkDeclaration`: overrides that
 * are no column of the table, list filters the in-memory list cannot apply, operations it does not offer.
 */
export function codeRowsProblems(decl: ResourceDeclaration, columns: Map<string, AnyPgColumn>): string[] {
  const spec = decl.codeRows;
  if (!spec) return [];
  const problems: string[] = [];
  for (const k of spec.overrides) {
    if (!columns.has(k)) problems.push(`code rows' override “${k}” is not a column of the table`);
  }
  for (const c of decl.columns) {
    if (c.filter && c.filter.kind !== "select" && c.filter.kind !== "boolean") {
      problems.push(`column “${c.key}” of code rows has a ${c.filter.kind} filter (only select and yes/no filters)`);
    }
  }
  for (const op of decl.operations) {
    if (op !== "update") problems.push(`code rows offer no “${op}” (the rows come from code; only update)`);
  }
  return problems;
}
