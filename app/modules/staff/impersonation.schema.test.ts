import { describe, expect, it } from "vitest";
import { safeAdminReturnPath } from "./impersonation.schema";

describe("safeAdminReturnPath", () => {
  it("keeps admin paths of this site", () => {
    expect(safeAdminReturnPath("/admin")).toBe("/admin");
    expect(safeAdminReturnPath("/admin/dashboard")).toBe("/admin/dashboard");
    expect(safeAdminReturnPath("/admin/pending-listings?page=2")).toBe("/admin/pending-listings?page=2");
  });
  it("refuses anything that could leave the admin area or the site", () => {
    for (const bad of [
      null,
      "",
      "/",
      "/administrator",
      "//evil.example/admin",
      "https://evil.example/admin",
      "/admin\\..\\evil",
      "/v2/profile",
      "/admin/users/impersonate-leave",
      "/admin/users/impersonate/abc",
      `/admin/${"x".repeat(600)}`,
    ]) {
      expect(safeAdminReturnPath(bad), String(bad)).toBeNull();
    }
  });
});
