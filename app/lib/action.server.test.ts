import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Viewer } from "~/auth/abilities";
import {
  formToObject,
  handleAction,
  handlePublicAction,
  intent,
  postOnly,
  publicIntent,
  readActionBody,
  readForm,
  refuseCall,
  samePlace,
  wantsJson,
} from "./action.server";
import { AppError } from "./errors";
import { fromForm, SENT_TWICE } from "./fields";

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

  it("refuses 1 MB of JSON or of a form with a 413 that names the limit, declared or counted while read", async () => {
    const MB = "x".repeat(1024 * 1024);
    const expectTooLarge = async (request: Request, limit = "64 KB", maxBytes?: number) => {
      const err = await readActionBody(request, maxBytes).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: "TOO_LARGE", status: 413 });
      expect((err as AppError).message).toBe(`The request is too large: at most ${limit}.`);
    };
    await expectTooLarge(json("/x", JSON.stringify({ a: MB })));
    await expectTooLarge(form("/x", [["a", MB]]));
    const multipart = new FormData();
    multipart.set("a", MB);
    await expectTooLarge(new Request("http://localhost/x", { method: "POST", body: multipart }), "16 KB", 16_384);
    // No Content-Length (a chunked body): counted while it is read.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(`{"a":"${MB}"}`));
        c.close();
      },
    });
    const chunked = new Request("http://localhost/x", {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "content-type": "application/json" },
    } as RequestInit);
    expect(chunked.headers.get("content-length")).toBeNull();
    await expectTooLarge(chunked);
  });

  it("answers a 1 MB body with 413: the page's error for a form, JSON for a call", async () => {
    const MB = "x".repeat(1024 * 1024);
    const page = await outcome(
      await handleAction(
        form("/p", [
          ["intent", "rename"],
          ["name", MB],
        ]),
        { actor, intents },
      ),
    );
    expect(page).toMatchObject({
      status: 413,
      body: { error: "The request is too large: at most 64 KB.", fields: null },
    });
    const call = await outcome(
      await handleAction(json("/api/things", JSON.stringify({ name: MB })), { actor, intents }),
    );
    expect(call).toMatchObject({
      status: 413,
      body: { success: false, error: "The request is too large: at most 64 KB." },
    });
  });

  it("readForm, for routes that read their own form: the form, or a 413 thrown in the caller's shape", async () => {
    expect((await readForm(form("/p", [["a", "1"]]))).get("a")).toBe("1");
    const thrown = await readForm(form("/p", [["a", "x".repeat(70_000)]])).catch((e: unknown) => e);
    expect(await outcome(thrown)).toMatchObject({
      status: 413,
      body: { error: "The request is too large: at most 64 KB." },
    });
    const call = await readForm(form("/api/p", [["a", "x".repeat(70_000)]]), 4096).catch((e: unknown) => e);
    expect(call).toBeInstanceOf(Response);
    expect(await outcome(call)).toMatchObject({
      status: 413,
      body: { success: false, error: "The request is too large: at most 4 KB." },
    });
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

describe("the one form pattern (decision 0072)", () => {
  const Code = z.object({ code: z.string().regex(/^\d{6}$/, "Enter the 6-digit code."), note: z.string().optional() });
  const Listing = fromForm(
    z.object({
      points: z.number({
        error: (i) => (i.input === undefined ? "Enter the points." : "The points must be a number."),
      }),
      firm: z.boolean().default(false),
      note: z.string().optional(),
      tags: z.array(z.string()).default([]),
    }),
  );

  it("serves a page anyone may use: no actor, a service's cookies and the toast's kind go along", async () => {
    const res = await outcome(
      await handlePublicAction(form("/sign-in", [["code", "123456"]]), {
        defaultIntent: "in",
        intents: {
          in: publicIntent(Code, async ({ input }) => {
            const headers = new Headers({ "set-cookie": `session=${input.code}; Path=/; HttpOnly` });
            return { redirectTo: "/dashboard", message: "Welcome back.", kind: "info", headers };
          }),
        },
      }),
    );
    expect(res).toMatchObject({ status: 303, location: "/dashboard" });
    expect(res.cookie).toContain("session=123456");
    // handleAction itself still refuses a visitor who is not signed in.
    const anon = await outcome(await handleAction(form("/p", [["intent", "report"]]), { actor: null, intents }));
    expect(anon).toMatchObject({ status: 401, body: { error: "Please sign in first." } });
  });

  it("never echoes a secret it is told of, and reads a JSON body on a public page as an empty form", async () => {
    const intentsOf = { in: publicIntent(Code, async () => "ok") };
    const res = await outcome(
      await handlePublicAction(
        form("/two-factor", [
          ["code", "12"],
          ["note", "hi"],
        ]),
        { defaultIntent: "in", hideFields: ["code"], intents: intentsOf },
      ),
    );
    expect(res).toMatchObject({ status: 400, body: { fields: { code: ["Enter the 6-digit code."] } } });
    expect((res.body as { values: object }).values).toEqual({ note: "hi" });
    const asJson = await outcome(
      await handlePublicAction(json("/two-factor", '{"code":"123456"}'), { defaultIntent: "in", intents: intentsOf }),
    );
    expect(asJson).toMatchObject({ status: 400, body: { success: false, fields: { code: [expect.any(String)] } } });
  });

  it("refuses a field of one value sent twice (issue 28) and leaves it out of the values; a list may repeat", async () => {
    const run = intent(Listing, async ({ input }) => ({ stay: true, json: { input } }));
    const twice = await outcome(
      await handleAction(
        form("/p", [
          ["points", "160"],
          ["points", "170"],
          ["note", "x"],
        ]),
        { actor, defaultIntent: "save", intents: { save: run } },
      ),
    );
    expect(twice).toMatchObject({ status: 400, body: { error: SENT_TWICE, fields: { points: [SENT_TWICE] } } });
    expect((twice.body as { values: object }).values).toEqual({ note: "x" });
    const ok = await outcome(
      await handleAction(
        form("/p", [
          ["points", "160"],
          ["firm", "on"],
          ["note", ""],
          ["tags", "a"],
          ["tags", "b"],
        ]),
        { actor, defaultIntent: "save", intents: { save: run } },
      ),
    );
    // fromForm: numbers parsed, a ticked box true, "" absent, as Conform's parseWithZod read them.
    expect(ok.body).toMatchObject({ input: { points: 160, firm: true, tags: ["a", "b"] } });
    expect((ok.body as { input: object }).input).not.toHaveProperty("note");
    const bad = await outcome(
      await handleAction(
        form("/p", [
          ["points", "lots"],
          ["firm", ""],
        ]),
        { actor, defaultIntent: "save", intents: { save: run } },
      ),
    );
    expect(bad.body).toMatchObject({ fields: { points: ["The points must be a number."] } });
    const empty = await outcome(
      await handleAction(form("/p", [["points", ""]]), { actor, defaultIntent: "save", intents: { save: run } }),
    );
    expect(empty.body).toMatchObject({ fields: { points: ["Enter the points."] } });
  });
});

describe("the admin-call answer", () => {
  const calls = {
    mark: intent(z.unknown(), async ({ body }) => ({ message: "Marked.", json: { marked: Object.keys(body).length } })),
    missing: intent(z.unknown(), async () => {
      throw new AppError("NOT_FOUND", "That notification is gone.");
    }),
    forbidden: intent(z.unknown(), async () => {
      throw new AppError("FORBIDDEN", "Administrators only.");
    }),
  };
  const opts = {
    actor,
    intents: calls,
    reply: "admin-call" as const,
    maxBytes: 4096,
    returnTo: "/admin/dashboard?x=1",
  };

  it("answers a fetch with { success, message, ...json } and refuses with { success: false, error } and the status", async () => {
    const ok = await outcome(await handleAction(json("/api/admin/n", '{"intent":"mark","a":1}'), opts));
    expect(ok).toEqual({
      status: 200,
      location: null,
      body: { success: true, message: "Marked.", marked: 2 },
      cookie: null,
    });
    const gone = await outcome(await handleAction(json("/api/admin/n", '{"intent":"missing"}'), opts));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ success: false, error: "That notification is gone." });
    const fetched = await outcome(
      await handleAction(form("/api/admin/n", [["intent", "mark"]], { accept: "application/json" }), opts),
    );
    expect(fetched).toMatchObject({ status: 200, body: { success: true, message: "Marked.", marked: 1 } });
  });

  it("is POST only (405), refuses an unreadable body with 400 and an oversized one with 413", async () => {
    const put = (await handleAction(new Request("http://localhost/api/admin/n", { method: "PUT" }), opts)) as Response;
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("POST");
    expect(await put.json()).toEqual({ success: false, error: "Send a POST request." });
    const res = await outcome(await handleAction(json("/api/admin/n", "{oops"), opts));
    expect(res).toEqual({
      status: 400,
      location: null,
      body: { success: false, error: "The request could not be read: send JSON or a form." },
      cookie: null,
    });
    const big = await outcome(await handleAction(form("/api/admin/n", [["a", "x".repeat(5000)]]), opts));
    expect(big).toEqual({
      status: 413,
      location: null,
      body: { success: false, error: "The request is too large: at most 4 KB." },
      cookie: null,
    });
  });

  it("sends a plain form post (JavaScript off) back to the admin page with a toast; 401/403 stay JSON", async () => {
    const navigate = { "sec-fetch-mode": "navigate", accept: "text/html" };
    const ok = await outcome(await handleAction(form("/api/admin/n", [["intent", "mark"]], navigate), opts));
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/admin/dashboard?x=1");
    expect(ok.cookie).toContain("vpm_flash=");
    const gone = await outcome(await handleAction(form("/api/admin/n", [["intent", "missing"]], navigate), opts));
    expect(gone.status).toBe(303);
    expect(gone.location).toBe("/admin/dashboard?x=1");
    expect(gone.cookie).toContain("vpm_flash=");
    const denied = await outcome(await handleAction(form("/api/admin/n", [["intent", "forbidden"]], navigate), opts));
    expect(denied).toMatchObject({ status: 403, body: { success: false, error: "Administrators only." } });
    expect(await (postOnly("admin-call", "Send a POST request with notification_id.") as Response).json()).toEqual({
      success: false,
      error: "Send a POST request with notification_id.",
    });
  });
});

