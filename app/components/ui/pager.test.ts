import { describe, expect, it } from "vitest";
import { pagerItems } from "./pager";

/** The items as text: "[6]" for the current page's neighbours shown on phones too, "9" for wide-only, "…" for a gap. */
const text = (page: number, total: number) =>
  pagerItems(page, total)
    .map((i) => (i.kind === "gap" ? "…" : i.wide ? String(i.page) : `[${i.page}]`))
    .join(" ");

describe("pagerItems", () => {
  it("shows nothing for a single page, and every page up to seven", () => {
    expect(text(1, 1)).toBe("");
    expect(text(1, 3)).toBe("[1] [2] [3]");
    expect(text(4, 7)).toBe("1 2 [3] [4] [5] 6 7");
  });

  it("shows the first, the last and the current page's neighbours, with gaps between", () => {
    expect(text(6, 20)).toBe("1 … [5] [6] [7] … 20");
    expect(text(1, 20)).toBe("[1] [2] [3] … 20");
    expect(text(2, 20)).toBe("[1] [2] [3] … 20");
    expect(text(20, 20)).toBe("1 … [18] [19] [20]");
    expect(text(3, 20)).toBe("1 [2] [3] [4] … 20");
  });

  it("keeps a page past the end on the last page", () => {
    expect(text(99, 9)).toBe("1 … [7] [8] [9]");
  });
});
