import { describe, expect, it } from "vitest";
import { BEST_PRACTICES_SEED } from "./best-practices-content";
import { toBlocks } from "./best-practices.server";

describe("best practice bodies", () => {
  it("become paragraphs and lists, never markup", () => {
    expect(toBlocks("One\ntwo.\n\n- a\n- b\n\n<b>x</b>")).toEqual([
      { kind: "p", text: "One two." },
      { kind: "ul", items: ["a", "b"] },
      { kind: "p", text: "<b>x</b>" },
    ]);
  });
});

describe("the first Best practices guide", () => {
  it("has at least 8 sections for buyers, sellers and both", () => {
    expect(BEST_PRACTICES_SEED.length).toBeGreaterThanOrEqual(8);
    expect(new Set(BEST_PRACTICES_SEED.map((s) => s.audience))).toEqual(new Set(["all", "buyer", "seller"]));
  });
});
