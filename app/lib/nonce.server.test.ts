import { describe, expect, it } from "vitest";
import { pageNonce } from "./nonce.server";

describe("pageNonce", () => {
  it("is 16 bytes in base64, and never the same twice across several refills of its pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const n = pageNonce();
      expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(n, "base64")).toHaveLength(16);
      seen.add(n);
    }
    expect(seen.size).toBe(2000);
  });
});
