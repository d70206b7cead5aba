import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "~/routes/api/auth";
import * as settingsRoute from "~/routes/api/settings";
import * as favoritesRoute from "~/routes/public/favorites";
import * as specialRequestRoute from "~/routes/public/special-request";
import { buildUser } from "../factories";
import { listen, testBuild } from "../fixtures/router-harness";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 12 finding 9: a body over a route's limit answers 413 with the limit in the message, in the shape the caller
 * expects, and on a real server the connection stays usable (no reset).
 */
const services = await startTestServices();
const buyer = await buildUser(services.db);
const cookie = await sessionCookieFor(services, buyer.email, "factory-pass-1");

const MB = 1024 * 1024;
const bigForm = { note: "a".repeat(MB) };
const bigJson = { intent: "file", note: "a".repeat(MB) };
const LIMIT_64K = "The request is too large: at most 64 KB.";
const LIMIT_16K = "The request is too large: at most 16 KB.";

type Fn = (args: any) => unknown;
const post = (fn: Fn, path: string, init: Parameters<typeof makeRequest>[1]) =>
  callRoute(fn as never, makeRequest(path, { method: "POST", ...init }));

describe("a body over the limit, route by route", () => {
  it("a page's form of 1 MB: 413 with the message as the page's error", async () => {
    const res = await post(specialRequestRoute.action, "/special-request", {
      cookie,
      form: bigForm,
      headers: { accept: "text/html" },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: LIMIT_64K });
  });

  it("the same action called with 1 MB of JSON: a JSON 413", async () => {
    const res = await post(specialRequestRoute.action, "/special-request", { cookie, json: bigJson });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body).toEqual({ success: false, error: LIMIT_64K, fields: null });
  });

  it("a route that reads its own form (favorites): 413 as the page's error", async () => {
    const res = await post(favoritesRoute.action, "/favorites", { form: bigForm, headers: { accept: "text/html" } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: LIMIT_64K });
  });

  it("better-auth's endpoints: 413 in better-auth's error shape before better-auth reads the body", async () => {
    const res = await post(authRoute.action, "/api/auth/sign-in/email", {
      json: { email: buyer.email, password: "a".repeat(MB) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: LIMIT_16K, code: "PAYLOAD_TOO_LARGE" });
    // A body of the right size still reaches better-auth.
    const ok = await post(authRoute.action, "/api/auth/sign-in/email", {
      json: { email: buyer.email, password: "factory-pass-1" },
    });
    expect(ok.status).toBe(200);
  });

  it("a JSON call that reads its own body (settings): 413 in its shape", async () => {
    const res = await post(settingsRoute.action, "/api/settings", { json: { columns: ["a".repeat(MB)] } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: LIMIT_16K, fields: {} });
  });

  it("a body sent without Content-Length (chunked) is counted while it is read", async () => {
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 16) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost:3000/special-request", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", cookie },
    } as RequestInit);
    const res = await callRoute(specialRequestRoute.action as never, request);
    expect(res.status).toBe(413);
    // It stopped reading just past the limit: the rest of the megabyte was never buffered.
    expect(pulled).toBeLessThan(6);
  });
});

describe("on a real HTTP server", () => {
  const build = testBuild({
    "buyer.special-request": { path: "special-request", module: specialRequestRoute },
    favorites: { path: "favorites", module: favoritesRoute },
    "api.auth": { path: "api/auth/*", module: authRoute },
  });
  let server: Awaited<ReturnType<typeof listen>>;
  // One connection, kept alive: the second request goes down the same socket as the first.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    server = await listen(build, { keepAliveTimeout: 1000 });
  });
  afterAll(async () => {
    agent.destroy();
    await server?.close();
  });

  function send(path: string, body: string, headers: Record<string, string>) {
    return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          path,
          method: "POST",
          agent,
          headers: {
            host: `localhost:${server.port}`,
            origin: server.origin,
            "content-length": String(Buffer.byteLength(body)),
            ...headers,
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c) => {
            text += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
          res.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
        },
      );
      req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
      req.end(body);
    });
  }

  /**
   * Sends these requests down one connection, one after the other without waiting (as a browser's form upload
   * does, the whole body is written before the answer is looked at), and reads until the server closes it: the
   * status lines it answered, and the socket error if the connection was reset rather than closed.
   */
  function pipeline(requests: { path: string; body: string; headers: Record<string, string> }[]) {
    return new Promise<{ statuses: number[]; error: string | null }>((resolve) => {
      const socket = net.connect(server.port, "127.0.0.1");
      let received = "";
      let error: string | null = null;
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => {
        received += chunk;
      });
      socket.on("error", (e: NodeJS.ErrnoException) => {
        error = e.code ?? e.message;
      });
      socket.on("close", () =>
        resolve({ statuses: [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1])), error }),
      );
      for (const [i, r] of requests.entries()) {
        const head = Object.entries({
          host: `localhost:${server.port}`,
          origin: server.origin,
          "content-length": String(Buffer.byteLength(r.body)),
          // The server closes the connection after the last answer (and only a reset ends it sooner).
          ...(i === requests.length - 1 ? { connection: "close" } : {}),
          ...r.headers,
        })
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join("");
        socket.write(`POST ${r.path} HTTP/1.1\r\n${head}\r\n`);
        socket.write(r.body);
      }
    });
  }

  it("a 1 MB JSON call and a 1 MB form over one connection: both get their 413, the connection is not reset", async () => {
    const json = { "content-type": "application/json", accept: "application/json", cookie };
    const form = { "content-type": "application/x-www-form-urlencoded", accept: "text/html", cookie };
    const out = await pipeline([
      { path: "/special-request", body: JSON.stringify(bigJson), headers: json },
      { path: "/special-request", body: new URLSearchParams(bigForm).toString(), headers: form },
      { path: "/api/auth/sign-in/email", body: JSON.stringify({ password: "a".repeat(MB) }), headers: json },
    ]);
    expect(out).toEqual({ statuses: [413, 413, 413], error: null });
  });

  it("the 413 carries the message, in the caller's shape", async () => {
    // The harness renders a page as JSON of React Router's context: the action's answer is under its route id.
    const actionAnswer = (r: unknown) => JSON.parse((r as { body: string }).body).actionData["buyer.special-request"];
    const json = { "content-type": "application/json", accept: "application/json", cookie };
    const form = { "content-type": "application/x-www-form-urlencoded", accept: "text/html", cookie };
    const first = await send("/special-request", JSON.stringify(bigJson), json);
    expect(first).toMatchObject({ status: 413 });
    expect(actionAnswer(first)).toMatchObject({ success: false, error: LIMIT_64K });
    const second = await send("/special-request", new URLSearchParams(bigForm).toString(), form);
    expect(second).toMatchObject({ status: 413 });
    expect(actionAnswer(second)).toMatchObject({ error: LIMIT_64K });
  });

  it("a 1 MB post answered before its body is read (signed out) leaves the connection usable", async () => {
    const json = { "content-type": "application/json", accept: "application/json" };
    const form = { "content-type": "application/x-www-form-urlencoded", accept: "text/html" };
    const out = await pipeline([
      { path: "/special-request", body: JSON.stringify(bigJson), headers: json },
      { path: "/favorites", body: "intent=toggle", headers: form },
    ]);
    expect(out.error).toBeNull();
    expect(out.statuses).toHaveLength(2);
    expect(out.statuses[0]).toBeGreaterThanOrEqual(300);
    expect(out.statuses[1]).toBe(400);
  });
});
