import { describe, expect, it } from "vitest";
import { SETTING_FIELDS, SETTING_FIELDS_BY_NAME } from "./settings-fields";

const parse = (name: string, value: unknown) => SETTING_FIELDS_BY_NAME.get(name)?.schema.safeParse(value);

describe("the settings whitelist", () => {
  it("covers every user setting of SPEC section 3", () => {
    const names = new Set(SETTING_FIELDS.map((f) => f.name));
    for (const n of [
      "salutation",
      "testimonial_short_name",
      "first_sentence_of_contract",
      "us_member",
      "us_phone_number",
      "phone_number_alert",
      "sms_enabled",
      "auto_send_email",
      "offer_email_opened_notify",
      "offer_viewed_notify",
      "offer_email_opened_sms",
      "offer_viewed_sms",
      "is_feedback_given",
      "role",
      "buyer_low_offer_enabled",
      "buyer_low_offer_value",
      "buyer_high_offer_enabled",
      "buyer_high_offer_value",
      "no_of_allowed_offers",
    ]) {
      expect(names.has(n), n).toBe(true);
    }
  });

  it("marks the admin settings and the lock flags admin-only, and nothing a user needs", () => {
    const adminOnly = SETTING_FIELDS.filter((f) => f.adminOnly).map((f) => f.name);
    expect(adminOnly).toEqual(
      expect.arrayContaining(["buyer_low_offer_value", "no_of_allowed_offers", "is_feedback_given", "lock_salutation"]),
    );
    expect(adminOnly).not.toContain("sms_enabled");
  });

  it("checks values per field", () => {
    expect(parse("sms_enabled", "true")?.data).toBe(true);
    expect(parse("sms_enabled", "maybe")?.success).toBe(false);
    expect(parse("buyer_low_offer_value", "35")?.data).toBe(35);
    expect(parse("buyer_low_offer_value", 101)?.success).toBe(false);
    expect(parse("buyer_low_offer_value", 2.5)?.success).toBe(false);
    expect(parse("role", "admin")?.success).toBe(false);
    expect(parse("salutation", "  ")?.data).toBeNull();
    expect(parse("salutation", "x".repeat(61))?.success).toBe(false);
  });
});
