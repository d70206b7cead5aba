/**
 * Availability per use year (SPEC section 2, featured-listings carousel): a listing states its points
 * for the previous (banked), current and next use year; each column is points x price per point = total.
 * Pure and safe for the browser.
 */
export type YearlyPoints = {
  useMonth: number;
  pricePerPointCents: number;
  prevYearPoints: number | null | undefined;
  currYearPoints: number | null | undefined;
  nextYearPoints: number | null | undefined;
};

export type AvailabilityColumn = {
  key: "prev" | "curr" | "next";
  label: "Previous" | "Current" | "Next";
  /** The calendar year in which this use year starts. */
  year: number;
  points: number;
  totalCents: number;
};

/**
 * The use year running on `asOf`, named by the calendar year it started in.
 * Points arrive on the 1st of the use-year month, so a December use year that started on Dec 1, 2025 is "2025"
 * until Nov 30, 2026.
 */
export function currentUseYear(useMonth: number, asOf: Date): number {
  const year = asOf.getUTCFullYear();
  return asOf.getUTCMonth() + 1 >= useMonth ? year : year - 1;
}

const points = (n: number | null | undefined) =>
  Number.isFinite(n) && (n as number) > 0 ? Math.trunc(n as number) : 0;

/** The three columns: missing yearly points count as 0; total = points x price per point (cents). */
export function availabilityColumns(listing: YearlyPoints, asOf: Date): AvailabilityColumn[] {
  const year = currentUseYear(listing.useMonth, asOf);
  const rows = [
    { key: "prev", label: "Previous", year: year - 1, points: points(listing.prevYearPoints) },
    { key: "curr", label: "Current", year, points: points(listing.currYearPoints) },
    { key: "next", label: "Next", year: year + 1, points: points(listing.nextYearPoints) },
  ] as const;
  return rows.map((r) => ({ ...r, totalCents: r.points * listing.pricePerPointCents }));
}
