import { describe, expect, it } from "vitest";
import { toUsE164 } from "./phone";

describe("toUsE164", () => {
  it("reads the ways people type a US number", () => {
    for (const typed of [
      "(407) 555-0123",
      "407.555.0123",
      "407 555 0123",
      "+1 407 555 0123",
      "14075550123",
      "4075550123",
    ]) {
      expect(toUsE164(typed), typed).toBe("+14075550123");
    }
  });
  it("refuses what is not a ten-digit North American number", () => {
    for (const typed of [
      "",
      "555-0123",
      "+44 20 7946 0958",
      "(107) 555-0123",
      "(407) 155-0123",
      "407-555-01234",
      "407-555-012a",
      null,
      undefined,
    ]) {
      expect(toUsE164(typed as string), String(typed)).toBeNull();
    }
  });
});
