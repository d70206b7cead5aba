import { describe, expect, it } from "vitest";
import { describeError } from "./error-page";

describe("describeError", () => {
  it("never shows an unexpected error's message or stack to a visitor", () => {
    const e = new Error("connection refused at db.internal:5432");
    const shown = describeError(e);
    expect(shown.title).toBe("Something went wrong");
    expect(JSON.stringify(shown)).not.toContain("db.internal");
  });

  it("explains 404, 403 and a request error with its message", () => {
    const response = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });
    expect(describeError(response(404, null)).title).toBe("Page not found");
    expect(describeError(response(403, null)).title).toBe("Not allowed");
    expect(describeError(response(400, { error: "Use POST." }))).toEqual({
      title: "Request error (400)",
      detail: "Use POST.",
    });
    expect(describeError(response(500, "stack trace here")).title).toBe("Something went wrong");
  });
});
