import { describe, expect, it } from "vitest";
import { selectPaged } from "./list-query";

/** A list of `n` items behind the two queries selectPaged is given, counting the statements each would send. */
function list(n: number) {
  const items = Array.from({ length: n }, (_, i) => i + 1);
  const sent: string[] = [];
  return {
    sent,
    count: async () => {
      sent.push("count");
      return [{ total: String(n) }];
    },
    rows: async (limit: number, offset: number) => {
      sent.push(`rows ${offset}+${limit}`);
      return items.slice(offset, offset + limit);
    },
  };
}

describe("selectPaged", () => {
  it("sends no count when the page it reads ends the list", async () => {
    const l = list(23);
    expect(await selectPaged({ ...l, page: 3, pageSize: 10 })).toEqual({
      rows: [21, 22, 23],
      total: 23,
      page: 3,
      pageCount: 3,
    });
    expect(l.sent).toEqual(["rows 20+10"]);

    const empty = list(0);
    expect(await selectPaged({ ...empty, page: 1, pageSize: 10 })).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
    expect(empty.sent).toEqual(["rows 0+10"]);
  });

  it("counts when the page is full, since more may follow", async () => {
    for (const n of [10, 25]) {
      const l = list(n);
      const got = await selectPaged({ ...l, page: 1, pageSize: 10 });
      expect(got).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], total: n, page: 1, pageCount: Math.ceil(n / 10) });
      expect(l.sent).toEqual(["rows 0+10", "count"]);
    }
  });

  it("shows the last page for a page past the end (a stale link)", async () => {
    const l = list(23);
    expect(await selectPaged({ ...l, page: 9, pageSize: 10 })).toEqual({
      rows: [21, 22, 23],
      total: 23,
      page: 3,
      pageCount: 3,
    });
    expect(l.sent).toEqual(["rows 80+10", "count", "rows 20+10"]);

    const empty = list(0);
    expect(await selectPaged({ ...empty, page: 4, pageSize: 10 })).toMatchObject({ rows: [], total: 0, page: 1 });
  });
});
