import { describe, expect, it } from "vitest";
import { inactiveUserDaysOf, requireAdminTwoFactorOf } from "~/modules/settings/tweaks.schema";
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

describe("stored tweaks", () => {
  it("reads the inactive period defensively", () => {
    expect(inactiveUserDaysOf(30)).toBe(30);
    expect(inactiveUserDaysOf("45")).toBe(45);
    for (const bad of [null, undefined, 6, 731, 10.5, "lots", true]) expect(inactiveUserDaysOf(bad)).toBe(90);
  });
  it("reads the two-factor switch as on only when it is true", () => {
    expect(requireAdminTwoFactorOf(true)).toBe(true);
    expect(requireAdminTwoFactorOf("true")).toBe(true);
    for (const v of [false, null, "on", 1]) expect(requireAdminTwoFactorOf(v)).toBe(false);
  });
});
