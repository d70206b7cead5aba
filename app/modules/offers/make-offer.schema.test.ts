import { describe, expect, it } from "vitest";
import { missingContactDetails, toPhoneE164 } from "./make-offer.schema";

describe("toPhoneE164", () => {
  it("reads US numbers as typed", () => {
    for (const raw of ["(407) 555-0123", "407.555.0123", "+1 407 555 0123", "1-407-555-0123", "001 407 555 0123"]) {
      expect(toPhoneE164(raw), raw).toBe("+14075550123");
    }
  });
  it("reads international numbers written with their country code", () => {
    expect(toPhoneE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toPhoneE164("0044 20 7946 0958")).toBe("+442079460958");
    expect(toPhoneE164("+61 2 9374 4000")).toBe("+61293744000");
  });
  it("refuses what is neither", () => {
    for (const raw of ["12", "555-0123", "020 7946 0958", "+1 123 555 0123", "+44 1234", "call me", "+0 123 456 789"]) {
      expect(toPhoneE164(raw), raw).toBeNull();
    }
  });
});

describe("missingContactDetails", () => {
  const full = {
    name: "Pat",
    phoneNumber: "+14075550123",
    addressLine1: "1 Main St",
    addressLine2: "",
    city: "Orlando",
    state: "FL",
    postalCode: "32801",
    country: "US",
  };
  it("names what the contract still lacks", () => {
    expect(missingContactDetails(full)).toEqual([]);
    expect(missingContactDetails({ ...full, name: " ", phoneNumber: "", state: "" })).toEqual([
      "name",
      "phoneNumber",
      "address",
    ]);
  });
});
