import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptedEncodings,
  anonymousPageEtags,
  compressWholeAnswers,
  pageEtag,
  precompressed,
  WHOLE_ANSWER_BROTLI_QUALITY,
} from "./http-delivery.server";

const dir = mkdtempSync(path.join(tmpdir(), "vpm-delivery-"));
const script = "console.log('hello');\n".repeat(200);
writeFileSync(path.join(dir, "app-abc.js"), script);
writeFileSync(path.join(dir, "app-abc.js.br"), brotliCompressSync(script));
writeFileSync(path.join(dir, "app-abc.js.gz"), gzipSync(script));
writeFileSync(path.join(dir, "plain-abc.css"), "body{}");

const page = `<!doctype html><html><body>${"<p>A listing</p>".repeat(300)}</body></html>`;
/** Past compressWholeAnswers' `maxBytes` in this app: streamed by `compression`. */
const BIG_FROM = 64 * 1024;
const big = Array.from({ length: 100_000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join("");
const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4000, 7)]);
let base = "";
let server: ReturnType<ReturnType<typeof express>["listen"]>;

beforeAll(async () => {
  const app = express();
  app.use("/assets", precompressed(dir, "public, max-age=31536000, immutable"));
  app.use("/assets", express.static(dir));
  app.use(compression({ threshold: 1024 }));
  app.use(compressWholeAnswers({ threshold: 1024, maxBytes: BIG_FROM }));
  app.use(anonymousPageEtags({ sharedSeconds: 60 }));
  app.get("/page", (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // Written in pieces, as the streaming renderer does.
    res.write(page.slice(0, 100));
    res.end(page.slice(100));
  });
  let n = 0;
  app.get("/nonce", (_req, res) => {
    // A new nonce on every answer, in the CSP and in the page's scripts.
    const nonce = `nonce${++n}abc`;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
    res.end(`<!doctype html><script nonce="${nonce}">1</script>${page}`);
  });
  app.get("/flash", (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Set-Cookie", "flash=; Max-Age=0");
    res.end(page);
  });
  app.get("/pieces", (_req, res) => {
    // As React Router's adapter writes: a piece, then a flush, each time.
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    const flush = () => (res as unknown as { flush: () => void }).flush();
    res.write(page.slice(0, 1000));
    flush();
    res.write(page.slice(1000, 3000));
    flush();
    res.end(page.slice(3000));
  });
  app.get("/big", async (_req, res) => {
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    // The writes held, and the one that passes the limit, have their callbacks called (once the answer streams,
    // `compression` does not call them: the last write goes without one).
    for (let i = 0; i < 3; i++)
      await new Promise<void>((done) => res.write(big.slice(i * 25_000, (i + 1) * 25_000), () => done()));
    res.write(big.slice(75_000));
    res.end();
  });
  app.get("/small", (_req, res) => {
    res.type("text/plain").end("A short answer.");
  });
  app.get("/binary", (_req, res) => {
    res.type("application/pdf").end(pdf);
  });
  app.get("/no-transform", (_req, res) => {
    res.setHeader("Cache-Control", "private, no-transform");
    res.type("text/plain").end(big);
  });
  app.get("/json", (_req, res) => {
    res.json({ rows: Array.from({ length: 200 }, (_, i) => ({ i, name: "Saratoga Springs" })) });
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** fetch undoes the encoding itself; the test of JSON reads the raw bytes through node:http. */
const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { headers });

describe("build assets", () => {
  it("sends the Brotli copy, else the gzip one, else the file, with its type and Vary", async () => {
    const br = await get("/assets/app-abc.js", { "accept-encoding": "gzip, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await br.text()).toBe(script);

    const gz = await get("/assets/app-abc.js", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toBe(script);

    const plain = await get("/assets/app-abc.js", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(script);

    // No copy: the file itself; a path out of the folder is not served from it.
    const css = await get("/assets/plain-abc.css", { "accept-encoding": "br" });
    expect(css.headers.get("content-encoding")).toBeNull();
    expect(await css.text()).toBe("body{}");
    expect((await get("/assets/..%2f..%2fetc%2fpasswd", { "accept-encoding": "br" })).status).toBe(404);
  });

  it("reads Accept-Encoding with q-values", () => {
    expect([...acceptedEncodings("gzip, deflate, br")]).toEqual(["gzip", "deflate", "br"]);
    expect(acceptedEncodings("br;q=0, gzip;q=0.5").has("br")).toBe(false);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});

describe("pages and JSON", () => {
  it("compresses an anonymous page with Brotli, gives it an ETag and answers 304 to it", async () => {
    const first = await get("/page", { "accept-encoding": "br" });
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(await first.text()).toBe(page);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=60",
    );
    expect(first.headers.get("vary")).toContain("Cookie");

    const again = await get("/page", { "accept-encoding": "br", "if-none-match": etag ?? "" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    // An anonymous visitor with cookies (favourites): the browser may keep it, no shared cache.
    const withCookie = await get("/page", { cookie: "fav_listing_cookies=1,2" });
    expect(withCookie.headers.get("cache-control")).toBe("private, no-cache");
    expect(withCookie.headers.get("etag")).toBe(etag);
  });

  it("hashes a page without its CSP nonce, and a 304 keeps the browser's own CSP", async () => {
    const first = await get("/nonce");
    const second = await get("/nonce");
    expect(await first.text()).not.toBe(await second.text());
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const again = await get("/nonce", { "if-none-match": first.headers.get("etag") ?? "" });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
  });

  it("leaves signed-in pages and pages that set a cookie alone", async () => {
    const signedIn = await get("/page", { cookie: "better-auth.session_token=abc.def" });
    expect(signedIn.headers.get("etag")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBeNull();
    expect(await signedIn.text()).toBe(page);
    const flash = await get("/flash");
    expect(flash.headers.get("etag")).toBeNull();
  });

  it("compresses JSON answers", async () => {
    const res = await fetch(`${base}/json`, { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect((await res.json()).rows).toHaveLength(200);
    // The bytes on the wire are Brotli.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import("node:http").then(({ get: httpGet }) =>
        httpGet(`${base}/json`, { headers: { "accept-encoding": "br" } }, (r) => {
          const parts: Buffer[] = [];
          r.on("data", (c) => parts.push(c));
          r.on("end", () => resolve(Buffer.concat(parts)));
          r.on("error", reject);
        }),
      );
    });
    expect(JSON.parse(brotliDecompressSync(raw).toString()).rows).toHaveLength(200);
  });
});

/** The raw answer, as it came over the wire (fetch would undo the encoding). */
function rawGet(p: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    import("node:http").then(({ request }) => {
      const req = request(`${base}${p}`, { method, headers }, (r) => {
        const parts: Buffer[] = [];
        r.on("data", (c) => parts.push(c));
        r.on("end", () => resolve({ headers: r.headers, body: Buffer.concat(parts) }));
        r.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
  });
}

describe("compressWholeAnswers: an answer compressed in one call when it ends", () => {
  it("sends a page written in flushed pieces as one Brotli body with its length", async () => {
    const res = await rawGet("/pieces", { "accept-encoding": "gzip, br", cookie: "better-auth.session_token=a.b" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-length"]).toBe(String(res.body.byteLength));
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(res.body).toString()).toBe(page);
    // At the quality chosen for answers compressed as they are sent (1: decision 0107's addenda), not the default 11.
    expect(WHOLE_ANSWER_BROTLI_QUALITY).toBe(1);
    const atQuality = (quality: number) =>
      brotliCompressSync(page, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page),
        },
      });
    expect(res.body.equals(atQuality(1))).toBe(true);
    expect(res.body.equals(atQuality(3))).toBe(false);
  });

  it("uses gzip when Brotli is refused, and sends the page as it is when nothing is accepted", async () => {
    const gz = await rawGet("/pieces", { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = await rawGet("/pieces");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("keeps the anonymous page's ETag of the uncompressed page, and its 304", async () => {
    const first = await rawGet("/page", { "accept-encoding": "br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(first.body).toString()).toBe(page);
    const etag = String(first.headers.etag);
    expect(etag).toBe(pageEtag(Buffer.from(page), null));
    const again = await rawGet("/page", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.body.byteLength).toBe(0);
    expect(again.headers["content-encoding"]).toBeUndefined();
  });

  it("lets an answer past its limit stream through `compression`, whole and in order", async () => {
    const res = await rawGet("/big", { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    expect(brotliDecompressSync(res.body).toString()).toBe(big);
  });

  it("leaves small answers, other types, no-transform and HEAD as they are", async () => {
    const small = await rawGet("/small", { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("A short answer.");
    const binary = await rawGet("/binary", { "accept-encoding": "br" });
    expect(binary.headers["content-encoding"]).toBeUndefined();
    expect(binary.body.equals(pdf)).toBe(true);
    const kept = await rawGet("/no-transform", { "accept-encoding": "br" });
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.toString()).toBe(big);
    const head = await rawGet("/pieces", { "accept-encoding": "br" }, "HEAD");
    expect(head.body.byteLength).toBe(0);
  });
});

describe("pageEtag", () => {
  const nonce = "n0NcE-42";
  const withNonce = (n: string) =>
    `<script nonce="${n}">a()</script><p>Prix: 12 €</p><script nonce="${n}">b()</script>`;

  it("leaves every occurrence of the nonce out, so two answers that differ only in it share an ETag", () => {
    const a = pageEtag(Buffer.from(withNonce(nonce)), nonce);
    expect(pageEtag(Buffer.from(withNonce("other-1")), "other-1")).toBe(a);
    expect(a).toBe(pageEtag(Buffer.from(withNonce("")), null));
    expect(a).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it("hashes the same bytes as the page with its nonces cut out, at the start and the end too", () => {
    const body = `${nonce}<p>é</p>${nonce}${nonce}x${nonce}`;
    const expected = `W/"${createHash("sha1").update("<p>é</p>x").digest("base64url")}"`;
    expect(pageEtag(Buffer.from(body), nonce)).toBe(expected);
  });

  it("changes with the page", () => {
    const one = pageEtag(Buffer.from(withNonce(nonce)), nonce);
    expect(pageEtag(Buffer.from(withNonce(nonce).replace("12", "13")), nonce)).not.toBe(one);
  });
});
