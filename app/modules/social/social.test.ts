import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/lib/security-headers";
import { consentFromCookieHeader, PIXEL_EVENT_ORIGIN, PIXEL_SCRIPT_ORIGIN } from "./social";
import { pixelScript } from "./social.server";

describe("the cookie prompt and the pixel (issue 33)", () => {
  it("reads the answer from the Cookie header", () => {
    expect(consentFromCookieHeader(null)).toBeNull();
    expect(consentFromCookieHeader("a=1; vpm_consent=accepted")).toBe("accepted");
    expect(consentFromCookieHeader("vpm_consent=declined; b=2")).toBe("declined");
    expect(consentFromCookieHeader("vpm_consent=yes")).toBeNull();
    expect(consentFromCookieHeader("xvpm_consent=accepted")).toBeNull();
  });

  it("puts the id into Meta's snippet as a JSON string", () => {
    const s = pixelScript("1234567890");
    expect(s).toContain(`fbq('init',"1234567890")`);
    expect(s).toContain("https://connect.facebook.net/en_US/fbevents.js");
  });

  it("the CSP names the pixel's origins only for a page that loads it", () => {
    const plain = contentSecurityPolicy("n", { https: true });
    expect(plain).not.toContain("facebook");
    const withPixel = contentSecurityPolicy("n", {
      https: true,
      pixel: { script: PIXEL_SCRIPT_ORIGIN, events: PIXEL_EVENT_ORIGIN },
    });
    expect(withPixel).toContain(`script-src 'self' 'nonce-n' ${PIXEL_SCRIPT_ORIGIN}`);
    expect(withPixel).toContain(`connect-src 'self' ${PIXEL_EVENT_ORIGIN}`);
    expect(withPixel).toMatch(new RegExp(`img-src [^;]*${PIXEL_EVENT_ORIGIN}`));
  });
});
