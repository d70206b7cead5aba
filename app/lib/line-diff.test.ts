import { describe, expect, it } from "vitest";
import { lineDiff } from "./line-diff";

describe("lineDiff", () => {
  it("keeps common lines and marks the others added or removed, in order", () => {
    expect(
      lineDiff(
        "Hello {{ name }},\nYour pin is {{ pin }}.\nBye",
        "Hello {{ name }},\nYour code is {{ pin }}.\nBye\nP.S.",
      ),
    ).toEqual([
      { kind: "same", text: "Hello {{ name }}," },
      { kind: "removed", text: "Your pin is {{ pin }}." },
      { kind: "added", text: "Your code is {{ pin }}." },
      { kind: "same", text: "Bye" },
      { kind: "added", text: "P.S." },
    ]);
  });

  it("treats CRLF as LF and an empty text as no lines", () => {
    expect(lineDiff("a\r\nb", "a\nb")).toEqual([
      { kind: "same", text: "a" },
      { kind: "same", text: "b" },
    ]);
    expect(lineDiff("", "x")).toEqual([{ kind: "added", text: "x" }]);
    expect(lineDiff("x", "")).toEqual([{ kind: "removed", text: "x" }]);
  });

  it("finds the longest common run, not the first match", () => {
    const d = lineDiff("x\na\nb\nc", "a\nb\nc\nx");
    expect(d.filter((l) => l.kind === "same").map((l) => l.text)).toEqual(["a", "b", "c"]);
  });
});
