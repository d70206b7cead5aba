import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatDollars,
  formatNumber,
  formatPercent,
  formatPerPoint,
  formatTerms,
  formatPerYear,
  formatPoints,
  formatPrice,
  formatScore,
  formatScoreEffect,
  SCORE_BANDS,
  scoreBand,
  useMonthName,
} from "./format";
import { formatCalendarDate, formatCalendarDateShort, formatDateEastern, formatDateTimeEastern } from "./format-dates";

describe("one format per kind of figure (decision 0050)", () => {
  it("a price per point: whole dollars, cents only when it has some, /pt", () => {
    expect(formatPerPoint(64_00)).toBe("$64/pt");
    expect(formatPerPoint(95_50)).toBe("$95.50/pt");
    expect(formatPerPoint(11_78)).toBe("$11.78/pt");
    expect(formatPerPoint(1_234_00)).toBe("$1,234/pt");
  });

  it("an amount is exact: cents whenever there are some, never for whole dollars", () => {
    expect(formatPrice(11_200_00)).toBe("$11,200");
    expect(formatPrice(7_162_50)).toBe("$7,162.50");
    expect(formatPrice(1)).toBe("$0.01");
    expect(formatPrice(0)).toBe("$0");
    expect(formatPrice(-25_00)).toBe("-$25");
    // a computed share may carry a fraction of a cent: rounded to the cent, not to the dollar
    expect(formatPrice(412.5)).toBe("$4.13");
    expect(formatPrice(99.6)).toBe("$1");
  });

  it("a deal's terms: points × price per point = total (issue 27)", () => {
    expect(formatTerms(160, 150_00, 24_000_00)).toBe("160 points × $150/pt = $24,000");
    expect(formatTerms(1, 95_50, 95_50)).toBe("1 point × $95.50/pt = $95.50");
  });

  it("an amount never hides cents: it reads back to the same cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), (c) => {
        const text = formatPrice(c).replace(/[$,]/g, "");
        return Math.round(Number(text) * 100) === c;
      }),
    );
  });

  it("estimates and a year's dues are whole dollars", () => {
    expect(formatDollars(2_061_50)).toBe("$2,062");
    expect(formatDollars(1_242_00)).toBe("$1,242");
    expect(formatPerYear(2_061_50)).toBe("$2,062 a year");
  });

  it("points and counts", () => {
    expect(formatPoints(175)).toBe("175 points");
    expect(formatPoints(1)).toBe("1 point");
    expect(formatPoints(1500)).toBe("1,500 points");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatPercent(15)).toBe("15%");
    expect(formatPercent(7.25)).toBe("7.25%");
    expect(formatPercent(6.9)).toBe("6.9%");
  });

  it("a score is one presentation: the number of 100 and its band", () => {
    expect(formatScore(82)).toBe("82/100, Great value");
    expect(formatScore(19)).toBe("19/100, High price");
    expect(formatScore(null)).toBe("Not scored yet");
    expect(formatScore(104)).toBe("100/100, Great value");
    expect([2.5, -12, 0.04, -0.06, 7.25].map(formatScoreEffect)).toEqual(["+2.5", "−12", "0", "−0.1", "+7.3"]);
  });

  it("the score bands cover 0-100 without gaps, each from its own lowest score", () => {
    expect(SCORE_BANDS.map((b) => b.min)).toEqual([80, 60, 40, 20, 0]);
    expect([0, 19, 20, 39, 40, 59, 60, 79, 80, 100].map((s) => scoreBand(s).label)).toEqual([
      "High price",
      "High price",
      "Above market",
      "Above market",
      "Fair price",
      "Fair price",
      "Good value",
      "Good value",
      "Great value",
      "Great value",
    ]);
  });
});

describe("useMonthName", () => {
  it("maps use-year months", () => {
    expect(useMonthName(2)).toBe("Feb");
    expect(useMonthName(12, true)).toBe("December");
    expect(useMonthName(13)).toBe("");
  });
});

/**
 * Figures are written only by the formatters above: a number formatted by hand elsewhere in app/ (toLocaleString,
 * toFixed, a new Intl.NumberFormat, a "$${dollars}" template) is how "$64.00" and "$69/pt" came to sit side by side. The few that are not
 * figures for people are listed with their reason.
 */
