import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Viewer } from "~/auth/abilities";
import { formToObject, handleAction, intent, readActionBody, samePlace, wantsJson } from "./action.server";
import { AppError } from "./errors";

const actor: Viewer = {
  id: "u1",
  name: "Ann",
  email: "ann@example.org",
  role: "admin",
  staffRole: "admin",
  userUniqid: "abc",
  emailVerified: true,
  impersonatedBy: null,
};

const form = (path: string, fields: [string, string][], headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
const json = (path: string, body: string) =>
  new Request(`http://localhost${path}`, { method: "POST", body, headers: { "content-type": "application/json" } });

/** What handleAction answered: a Response, or React Router's data() (a page's refusal or report). */
async function outcome(r: unknown) {
  if (r instanceof Response) {
    const text = await r.text();
    return {
      status: r.status,
      location: r.headers.get("location"),
      body: text ? JSON.parse(text) : null,
      cookie: r.headers.get("set-cookie"),
    };
  }
  const d = r as { data: unknown; init: { status?: number } | null };
  return { status: d.init?.status ?? 200, location: null, body: d.data, cookie: null };
}

const Rename = z.object({ name: z.string().min(2, "Enter a name."), tags: z.array(z.string()).default([]) });
const intents = {
  rename: intent(Rename, async ({ input }) => `Renamed to ${input.name} (${input.tags.join("+")}).`),
  refuse: intent(z.object({}), async () => {
    throw new AppError("CONFLICT", "Already done.");
  }),
  report: intent(z.object({}), async () => ({ message: "Checked.", json: { rows: 3 }, stay: true })),
};

describe("the action pipeline", () => {
  it("reads forms (repeated names and name[] become arrays) and JSON objects; refuses malformed or huge bodies", async () => {
    expect(formToObject(new URLSearchParams("a=1&b=2&b=3&c[]=x"))).toEqual({ a: "1", b: ["2", "3"], c: ["x"] });
    expect(await readActionBody(json("/x", '{"a":1}'))).toEqual({ a: 1 });
    await expect(readActionBody(json("/x", "{oops"))).rejects.toThrow("malformed");
    await expect(readActionBody(json("/x", "[1,2]"))).rejects.toThrow("JSON object");
    await expect(readActionBody(form("/x", [["a", "x".repeat(70_000)]]))).rejects.toThrow("too large");
  });

  it("answers a browser form with a 303 to the same page (query kept) and a toast", async () => {
    const res = await outcome(
      await handleAction(
        form("/admin/things.data?q=x&_routes=r", [
          ["intent", "rename"],
          ["name", "Bo"],
          ["tags[]", "a"],
          ["tags[]", "b"],
        ]),
        {
          actor,
          intents,
        },
      ),
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/things?q=x");
    expect(res.cookie).toContain("vpm_flash=");
  });

  it("refuses bad input with a 400 naming the field, and echoes what was typed (never a password)", async () => {
    const res = await outcome(
      await handleAction(
        form("/p", [
          ["intent", "rename"],
          ["name", "B"],
          ["password", "secret"],
        ]),
        { actor, intents },
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: "Enter a name.",
      fields: { name: ["Enter a name."] },
      values: { name: "B" },
    });
    expect((res.body as { values: object }).values).not.toHaveProperty("password");
  });

  it("maps an AppError to its status, refuses an unknown intent, and answers JSON to a call", async () => {
    expect((await outcome(await handleAction(form("/p", [["intent", "refuse"]]), { actor, intents }))).status).toBe(
      409,
    );
    expect((await outcome(await handleAction(form("/p", [["intent", "nope"]]), { actor, intents }))).status).toBe(400);
    const call = await outcome(
      await handleAction(json("/api/things", '{"intent":"rename","name":"Cy"}'), { actor, intents }),
    );
    expect(call).toMatchObject({ status: 200, body: { success: true, message: "Renamed to Cy ()." } });
    const refused = await outcome(await handleAction(json("/api/things", '{"intent":"refuse"}'), { actor, intents }));
    expect(refused).toMatchObject({ status: 409, body: { success: false, error: "Already done." } });
  });

  it("a `stay` result answers the page itself (a report), and a default intent serves a one-purpose form", async () => {
    const res = await outcome(await handleAction(form("/p", [["intent", "report"]]), { actor, intents }));
    expect(res).toMatchObject({ status: 200, body: { success: true, message: "Checked.", rows: 3 } });
    const dflt = await outcome(
      await handleAction(form("/p", [["name", "Di"]]), { actor, intents, defaultIntent: "rename" }),
    );
    expect(dflt.status).toBe(303);
  });

  it("knows a call from a page, and the page's own address", () => {
    expect(wantsJson(new Request("http://h/api/x"))).toBe(true);
    expect(wantsJson(new Request("http://h/p", { headers: { accept: "text/html,application/json" } }))).toBe(false);
    expect(samePlace(new Request("http://h/admin/_.data?index&a=1"))).toBe("/admin/?a=1");
  });
});
