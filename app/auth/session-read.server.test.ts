import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseCookieHeader, verifiedCookieValue } from "./session-read.server";

describe("parseCookieHeader: as better-call reads a Cookie header", () => {
  it("keeps the first value of a name, trims, unquotes and percent-decodes", () => {
    const c = parseCookieHeader(' a=1; b="two%20words" ; a=3; c=%E0%A4%A; d=x%3Dy');
    expect(c.get("a")).toBe("1");
    expect(c.get("b")).toBe("two words");
    expect(c.get("c")).toBe("%E0%A4%A"); // not decodable: kept as written
    expect(c.get("d")).toBe("x=y");
  });

  it("skips a piece without '=' and reads on", () => {
    const c = parseCookieHeader("junk; ok=1");
    expect(c.get("ok")).toBe("1");
    expect(parseCookieHeader(null).size).toBe(0);
  });
});

describe("verifiedCookieValue: better-auth's signed cookie", () => {
  const secret = "a-secret-of-more-than-thirty-two-characters";
  const sign = (value: string, key = secret) => `${value}.${createHmac("sha256", key).update(value).digest("base64")}`;

  it("gives the value when its signature holds", () => {
    expect(verifiedCookieValue(sign("token.with.dots"), secret)).toBe("token.with.dots");
  });

  it("refuses another secret's signature, a changed value, a cut signature, or no signature", () => {
    expect(verifiedCookieValue(sign("token", "another-secret"), secret)).toBeNull();
    expect(verifiedCookieValue(sign("token").replace(/^token/, "tokem"), secret)).toBeNull();
    expect(verifiedCookieValue(sign("token").slice(0, -2), secret)).toBeNull();
    expect(verifiedCookieValue("token", secret)).toBeNull();
    expect(verifiedCookieValue(undefined, secret)).toBeNull();
  });
});
