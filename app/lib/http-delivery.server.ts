/**
 * How server.ts delivers bytes (issue 12 "Speed"): build assets sent from the Brotli/gzip copies made at build time
 * (scripts/vite-precompress.ts), and an ETag with 304 answers for pages shown to visitors who are not signed in.
 * Compression of the dynamic answers is the `compression` middleware, set up in server.ts. Express only: no `~` imports,
 * so server.ts can load this file as it is.
 */
import { createHash } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
};

/** The encodings a client accepts, from its Accept-Encoding header (`br;q=0` refuses). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

/**
 * Serves `<file>.br` or `<file>.gz` from `root` for a GET or HEAD of `<file>` when the client accepts that encoding
 * and the copy exists, with the original's type, `Content-Encoding`, `Vary: Accept-Encoding` and `cacheControl`.
 * Anything else goes on to express.static (which answers the raw file, also with `Vary` set here).
 */
export function precompressed(root: string, cacheControl: string) {
  const base = path.resolve(root);
  const sizes = new Map<string, number | null>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      try {
        size = statSync(file).size;
      } catch {
        size = null;
      }
      sizes.set(file, size);
    }
    return size;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type) return next();
    res.setHeader("Vary", "Accept-Encoding");
    let file: string;
    try {
      file = path.resolve(base, `.${decodeURIComponent(req.path)}`);
    } catch {
      return next();
    }
    if (!file.startsWith(base + path.sep)) return next();
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    for (const [encoding, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!accepted.has(encoding)) continue;
      const size = sizeOf(file + ext);
      if (size === null) continue;
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", String(size));
      res.setHeader("Cache-Control", cacheControl);
      if (req.method === "HEAD") return res.end();
      createReadStream(file + ext)
        .on("error", next)
        .pipe(res);
      return;
    }
    next();
  };
}

/** The nonce of a page's Content-Security-Policy header, if it has one. */
export function cspNonce(csp: unknown): string | null {
  return /'nonce-([^']+)'/.exec(String(csp ?? ""))?.[1] ?? null;
}

/**
 * A page's ETag: of the page without its CSP nonce (which changes on every answer). The bytes between the nonces are
 * hashed where they lie: decoding a 200 KB page to a string to cut the nonces out cost more than its rendering's
 * attributes (issue 34).
 */
export function pageEtag(body: Buffer, nonce: string | null): string {
  const hash = createHash("sha1");
  let from = 0;
  if (nonce) {
    const needle = Buffer.from(nonce);
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
      hash.update(body.subarray(from, at));
      from = at + needle.length;
    }
  }
  hash.update(body.subarray(from));
  return `W/"${hash.digest("base64url")}"`;
}

/** True when the browser's If-None-Match names this ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  const seen = (ifNoneMatch ?? "").split(",").map((t) => t.trim());
  return seen.includes(etag) || seen.includes("*");
}

export const ANONYMOUS_PAGE_VARY = "Accept-Encoding, Cookie";

/**
 * How long an anonymous page may be kept: by a shared cache for `sharedSeconds` when the request had no cookie at
 * all; only by the browser, revalidated each time, when it had one (an anonymous visitor's favourites).
 */
export function anonymousPageCacheControl(hadCookie: boolean, sharedSeconds: number) {
  return hadCookie
    ? "private, no-cache"
    : `public, max-age=0, must-revalidate, s-maxage=${sharedSeconds}, stale-while-revalidate=${sharedSeconds}`;
}

/** Gets an anonymous page as it is answered: its headers set on `res`, its whole body and its ETag. */
export type PageKeeper = (res: Response, body: Buffer, etag: string) => void;

/** A chunk given to `res.write` or `res.end` as bytes; null for none (or a callback in its place). */
function chunkBuffer(chunk: unknown, encoding?: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.from(chunk as Uint8Array);
}

/** A request from someone signed in (better-auth's session cookie, plain or `__Secure-`). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Anonymous pages answer with an ETag and 304 when the browser already has them (issue 12), and say how long a
 * shared cache may keep them: a GET of an HTML page, answered 200, to a request without a session cookie, that sets
 * no cookie. Such a page is buffered (it is small and rendered in one go) and hashed; any other answer streams as
 * before. A request with no cookie at all may be kept by a shared cache for `sharedSeconds`; one with cookies (an
 * anonymous visitor's favourites) only by the browser, revalidated each time.
 */
