/** One line of a line diff: kept, added (only in the newer text) or removed (only in the older one). */
export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** Most lines a diff compares by longest common subsequence (a template is far shorter); beyond, whole blocks. */
const MAX_CELLS = 4_000_000;

/**
 * The lines of `before` and `after` as a diff (longest common subsequence of lines; decision 0069). Line ends are
 * normalised (CRLF, CR). Texts too long to compare line by line are shown as all removed, then all added.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = split(before);
  const b = split(after);
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((text) => ({ kind: "removed" as const, text })),
      ...b.map((text) => ({ kind: "added" as const, text })),
    ];
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ kind: "removed", text: a[i++] });
    else out.push({ kind: "added", text: b[j++] });
  }
  while (i < a.length) out.push({ kind: "removed", text: a[i++] });
  while (j < b.length) out.push({ kind: "added", text: b[j++] });
  return out;
}

function split(s: string): string[] {
  return s === "" ? [] : s.replace(/\r\n?/g, "\n").split("\n");
}