describe("no figure is formatted outside format.ts", () => {
  const ALLOWED: Record<string, string> = {
    "app/lib/format.ts": "the formatters",
    "app/lib/money.ts": "centsToInput writes a form field's value (1234.50), not text for people",
    "app/lib/money-field.ts": "reads a number sent in dollars back as cents",
    "app/lib/request-body.server.ts": "a size limit in MB in an error message",
  };
  const appDir = join(import.meta.dirname, "..");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk(appDir);

  it("finds the app's files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('uses toLocaleString, toFixed, Intl.NumberFormat and a "$${...}" template only where allowed', () => {
    const offenders = files
      .map((f) => relative(join(appDir, ".."), f))
      .filter((f) => !(f in ALLOWED))
      .flatMap((f) =>
        readFileSync(join(appDir, "..", f), "utf8")
          .split("\n")
          .flatMap((line, i) =>
            /\.toLocaleString\(|\.toFixed\(|Intl\.NumberFormat|formatMoney\(|\$\$\{/.test(line)
              ? [`${f}:${i + 1}`]
              : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});

// Issue 34: the figures are written without Intl (its first formatter costs a phone ~40 ms); they must read exactly
// as Intl's en-US formatters wrote them, character for character.
describe("figures written by hand read as Intl writes them", () => {
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const usd0 = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  const plain = new Intl.NumberFormat("en-US");
  const two = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
  let seed = 34;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const amounts = [0, -0, 1, -1, 5, 49, 50, 51, 99, 100, 149, 150, 250, -250, 999_999, 1_000_000, 123_456_789_012];
  for (let i = 0; i < 2000; i++) amounts.push(Math.round((random() - 0.3) * 10 ** Math.floor(random() * 11)));

  it("prices and dollars", () => {
    for (const c of amounts) {
      expect(formatPrice(c)).toBe((c % 100 !== 0 ? usd : usd0).format(c / 100));
      expect(formatDollars(c)).toBe(usd0.format(c / 100));
      expect(formatDollars(c + 0.4)).toBe(usd0.format(Math.round(c + 0.4) / 100));
    }
  });

  it("counts, points and percentages, fractions and halves included", () => {
    const numbers = [0, -0, 0.5, 1.005, 1.0005, 2.675, 7.25, 0.125, 999.9995, -0.0004, 1e-7, 1e21, 12_345.6789];
    for (let i = 0; i < 2000; i++) numbers.push((random() - 0.2) * 10 ** Math.floor(random() * 9 - 3));
    for (let i = 0; i < 200; i++) numbers.push(Math.round(random() * 100_000) / 1000);
    for (const n of numbers) {
      expect(formatNumber(n)).toBe(plain.format(n));
      expect(formatPercent(n)).toBe(`${two.format(n)}%`);
    }
    expect(formatNumber(Number.NaN)).toBe("NaN");
  });

  it("Eastern dates and times on both sides of each daylight-saving change", () => {
    const dateTime = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      dateStyle: "medium",
      timeStyle: "short",
    });
    const long = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", dateStyle: "long" });
    const instants: Date[] = [new Date("2006-06-01T12:00:00Z"), new Date("2026-03-08T06:59:00Z")];
    for (const year of [2007, 2024, 2026, 2027, 2031]) {
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 3_600_000 * 7 + 60_000 * 13) {
        instants.push(new Date(t));
      }
      for (const day of [7, 8, 9, 10, 11, 12, 13, 14]) {
        for (const h of [5, 6, 7, 8])
          instants.push(new Date(Date.UTC(year, 2, day, h, 59)), new Date(Date.UTC(year, 10, day - 7, h)));
      }
    }
    for (const d of instants) {
      expect(formatDateTimeEastern(d)).toBe(dateTime.format(d));
      expect(formatDateEastern(d.toISOString())).toBe(long.format(d));
    }
  });

  it("calendar dates, and an invalid one throws as Intl does", () => {
    const long = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" });
    const medium = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
    for (const iso of ["2026-01-01", "2026-12-31", "2024-02-29", "0999-05-05"]) {
      const d = new Date(`${iso}T00:00:00Z`);
      expect(formatCalendarDate(iso)).toBe(long.format(d));
      expect(formatCalendarDateShort(d)).toBe(medium.format(d));
    }
    expect(() => formatCalendarDate("not a date")).toThrow(RangeError);
  });
});
