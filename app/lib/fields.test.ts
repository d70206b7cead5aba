import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors";
import {
  EMAIL_INVALID,
  email,
  hasForbiddenCharacters,
  id,
  idList,
  idParam,
  INT4_MAX,
  int,
  isDbId,
  optionalId,
  optionalText,
  password,
  searchText,
  text,
  toDbId,
  token,
} from "./fields";

const issues = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  // A value of the wrong type can draw the same message twice (zod also runs the length check on an array).
  return r.success ? [] : [...new Set(r.error.issues.map((i) => i.message))];
};

describe("hasForbiddenCharacters", () => {
  it("finds NUL, other C0 controls, DEL, C1 controls and lone surrogates", () => {
    for (const bad of ["a\u0000b", "\u0001", "a\u001fb", "\u007f", "\u0085", "\u009f", "x\ud800", "\udc00y"]) {
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
  });

  it("lets tab and line breaks through only in multiline text", () => {
    for (const c of ["\t", "\n", "\r\n"]) {
      expect(hasForbiddenCharacters(`a${c}b`)).toBe(true);
      expect(hasForbiddenCharacters(`a${c}b`, true)).toBe(false);
    }
    expect(hasForbiddenCharacters("a\u0000b", true)).toBe(true);
  });

  it("accepts ordinary text, accents, emoji and non-breaking spaces", () => {
    for (const ok of ["Zoë O'Brien-Smith", "東京", "🏰 castle", "a\u00a0b", ""])
      expect(hasForbiddenCharacters(ok)).toBe(false);
  });
});

describe("text", () => {
  const name = text({ label: "Your name", max: 10, min: 2, required: "Please enter your name." });

  it("trims and keeps good text", () => {
    expect(name.parse("  Pat  ")).toBe("Pat");
  });

  it("refuses missing, short, long and control characters with its messages", () => {
    expect(issues(name, undefined)).toEqual(["Please enter your name."]);
    expect(issues(name, 42)).toEqual(["Please enter your name."]);
    expect(issues(name, ["Pat"])).toEqual(["Please enter your name."]);
    expect(issues(name, " ")).toEqual(["Please enter your name."]);
    expect(issues(name, "P")).toEqual(["Please enter your name."]);
    expect(issues(name, "x".repeat(5000))).toEqual(["Your name can be at most 10 characters."]);
    expect(issues(name, "Pa\u0000t")).toEqual(["Your name cannot contain control characters."]);
    expect(issues(name, "Pa\nt")).toEqual(["Your name cannot contain control characters."]);
  });

  it("builds default messages from the label", () => {
    const city = text({ label: "City", max: 5000 });
    expect(issues(city, "")).toEqual(["Enter city."]);
    expect(issues(city, "x".repeat(5001))).toEqual(["City can be at most 5,000 characters."]);
    expect(issues(text({ label: "The title", max: 9, min: 3 }), "ab")).toEqual([
      "The title needs at least 3 characters.",
    ]);
  });

  it("allows line breaks and tabs in multiline text, never NUL", () => {
    const notes = text({ label: "Notes", max: 100, multiline: true });
    expect(notes.parse("one\r\n\ttwo")).toBe("one\r\n\ttwo");
    expect(issues(notes, "one\u0000two")).toEqual(["Notes cannot contain control characters."]);
  });
});

describe("optionalText", () => {
  it("turns missing, null and blank into `empty`", () => {
    const line2 = optionalText({ label: "Address line 2", max: 5 });
    expect(line2.parse(undefined)).toBeUndefined();
    expect(line2.parse(null)).toBeUndefined();
    expect(line2.parse("  ")).toBeUndefined();
    expect(optionalText({ label: "X", max: 5, empty: null }).parse("")).toBeNull();
    expect(line2.parse(" ab ")).toBe("ab");
  });

  it("checks what is there", () => {
    const line2 = optionalText({ label: "Address line 2", max: 5 });
    expect(issues(line2, "abcdef")).toEqual(["Address line 2 can be at most 5 characters."]);
    expect(issues(line2, "a\u0000")).toEqual(["Address line 2 cannot contain control characters."]);
    expect(issues(line2, 7)).toEqual(["Address line 2 must be text."]);
    expect(issues(line2, { a: 1 })).toEqual(["Address line 2 must be text."]);
  });
});

describe("email", () => {
  it("trims and lower-cases a good address", () => {
    expect(email().parse("  Pat@Example.COM ")).toBe("pat@example.com");
  });

  it("refuses bad shapes, NUL, long addresses and non-text with one message", () => {
    for (const bad of [
      undefined,
      null,
      7,
      ["a@b.co"],
      "",
      "pat",
      "pat@example",
      "p at@example.com",
      "pat\u0000@example.com",
      `${"a".repeat(250)}@b.co`,
      `${"a".repeat(4000)}@example.com`,
    ]) {
      expect(issues(email(), bad), String(bad).slice(0, 40)).toEqual([EMAIL_INVALID]);
    }
  });

  it("refuses a long address without backtracking through the pattern", () => {
    const start = performance.now();
    expect(issues(email(), `a@${".".repeat(60_000)}@`)).toEqual([EMAIL_INVALID]);
    expect(performance.now() - start).toBeLessThan(100);
  });
});

describe("ids", () => {
  it("accepts 1 to 2,147,483,647 as a number or a numeric string", () => {
    expect(id().parse(1)).toBe(1);
    expect(id().parse("42")).toBe(42);
    expect(id().parse(" 42 ")).toBe(42);
    expect(id().parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it("refuses everything else with its one message", () => {
    for (const bad of [
      undefined,
      null,
      "",
      0,
      -1,
      "-1",
      1.5,
      "1.5",
      "1e3",
      "0x10",
      INT4_MAX + 1,
      "2147483648",
      "99999999999",
      99999999999,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      [1],
      { id: 1 },
      "1\u0000",
    ]) {
      expect(issues(id("Choose a listing."), bad), String(bad)).toEqual(["Choose a listing."]);
    }
  });

  it("optionalId lets missing and empty through", () => {
    expect(optionalId().parse(undefined)).toBeUndefined();
    expect(optionalId().parse("")).toBeUndefined();
    expect(optionalId().parse("7")).toBe(7);
    expect(issues(optionalId("No."), "2147483648")).toEqual(["No."]);
  });

  it("idList takes one value, repeats or a list, and refuses any bad id", () => {
    expect(idList("Bad.").parse(undefined)).toEqual([]);
    expect(idList("Bad.").parse("3")).toEqual([3]);
    expect(idList("Bad.").parse(["3", 4, "3"])).toEqual([3, 4]);
    expect(issues(idList("Bad."), ["3", "99999999999"])).toEqual(["Bad."]);
    expect(issues(idList("Bad.", 2), [1, 2, 3])).toEqual(["Bad."]);
    expect(issues(idList("Bad."), [[1]])).toEqual(["Bad."]);
  });

  it("idParam gives the number or a 404", () => {
    expect(idParam("12")).toBe(12);
    for (const bad of [undefined, "", "0", "-1", "2147483648", "99999999999", "1.0", " 1", "1\u0000", "abc"]) {
      let err: unknown;
      try {
        idParam(bad, "There is no such listing.");
      } catch (e) {
        err = e;
      }
      expect(err, String(bad)).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(404);
      expect((err as AppError).message).toBe("There is no such listing.");
    }
  });

  it("isDbId and toDbId", () => {
    expect(isDbId(INT4_MAX)).toBe(true);
    expect(isDbId(INT4_MAX + 1)).toBe(false);
    expect(isDbId("5")).toBe(false);
    expect(toDbId("5")).toBe(5);
    expect(toDbId("5.0")).toBeNull();
  });
});

describe("int", () => {
  const days = int({ min: 0, max: 3650, message: "Enter 0 to 3650 days." });
  it("takes whole numbers in range from numbers or plain strings", () => {
    expect(days.parse("0")).toBe(0);
    expect(days.parse(3650)).toBe(3650);
    expect(days.parse(" 12 ")).toBe(12);
  });
  it("refuses the rest", () => {
    for (const bad of [undefined, "", "-1", "3651", "1.5", "1e2", 99999999999, [1], true]) {
      expect(issues(days, bad), String(bad)).toEqual(["Enter 0 to 3650 days."]);
    }
  });
});

describe("password and token", () => {
  it("password keeps spaces and caps the length", () => {
    const p = password({ min: 6, tooShort: "Too short." });
    expect(p.parse(" secret ")).toBe(" secret ");
    expect(issues(p, "abc")).toEqual(["Too short."]);
    expect(issues(p, "x".repeat(129))).toEqual(["Password can be at most 128 characters."]);
    expect(issues(p, undefined)).toEqual(["Please enter your password."]);
  });

  it("token is printable ASCII within bounds", () => {
    const t = token({ message: "Bad link.", min: 10 });
    expect(t.parse("abcDEF123_-.")).toBe("abcDEF123_-.");
    for (const bad of [
      undefined,
      "short",
      "abc def ghij",
      "abcdefghij\u0000",
      "x".repeat(201),
      "abcdéfghijk",
      ["abcdefghijk"],
    ]) {
      expect(issues(t, bad), String(bad)).toEqual(["Bad link."]);
    }
  });
});

describe("searchText", () => {
  it("never fails: control characters become spaces, then trimmed and cut", () => {
    expect(searchText("  pat\u0000smith ")).toBe("pat smith");
    expect(searchText("a\u0085b")).toBe("a b");
    expect(searchText("x".repeat(500))).toHaveLength(100);
    expect(searchText("abc", 2)).toBe("ab");
    expect(searchText(null)).toBe("");
    expect(searchText(["q"])).toBe("");
    expect(searchText(`${"a".repeat(99)}\ud83c\udff0`)).toBe(`${"a".repeat(99)}\ufffd`);
  });
});

describe("the helpers as keys of an object", () => {
  const Form = z.object({
    listingId: id("Choose a listing."),
    resorts: idList("Choose resorts."),
    days: int({ min: 0, max: 9, message: "Days." }).optional(),
    titleCompanyId: optionalId("Choose a title company."),
    note: optionalText({ label: "Note", max: 9 }),
    line2: optionalText({ label: "Line 2", max: 9, empty: null }),
  });

  it("judges a missing key with the helper's own message, or lets an optional one be", () => {
    expect(issues(Form, {})).toEqual(["Choose a listing."]);
    expect(Form.parse({ listingId: "4" })).toEqual({ listingId: 4, resorts: [], line2: null });
    expect(Form.parse({ listingId: 4, days: "3", titleCompanyId: "", note: " hi " })).toEqual({
      listingId: 4,
      resorts: [],
      days: 3,
      note: "hi",
      line2: null,
    });
  });
});

describe("issue 28: repeated form fields and NUL bytes in query strings", () => {
  it("names the single-value fields sent more than once, never a list field or one the schema does not declare", async () => {
    const { z } = await import("zod");
    const { id, idList, int, repeatedSingleFields, text } = await import("./fields");
    const schema = z.object({
      resortId: id(),
      points: int({ min: 1, max: 10, message: "x" }),
      price: z.number(),
      name: text({ label: "Name", max: 10 }),
      ids: idList("x"),
      tags: z.array(z.string()).optional(),
      anything: z.unknown().optional(),
    });
    const form: [string, string][] = [
      ["resortId", "1"],
      ["resortId", "2"],
      ["points", "1"],
      ["points", "1"],
      ["price", "1"],
      ["name", "a"],
      ["name", "b"],
      ["ids", "1"],
      ["ids", "2"],
      ["tags", "a"],
      ["tags", "b"],
      ["anything", "1"],
      ["anything", "2"],
      ["stranger", "1"],
      ["stranger", "2"],
      ["list[]", "1"],
      ["list[]", "2"],
    ];
    expect(repeatedSingleFields(form, schema).sort()).toEqual(["name", "points", "resortId"]);
    // Through a discriminated union of intents and a refinement.
    const intents = z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("a"), n: z.number() }),
      z.object({ intent: z.literal("b"), ids: idList("x") }),
    ]);
    expect(
      repeatedSingleFields(
        [
          ["n", "1"],
          ["n", "2"],
          ["ids", "1"],
          ["ids", "2"],
        ],
        intents,
      ),
    ).toEqual(["n"]);
    expect(
      repeatedSingleFields(
        [
          ["price", "1"],
          ["price", "2"],
        ],
        schema.superRefine(() => {}),
      ),
    ).toEqual(["price"]);
  });

  it("finds a NUL byte in a query name or value", async () => {
    const { queryHasNul } = await import("./fields");
    expect(queryHasNul(new URL("http://x/reset-password?token=%00"))).toBe(true);
    expect(queryHasNul(new URL("http://x/?a%00=1"))).toBe(true);
    expect(queryHasNul(new URL("http://x/?q=a%01b&token=abc"))).toBe(false);
  });
});
