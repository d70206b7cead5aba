import { describe, expect, it } from "vitest";
import { givingWay, labelOf, priorityByPosition, resolveColumns } from "./data-table-layout";

const cols = [
  { key: "select", header: null, label: "Select" },
  { key: "code", header: "Listing", primary: true },
  { key: "seller", header: "Seller", priority: 2 as const, wrap: true },
  { key: "points", header: "Points", numeric: true },
  { key: "submitted", header: "Submitted", priority: 3 as const },
  { key: "notes", header: "Notes", priority: 4 as const },
  { key: "actions", header: "Actions" },
];

const byKey = (key: string) => resolveColumns(cols).find((r) => r.column.key === key);

describe("resolveColumns", () => {
  it("finds the row's title and its actions; both always show, whatever priority they were given", () => {
    const resolved = resolveColumns([
      { key: "a", header: "A", priority: 4 as const, primary: true },
      { key: "actions", header: "Do", priority: 3 as const },
    ]);
    expect(resolved.map((r) => [r.role, r.priority])).toEqual([
      ["primary", 1],
      ["actions", 1],
    ]);
    // Without a marked title, the first named column that is not the actions is the title.
    expect(
      resolveColumns([
        { key: "x", header: null },
        { key: "y", header: "Y" },
      ])[1].role,
    ).toBe("primary");
    expect(resolveColumns([{ key: "go", header: "Go", actions: true }])[0].role).toBe("actions");
  });

  it("hides a column by priority only in the table shape and only below its width, never on a card", () => {
    expect(byKey("points")?.td).not.toMatch(/hidden/);
    expect(byKey("seller")?.td).toContain("@2xl/table:@max-3xl/table:hidden");
    expect(byKey("submitted")?.td).toContain("@2xl/table:@max-5xl/table:hidden");
    expect(byKey("notes")?.th).toContain("@2xl/table:@max-7xl/table:hidden");
    // Its value goes under the title exactly where the column is hidden.
    expect(byKey("seller")?.more).toBe("hidden @2xl/table:@max-3xl/table:block");
    expect(byKey("points")?.more).toBeNull();
    expect(givingWay(resolveColumns(cols)).map((r) => r.column.key)).toEqual(["seller", "submitted", "notes"]);
  });

  it("right-aligns numbers in tabular figures and never wraps them, on a card too", () => {
    const points = byKey("points");
    expect(points?.td).toContain("text-right tabular-nums whitespace-nowrap");
    expect(points?.th).toContain("text-right");
    expect(points?.td).not.toContain("whitespace-normal");
    // Text may wrap beside its label on a card.
    expect(byKey("submitted")?.td).toContain("@max-2xl/table:whitespace-normal");
  });

  it("lays a card out as title, label: value lines, then the actions on a line of their own", () => {
    expect(byKey("code")?.td).toContain("@max-2xl/table:block");
    expect(byKey("points")?.td).toContain("@max-2xl/table:flex");
    expect(byKey("points")?.td).toContain("@max-2xl/table:justify-between");
    expect(byKey("actions")?.td).toContain("@max-2xl/table:border-t");
    // Title first and actions last, wherever they sit among the columns.
    expect(byKey("code")?.td).toContain("@max-2xl/table:order-first");
    expect(byKey("actions")?.td).toContain("@max-2xl/table:order-last");
  });

  it("keeps a `table` layout a table: no cards and no column gives way", () => {
    const resolved = resolveColumns(cols, { layout: "table" });
    for (const r of resolved) {
      expect(r.td).not.toContain("@max-2xl/table");
      expect(r.td).not.toMatch(/@max-\dxl\/table:hidden/);
      expect(r.more).toBeNull();
    }
  });

  it("offers sortable headers as chips on a card and keeps the others for screen readers only", () => {
    const resolved = resolveColumns(cols, { sortable: (c) => c.key === "points" });
    expect(resolved.find((r) => r.column.key === "points")?.th).toContain("@max-2xl/table:rounded-full");
    expect(resolved.find((r) => r.column.key === "code")?.th).toContain("@max-2xl/table:sr-only");
  });
});

describe("labelOf", () => {
  it("uses the label, else a text header, else nothing", () => {
    expect(labelOf({ header: "Total" })).toBe("Total");
    expect(labelOf({ header: null, label: "Per use year" })).toBe("Per use year");
    expect(labelOf({ header: { type: "span" } as never })).toBe("");
  });
});

describe("priorityByPosition", () => {
  it("keeps the first two columns besides the title, then gives way step by step", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(priorityByPosition)).toEqual([1, 1, 2, 3, 3, 4, 4]);
  });
});
