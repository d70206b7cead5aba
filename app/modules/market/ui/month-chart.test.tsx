import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MonthChart } from "./month-chart";

const months = ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01"];
const draw = (values: (number | null)[], bars = false) =>
  renderToStaticMarkup(
    <MonthChart
      id="c"
      title="Test"
      summary="A summary"
      months={months}
      bars={bars}
      yFormat={String}
      lines={[{ label: "Sold", values, color: "#0369a1" }]}
    />,
  );

describe("MonthChart", () => {
  it("draws a line through the known months, broken by a month without a figure, with a dot on each", () => {
    const html = draw([100, 110, null, 130]);
    const wide = html.slice(html.indexOf('viewBox="0 0 640'));
    const [line, dots] = [...wide.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]);
    expect(line.match(/M/g)).toHaveLength(2);
    expect(line.match(/L/g)).toHaveLength(1);
    expect(dots.match(/h0/g)).toHaveLength(3);
    expect(wide).toContain('stroke-linecap="round"');
  });

  it("writes every coordinate to a tenth at most", () => {
    const html = draw([101.123, 117.777, 99.5, 130.01]);
    const numbers = [...html.matchAll(/(?:[MLxy]\d?="?|,)(-?\d+\.\d+)/g)].map((m) => m[1]);
    expect(numbers.length).toBeGreaterThan(10);
    for (const n of numbers) expect(n).toMatch(/^-?\d+\.\d$/);
  });

  it("draws one bar per month with a figure for volume", () => {
    const html = draw([3, 0, null, 7], true);
    const wide = html.slice(html.indexOf('viewBox="0 0 640'));
    expect(wide.match(/<rect /g)).toHaveLength(3);
    expect(wide).not.toContain("<path");
  });

  it("says so when there are no figures", () => {
    expect(draw([null, null, null, null])).toBe("<p>No figures for this period yet.</p>");
  });
});