export function anonymousPageEtags(opts: {
  sharedSeconds: number;
  /** Asked at the start of each request; what it returns gets the finished page, headers set (the page cache). */
  keep?: (req: Request) => PageKeeper | undefined;
}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const cookie = req.headers.cookie ?? "";
    if (req.method !== "GET" || SESSION_COOKIE.test(cookie)) return next();
    const keeper = opts.keep?.(req);
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let mode: "undecided" | "buffer" | "pass" = "undecided";
    const chunks: Buffer[] = [];
    const decide = () => {
      if (mode !== "undecided") return mode;
      const type = String(res.getHeader("Content-Type") ?? "");
      const eligible =
        res.statusCode === 200 &&
        type.startsWith("text/html") &&
        !res.getHeader("Set-Cookie") &&
        !res.getHeader("Cache-Control");
      mode = eligible ? "buffer" : "pass";
      return mode;
    };
    const collect = (chunk: unknown, encoding?: unknown) => {
      const buffer = chunkBuffer(chunk, encoding);
      if (buffer) chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (decide() === "pass") return write(chunk, ...rest);
      collect(chunk, rest[0]);
      const cb = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      cb?.();
      return true;
    }) as Response["write"];
    res.end = ((...args: unknown[]) => {
      if (decide() === "pass") return end(...args);
      collect(args[0], args[1]);
      const body = Buffer.concat(chunks);
      const etag = pageEtag(body, cspNonce(res.getHeader("Content-Security-Policy")));
      res.setHeader("ETag", etag);
      res.setHeader("Vary", ANONYMOUS_PAGE_VARY);
      res.setHeader("Cache-Control", anonymousPageCacheControl(Boolean(cookie), opts.sharedSeconds));
      keeper?.(res, body, etag);
      if (etagMatches(req.headers["if-none-match"], etag)) {
        res.statusCode = 304;
        // The browser keeps the page it has, with that page's own CSP (and nonce): a 304 must not replace it.
        res.removeHeader("Content-Security-Policy");
        res.removeHeader("Content-Type");
        res.removeHeader("Content-Length");
        return end();
      }
      res.setHeader("Content-Length", String(body.byteLength));
      return end(body);
    }) as Response["end"];
    next();
  };
}

/** Types worth compressing: text, JSON, XML, scripts, SVG (React Router's data answers are `text/x-script`). */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|[^;]+\+(json|xml))|image\/svg\+xml)/i;

/**
 * Brotli's quality for an answer compressed as it is sent (decision 0107's addenda). Each such answer is compressed
 * once, for one reader: a signed-in page, or an anonymous one the page cache has not kept yet (the cache makes its
 * own copies at quality 9). Quality 1 is Brotli's one-pass encoder: in the web process itself, on a 61 KB signed-in
 * page, 0.32 ms where quality 3 took 0.61 ms, for 11.7% more bytes (16.5 KB against 14.8 KB).
 */
export const WHOLE_ANSWER_BROTLI_QUALITY = 1;

/**
 * Compresses an answer that is whole when it ends (a page, a data answer, JSON) in one synchronous call: Brotli at
 * `WHOLE_ANSWER_BROTLI_QUALITY`, or gzip, as the browser accepts (issue 34). The `compression` middleware, registered
 * before this one, compresses on Node's thread pool through a stream per answer; each such stream's native Brotli
 * state is released only when the collector reaches it, and a signed-in page's load ran a full (mark-compact)
 * collection every 105-130 answers, 6-20 ms each, against one every 375 without compression (decision 0107). This
 * middleware buffers what is written, up to `maxBytes`; at the end it compresses the body, sets `Content-Encoding`
 * and `Content-Length`, and the `compression` middleware lets the encoded answer through. An answer that grows past
 * `maxBytes`, is not of a compressible type, is already encoded, says `no-transform`, sent its headers early (an
 * event stream), or answers a HEAD goes on to `compression` as it came (a file download streams as before). A held
 * answer is sent when it ends: the pages are rendered whole (entry.server.tsx) and no loader defers data, so nothing
 * waits on a flush.
 */
export function compressWholeAnswers(opts: { threshold: number; maxBytes: number }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "HEAD") return next();
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const flush = (res as Response & { flush?: () => void }).flush?.bind(res);
    let mode: "undecided" | "buffer" | "pass" = "undecided";
    let chunks: Buffer[] = [];
    let size = 0;
    const decide = () => {
      if (mode !== "undecided") return mode;
      const eligible =
        !res.headersSent &&
        res.statusCode !== 204 &&
        res.statusCode !== 304 &&
        !res.getHeader("Content-Encoding") &&
        COMPRESSIBLE.test(String(res.getHeader("Content-Type") ?? "")) &&
        !/\bno-transform\b/i.test(String(res.getHeader("Cache-Control") ?? ""));
      mode = eligible ? "buffer" : "pass";
      return mode;
    };
    // From buffering to passing on: what was held goes on first, in order.
    const passOn = () => {
      mode = "pass";
      const held = chunks;
      chunks = [];
      for (const chunk of held) write(chunk);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (decide() === "pass") return write(chunk, ...rest);
      const buffer = chunkBuffer(chunk, rest[0]);
      if (buffer) {
        chunks.push(buffer);
        size += buffer.byteLength;
      }
      if (size > opts.maxBytes) passOn();
      const cb = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      cb?.();
      return true;
    }) as Response["write"];
    // React Router's adapter flushes after every chunk it writes; while the answer is held, there is nothing to flush.
    if (flush) {
      (res as Response & { flush: () => void }).flush = () => {
        if (decide() === "pass") flush();
      };
    }
    res.end = ((...args: unknown[]) => {
      if (decide() === "pass") return end(...args);
      const last = chunkBuffer(args[0], args[1]);
      if (last) chunks.push(last);
      const cb = args.find((a) => typeof a === "function");
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      chunks = [];
      res.vary("Accept-Encoding");
      const accepted = acceptedEncodings(req.headers["accept-encoding"]);
      const encoding =
        body.byteLength < opts.threshold ? null : accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
      if (!encoding) return end(body, cb);
      const encoded =
        encoding === "br"
          ? brotliCompressSync(body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: WHOLE_ANSWER_BROTLI_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
              },
            })
          : gzipSync(body);
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", String(encoded.byteLength));
      return end(encoded, cb);
    }) as Response["end"];
    next();
  };
}
