import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN } from "~/modules/accounts/accounts.schema";
import { checkShareValues, SHARE_EMAIL_PATTERN, SHARE_MESSAGES, SHAREABLE_PATH } from "./share";
import { ShareSchema } from "./share.schema";

const valid = { name: "Alex", email: "friend@example.org", message: "Hi", listing_url: "/listing-info/12" };

describe("checkShareValues (the browser's checks)", () => {
  it("passes a complete share", () => {
    expect(checkShareValues(valid)).toEqual({ missing: false, fields: {} });
  });

  it("flags every blank field as missing, with its own message", () => {
    const result = checkShareValues({ name: " ", email: "", message: "\n", listing_url: "" });
    expect(result.missing).toBe(true);
    expect(result.fields).toEqual({
      name: SHARE_MESSAGES.nameRequired,
      email: SHARE_MESSAGES.emailRequired,
      message: SHARE_MESSAGES.messageRequired,
      listing_url: SHARE_MESSAGES.listingUrlRequired,
    });
  });

  it("refuses a bad email and over-long text without calling it missing", () => {
    const result = checkShareValues({ ...valid, email: "friend@example", name: "x".repeat(101) });
    expect(result.missing).toBe(false);
    expect(result.fields).toEqual({ email: SHARE_MESSAGES.emailInvalid, name: SHARE_MESSAGES.nameTooLong });
  });

  it("agrees with the server's schema", () => {
    const samples = [
      valid,
      { ...valid, email: "a@b" },
      { ...valid, email: "a b@c.de" },
      { ...valid, name: "" },
      { ...valid, message: "x".repeat(2001) },
    ];
    for (const sample of samples) {
      const browserOk = Object.keys(checkShareValues(sample).fields).length === 0;
      expect(ShareSchema.safeParse(sample).success, JSON.stringify(sample)).toBe(browserOk);
    }
    expect(SHARE_EMAIL_PATTERN.source).toBe(EMAIL_PATTERN.source);
  });
});

describe("SHAREABLE_PATH", () => {
  it("matches the two listing pages only", () => {
    expect(SHAREABLE_PATH.exec("/listing-info/12")?.slice(1)).toEqual(["listing-info", "12"]);
    expect(SHAREABLE_PATH.exec("/broker-listings/7/")?.slice(1)).toEqual(["broker-listings", "7"]);
    for (const bad of ["/listing-info/0", "/listing-info/012", "/listing-info/1/x", "/listings/1", "/listing-info/"]) {
      expect(SHAREABLE_PATH.test(bad), bad).toBe(false);
    }
  });
});