describe("the user-json answer", () => {
  const calls = {
    call: intent(z.unknown(), async ({ input }) => {
      const v = (input as { value?: string }).value;
      if (v === "bad") throw new AppError("BAD_INPUT", "Enter a value.", { value: ["Enter a value."] });
      if (v === "quiet") return { data: false };
      return { data: { value: v }, message: "Saved.", json: { redirectTo: "/profile" } };
    }),
  };
  const opts = { intents: calls, defaultIntent: "call", reply: "user-json" as const, maxBytes: 16_384 };

  it("answers { data, message?, ...json } and refuses with { data: false, error, fields } and the status", async () => {
    const ok = await outcome(await handleAction(json("/update-email", '{"value":"x"}'), { ...opts, actor }));
    expect(ok).toEqual({
      status: 200,
      location: null,
      body: { data: { value: "x" }, message: "Saved.", redirectTo: "/profile" },
      cookie: null,
    });
    const quiet = await outcome(await handleAction(form("/check", [["value", "quiet"]]), { ...opts, actor }));
    expect(quiet.body).toEqual({ data: false });
    const bad = await outcome(await handleAction(json("/check", '{"value":"bad"}'), { ...opts, actor }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ data: false, error: "Enter a value.", fields: { value: ["Enter a value."] } });
  });

  it("refuses with 405 (Allow: POST) before asking who is signed in, then 401 whatever the Accept header", async () => {
    const put = (await handleAction(new Request("http://localhost/check", { method: "PUT" }), {
      ...opts,
      actor: null,
    })) as Response;
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("POST");
    expect(await put.json()).toEqual({ data: false, error: "Send a POST request.", fields: {} });
    const out = await outcome(
      await handleAction(form("/check", [["value", "x"]], { accept: "text/html" }), { ...opts, actor: null }),
    );
    expect(out).toEqual({
      status: 401,
      location: null,
      body: { data: false, error: "Please sign in first.", fields: {} },
      cookie: null,
    });
    const huge = await outcome(await handleAction(form("/check", [["value", "x".repeat(17_000)]]), { ...opts, actor }));
    expect(huge).toMatchObject({
      status: 413,
      body: { data: false, error: "The request is too large: at most 16 KB." },
    });
    expect(await refuseCall("user-json", 404, "No such user.").json()).toEqual({
      data: false,
      error: "No such user.",
      fields: {},
    });
  });
});
