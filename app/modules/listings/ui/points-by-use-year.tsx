import { DataTable } from "~/components/ui/data-table";
import { formatNumber, formatPrice } from "~/lib/format";
import { formatCalendarDateShort } from "~/lib/format-dates";
import type { ListingDetail } from "../detail.server";

/** "Sep 1, 2026" for a YYYY-MM-DD calendar date. */
const shortDate = (iso: string) => formatCalendarDateShort(`${iso}T00:00:00Z`);

/** A listing's points in each use year (banked, current, next) with their dates and their value at the asking price. */
export function PointsByUseYear({ rows, useMonthFull }: { rows: ListingDetail["availability"]; useMonthFull: string }) {
  return (
    <DataTable
      caption={`Points available in each ${useMonthFull} use year`}
      layout="table"
      captionHidden
      rows={rows}
      rowKey={(c) => c.key}
      empty="No points on record."
      columns={[
        {
          key: "year",
          header: "Use year",
          wrap: true,
          // narrower than the table's wrapping default, so the three columns fit a 375 px phone
          className: "min-w-36!",
          cell: (c) => (
            <>
              <span className="font-medium">
                {c.key === "prev" ? "Previous (banked)" : c.label} {c.year}
              </span>
              <span className="block text-xs text-slate-700">
                {shortDate(c.dates.start)} – {shortDate(c.dates.end)}
              </span>
            </>
          ),
        },
        { key: "points", header: "Points", className: "text-right", cell: (c) => formatNumber(c.points) },
        {
          key: "value",
          header: "Value",
          className: "text-right",
          cell: (c) => formatPrice(c.totalCents),
        },
      ]}
    />
  );
}
