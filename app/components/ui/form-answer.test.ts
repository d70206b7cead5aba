import { describe, expect, it } from "vitest";
import { formAnswer } from "./form-answer";

describe("formAnswer (decision 0072)", () => {
  const refusal = {
    error: "Please correct the highlighted fields.",
    fields: { email: ["Email address is invalid, enter correct email."], name: ["Enter your name."] },
    values: { intent: "profile-info", email: "nope", name: "" },
  };

  it("gives each field its messages and what was typed; the error goes above the form only when no field says it", () => {
    const a = formAnswer(refusal);
    expect(a.refused).toBe(true);
    expect(a.errors("email")).toEqual(["Email address is invalid, enter correct email."]);
    expect(a.errors("phone")).toBeUndefined();
    expect(a.value("email", "stored@example.org")).toBe("nope");
    // A field the refused form did not send (a secret, an unticked box) comes back empty, not as stored.
    expect(a.value("password", "stored")).toBe("");
    expect(a.formErrors).toEqual([]);
    expect(formAnswer({ error: "Too many attempts.", fields: null, values: {} }).formErrors).toEqual([
      "Too many attempts.",
    ]);
  });

  it("leaves a form as stored when there is no answer, or when the refusal is another form's intent", () => {
    for (const a of [formAnswer(undefined), formAnswer(refusal, "password")]) {
      expect(a.refused).toBe(false);
      expect(a.errors("email")).toBeUndefined();
      expect(a.value("email", "stored@example.org")).toBe("stored@example.org");
      expect(a.values("tags", ["a"])).toEqual(["a"]);
    }
  });

  it("keeps a form as typed after a `stay` success that sends its values back (a preview)", () => {
    const a = formAnswer({ success: true, error: null, values: { title: "Draft", tags: ["x", "y"] } });
    expect(a.refused).toBe(false);
    expect(a.value("title", "Stored")).toBe("Draft");
    expect(a.values("tags")).toEqual(["x", "y"]);
  });
});
