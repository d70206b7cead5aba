import { describe, expect, it } from "vitest";
import { safeRedirect, safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/resorts")).toBe("/resorts");
    expect(safeRedirectPath("/listings?resort=AKV&page=2")).toBe("/listings?resort=AKV&page=2");
    expect(safeRedirectPath("/profile#security")).toBe("/profile#security");
    expect(safeRedirectPath("/listings?q=a%2Fb")).toBe("/listings?q=a%2Fb");
    expect(safeRedirectPath("/a/../b")).toBe("/b");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("refuses everything that could leave the site", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%09/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/%0A/evil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/%252F%252Fevil.example",
      "/./\\evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "https://evil.example",
      "http:evil.example",
      "javascript:alert(1)",
      " //evil.example",
      "evil.example",
      "",
      "/%E0%A4%A",
      `/${"a".repeat(2001)}`,
      null,
      undefined,
      42,
      ["/ok"],
    ]) {
      expect(safeRedirectPath(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("falls back when refused", () => {
    expect(safeRedirect("//evil.example", "/dashboard")).toBe("/dashboard");
    expect(safeRedirect("/resorts", "/dashboard")).toBe("/resorts");
  });
});
