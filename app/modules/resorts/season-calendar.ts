/**
 * Season calendars (decision 0073): moving a range to the next year, and the demo calendar the seed writes.
 */

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * The same day a year later. February 29 has no twin: a range starting on it starts on March 1, one ending on it
 * ends on February 28. A range ending on February 28 of a common year ends on February 29 of a leap year (the next
 * range starts on March 1, so the leap day stays covered).
 */
export function shiftToNextYear(date: string, end: "start" | "end"): string {
  const y = Number(date.slice(0, 4)) + 1;
  const md = date.slice(5);
  if (md === "02-29") return end === "start" ? `${y}-03-01` : `${y}-02-28`;
  if (md === "02-28" && end === "end" && isLeap(y)) return `${y}-02-29`;
  return `${y}-${md}`;
}
