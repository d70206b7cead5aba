import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { anonymousPageEtags } from "./http-delivery.server";
import { createPageCache, mayHaveWritten } from "./page-cache.server";

/** The change feed, moved on by hand. */
let version = 0;
let clock = 1_000_000;
let renders = 0;
/** Holds the next render until released (a write lands while a page renders). */
let hold: Promise<void> | null = null;
let base = "";
let server: http.Server;
const cache = createPageCache({ changes: { version: () => version }, ttlMs: 60_000, now: () => clock });

beforeAll(async () => {
  const app = express();
  app.use(cache.serve);
  app.use(compression({ threshold: 1024 }));
  app.use(anonymousPageEtags({ sharedSeconds: 60, keep: cache.keep }));
  app.get(/^\/page/, async (req, res) => {
    renders++;
    if (hold) await hold;
    const nonce = `n${renders}x`;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
    res.write(`<!doctype html><script nonce="${nonce}">1</script>`);
    res.end(`<p>render ${renders} of ${req.originalUrl}</p>${"<p>A listing</p>".repeat(300)}`);
  });
  app.get("/flash", (_req, res) => {
    renders++;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Set-Cookie", "flash=; Max-Age=0");
    res.end(`<p>render ${renders}</p>`);
  });
  app.get("/missing", (_req, res) => {
    renders++;
    res.status(404).type("html").end(`<p>render ${renders}</p>`);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server?.close());

beforeEach(() => {
  version++;
  hold = null;
});

/** The raw answer (fetch would undo the encoding itself). */
function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}
const text = (r: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
  (r.headers["content-encoding"] === "br"
    ? brotliDecompressSync(r.body)
    : r.headers["content-encoding"] === "gzip"
      ? gunzipSync(r.body)
      : r.body
  ).toString("utf8");

describe("the anonymous page cache", () => {
  it("renders a page once and answers the same address again from memory, in every encoding", async () => {
    const first = await get("/page?a=1", { "accept-encoding": "br" });
    const before = renders;
    expect(first.headers["x-page-cache"]).toBeUndefined();
    const br = await get("/page?a=1", { "accept-encoding": "br" });
    const gz = await get("/page?a=1", { "accept-encoding": "gzip" });
    const plain = await get("/page?a=1");
    expect(renders).toBe(before);
    expect(br.headers["x-page-cache"]).toBe("hit");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const r of [br, gz, plain]) {
      expect(text(r)).toBe(text(first));
      expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(r.headers.etag).toBe(first.headers.etag);
      expect(r.headers["cache-control"]).toBe(first.headers["cache-control"]);
      expect(r.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
      expect(Number(r.headers["content-length"])).toBe(r.body.length);
    }
    // Another query string is another page.
    await get("/page?a=2");
    expect(renders).toBe(before + 1);
  });

  it("answers 304 from memory when the browser has the page", async () => {
    const first = await get("/page/etag");
    const again = await get("/page/etag", { "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.headers["content-security-policy"]).toBeUndefined();
    expect(again.body.length).toBe(0);
  });

  it("renders again once anything has changed, or the time is up", async () => {
    await get("/page/changes");
    const n = renders;
    version++;
    expect(text(await get("/page/changes"))).toContain(`render ${n + 1} `);
    await get("/page/changes");
    expect(renders).toBe(n + 1);
    clock += 60_001;
    await get("/page/changes");
    expect(renders).toBe(n + 2);
  });

  it("does not keep a page during whose rendering something changed", async () => {
    let release = () => {};
    hold = new Promise<void>((r) => {
      release = r;
    });
    const pending = get("/page/racing");
    await new Promise((r) => setTimeout(r, 50));
    version++; // a write commits while the page renders
    hold = null;
    release();
    await pending;
    const n = renders;
    await get("/page/racing");
    expect(renders).toBe(n + 1);
  });

  it("renders a page once for many requests that ask for it at the same time", async () => {
    let release = () => {};
    hold = new Promise<void>((r) => {
      release = r;
    });
    const n = renders;
    const asked = Array.from({ length: 6 }, () => get("/page/crowd", { "accept-encoding": "br" }));
    await new Promise((r) => setTimeout(r, 50));
    release();
    const answers = await Promise.all(asked);
    expect(renders).toBe(n + 1);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(text(a)).toBe(text(answers[0]));
    }
  });

  it("after a change during a rendering, the requests that waited for it render the page once between them", async () => {
    let release = () => {};
    hold = new Promise<void>((r) => {
      release = r;
    });
    const n = renders;
    const asked = Array.from({ length: 6 }, () => get("/page/herd"));
    await new Promise((r) => setTimeout(r, 50));
    version++; // a write (or a job) commits while the page renders: its rendering may not be served
    hold = null;
    release();
    const answers = await Promise.all(asked);
    // The first rendering, then one more for the five that waited; before the fix each of the five rendered it.
    expect(renders).toBe(n + 2);
    const waited = answers.slice(1).map(text);
    for (const a of answers) expect(a.status).toBe(200);
    expect(new Set(waited).size).toBe(1);
    expect(waited[0]).toContain(`render ${n + 2} of /page/herd`);
  });

  it("when the visitor whose request renders a page leaves, one of those waiting renders it for the rest", async () => {
    let release = () => {};
    hold = new Promise<void>((r) => {
      release = r;
    });
    const n = renders;
    const leaving = http.request(`${base}/page/left`);
    leaving.on("error", () => {});
    leaving.end();
    await new Promise((r) => setTimeout(r, 50));
    const asked = Array.from({ length: 4 }, () => get("/page/left"));
    await new Promise((r) => setTimeout(r, 50));
    leaving.destroy();
    await new Promise((r) => setTimeout(r, 50));
    hold = null;
    release();
    const answers = await Promise.all(asked);
    expect(renders).toBe(n + 2);
    expect(new Set(answers.map(text)).size).toBe(1);
  });

  it("when the time is up, one request renders the page again while the others get the kept one", async () => {
    const first = text(await get("/page/stale"));
    clock += 60_001;
    let release = () => {};
    hold = new Promise<void>((r) => {
      release = r;
    });
    const n = renders;
    const refreshing = get("/page/stale");
    await new Promise((r) => setTimeout(r, 50));
    const meanwhile = await get("/page/stale");
    expect(meanwhile.headers["x-page-cache"]).toBe("hit");
    expect(text(meanwhile)).toBe(first);
    release();
    const fresh = text(await refreshing);
    expect(fresh).toContain(`render ${n + 1} `);
    hold = null;
    expect(text(await get("/page/stale"))).toBe(fresh);
    expect(renders).toBe(n + 1);
    // Past its grace (one more time), a kept page is not answered at all.
    clock += 120_001;
    expect(text(await get("/page/stale"))).toContain(`render ${n + 2} `);
  });

  it("never answers from memory a visitor with a cookie or credentials, or a call for JSON", async () => {
    await get("/page/private");
    const n = renders;
    const asked: Record<string, string>[] = [
      { cookie: "better-auth.session_token=abc" },
      { cookie: "flash=x" },
      { authorization: "Basic eDp5" },
      { accept: "application/json" },
    ];
    for (const headers of asked) {
      const r = await get("/page/private", headers);
      expect(r.headers["x-page-cache"]).toBeUndefined();
    }
    expect(renders).toBe(n + 4);
  });

  it("keeps neither an answer that sets a cookie nor one that is not a 200", async () => {
    await get("/flash");
    await get("/flash");
    await get("/missing");
    const n = renders;
    await get("/flash");
    await get("/missing");
    expect(renders).toBe(n + 2);
  });

  it("answers a HEAD from memory without a body", async () => {
    await get("/page/head");
    const r = await get("/page/head", {}, "HEAD");
    expect(r.status).toBe(200);
    expect(r.headers["x-page-cache"]).toBe("hit");
    expect(r.body.length).toBe(0);
  });

  it("keeps at most its number of pages, dropping the least recently used", async () => {
    const small = createPageCache({ changes: { version: () => 1 }, maxEntries: 2 });
    const fakeRes = { getHeaders: () => ({ "content-type": "text/html" }) } as never;
    for (const url of ["/a", "/b", "/c"]) {
      const req = { method: "GET", headers: { host: "x" }, originalUrl: url, protocol: "http" } as never;
      small.keep(req)?.(fakeRes, Buffer.from(url), `W/"${url}"`);
    }
    expect(small.size()).toBe(2);
  });
});

describe("a client gone before its request reached the cache (issue 29, seen in CI)", () => {
  const fakeReq = (path: string) =>
    ({ method: "GET", headers: { host: "x" }, originalUrl: path, protocol: "http" }) as unknown as Parameters<
      ReturnType<typeof createPageCache>["serve"]
    >[0];
  const fakeRes = (closed: boolean) => {
    const res = new EventEmitter() as EventEmitter & { closed: boolean; destroyed: boolean; writableEnded: boolean };
    Object.assign(res, { closed, destroyed: closed, writableEnded: false });
    return res as unknown as Parameters<ReturnType<typeof createPageCache>["serve"]>[1];
  };
  const passedOn = (
    serve: ReturnType<typeof createPageCache>["serve"],
    res: ReturnType<typeof fakeRes>,
    path: string,
  ) =>
    new Promise<boolean>((resolve) => {
      serve(fakeReq(path), res, () => resolve(true));
      setTimeout(() => resolve(false), 200);
    });

  it("leaves no rendering behind for the next request to wait on", async () => {
    const c = createPageCache({ changes: { version: () => 1 } });
    // Its "close" came before the cache saw it, so no "close" will ever end a rendering registered for it.
    expect(await passedOn(c.serve, fakeRes(true), "/stuck")).toBe(true);
    expect(await passedOn(c.serve, fakeRes(false), "/stuck")).toBe(true);
  });

  it("a request waits for another's rendering for waitMs at the most, then renders the page itself", async () => {
    const c = createPageCache({ changes: { version: () => 1 }, waitMs: 50 });
    expect(await passedOn(c.serve, fakeRes(false), "/slow")).toBe(true);
    // The first is still rendering (its answer has not ended): the second waits, then goes on by itself.
    expect(await passedOn(c.serve, fakeRes(false), "/slow")).toBe(true);
  });
});

describe("mayHaveWritten: which finished answers empty the page cache (issue 29)", () => {
  const post = (status: number, location?: string, finished = true) =>
    mayHaveWritten({ method: "POST", status, location, finished });
  it("refused posts do not: 4xx, a redirect to sign in", () => {
    for (const status of [400, 401, 403, 404, 405, 409, 413, 422, 429]) expect(post(status)).toBe(false);
    expect(post(302, "/sign-in?redirectTo=%2Fv2%2Fprofile")).toBe(false);
    expect(post(303, "https://www.example.com/sign-in")).toBe(false);
    expect(mayHaveWritten({ method: "GET", status: 200, finished: true })).toBe(false);
    expect(mayHaveWritten({ method: "HEAD", status: 200, finished: true })).toBe(false);
    // The same refusals posted by the browser's script: 202 with the redirect in the body, marked by the header.
    expect(mayHaveWritten({ method: "POST", status: 202, refused: "sign-in", finished: true })).toBe(false);
    expect(mayHaveWritten({ method: "POST", status: 302, refused: "not-allowed", finished: true })).toBe(false);
  });
  it("anything else does: a success, a redirect elsewhere, a 5xx, a connection that closed early", () => {
    expect(post(200)).toBe(true);
    expect(post(202)).toBe(true);
    expect(post(303, "/dashboard")).toBe(true);
    expect(post(303, "/sign-in-help")).toBe(true);
    expect(post(500)).toBe(true);
    expect(post(400, undefined, false)).toBe(true);
    expect(mayHaveWritten({ method: "DELETE", status: 204, finished: true })).toBe(true);
  });
});
