/**
 * CSV as RFC 4180 writes it: fields separated by commas, quoted when they hold a comma, a quote or a line break,
 * quotes doubled inside quotes, lines ended by CRLF (LF alone is read too).
 */

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is written with a leading apostrophe. */
function neutralize(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function toCsv(rows: (string | number | boolean | null | undefined)[][]): string {
  return `${rows
    .map((row) =>
      row
        .map((cell) => {
          const s = neutralize(cell === null || cell === undefined ? "" : String(cell));
          return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
        })
        .join(","),
    )
    .join("\r\n")}\r\n`;
}

export type CsvParseError = { line: number; message: string };

/**
 * Parses CSV text into rows of cells, each row with the line it started on (1-based). A byte-order mark is
 * dropped; blank lines are skipped. An unclosed quote is an error naming its line.
 */
export function parseCsv(text: string): { rows: { line: number; cells: string[] }[]; error: CsvParseError | null } {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === "")) rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  while (i < src.length) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (c === "\n") line++;
      cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell === "") {
      quoted = true;
      i++;
      continue;
    }
    if (c === ",") {
      cells.push(cell);
      cell = "";
      i++;
      continue;
    }
    if (c === "\r" || c === "\n") {
      endRow();
      if (c === "\r" && src[i + 1] === "\n") i++;
      i++;
      line++;
      rowLine = line;
      continue;
    }
    cell += c;
    i++;
  }
  if (quoted) return { rows, error: { line: rowLine, message: "A quoted value is never closed." } };
  if (cell !== "" || cells.length) endRow();
  return { rows, error: null };
}
