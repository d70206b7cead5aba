import { describe, expect, it } from "vitest";
import { describeUserAgent, userStatusOf } from "./admin-users.schema";

describe("admin users helpers", () => {
  it("names the browser and system of a user agent", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      ),
    ).toBe("Chrome on Windows");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iPhone");
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox on Linux",
    );
    expect(describeUserAgent("curl/8.5.0")).toBe("curl/8.5.0");
    expect(describeUserAgent(null)).toBe("Unknown");
  });

  it("derives a status: suspended first, then verified or not", () => {
    expect(userStatusOf({ banned: true, emailVerified: true })).toBe("suspended");
    expect(userStatusOf({ banned: null, emailVerified: true })).toBe("active");
    expect(userStatusOf({ banned: false, emailVerified: false })).toBe("unverified");
  });
});
