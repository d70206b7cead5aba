/**
 * The anonymous page cache (issue 12 "Server-side rendering", decision 0042): a page rendered for a visitor who sends
 * no cookie at all is the same for every such visitor, so the process keeps it, compressed, and answers the next
 * such request for the same address from memory instead of rendering it again.
 *
 * - Kept: what the ETag layer (`anonymousPageEtags`) finishes for a request with no Cookie and no Authorization
 *   header that does not ask for JSON: a GET of an HTML page, answered 200, with no Set-Cookie and no Cache-Control
 *   of the route's own. The key is the protocol, host and full URL.
 * - Fresh while nothing has changed: every entry carries the change feed's version from when its rendering began;
 *   any write anywhere (a request that is not a GET and was not refused, at its end: `mayHaveWritten` below; a job;
 *   in this process or, through PostgreSQL LISTEN/NOTIFY, in any other) moves the version on. An entry also ends after `ttlMs` (for wording such as "listed 3 days ago"; the
 *   pages already allow shared caches the same with `s-maxage`).
 * - A kept page is answered with the headers it was answered with, its CSP nonce included: the nonce is new for
 *   every rendering, and a rendering lasts only until the next write, so content stored by a write is always
 *   rendered under a nonce nobody has seen before it was stored.
 * - Brotli or gzip copies are made once per entry, when first asked for; `If-None-Match` answers 304.
 * - No stampede (issue 12, mixed load): while a page renders for the cache, other requests for it wait for that
 *   rendering instead of starting their own. When only the time is up (nothing changed), one request renders the page
 *   again while the others are answered the kept copy, for at most one more `ttlMs`. Each entry's time is shortened
 *   by up to `jitter` (a fifth) at random, so pages kept together are not all rendered again in the same second.
 * - Bounded: at most `maxEntries` pages and `maxBytes`, the least recently used dropped first.
 *
 * Express only (no `~` imports), so server.ts can load this file as it is. `serve` goes before the compression
 * layer (a hit is already compressed); `keep` is given to `anonymousPageEtags`.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { acceptedEncodings, etagMatches, type PageKeeper } from "./http-delivery.server";

/** What the cache asks of the change feed (app/lib/data-changes.server.ts). */
export type ChangeVersion = { version(): number };

type Encoding = "br" | "gzip";

type Entry = {
  key: string;
  version: number;
  /** When the time is up: its rendering's start plus `ttlMs`, shortened by the jitter. */
  expiresAt: number;
  headers: [string, string | string[]][];
  etag: string;
  body: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  size: number;
};

/** How a rendering others waited for ended: kept, not kept (null), or its visitor left first ("again"). */
type Settled = Entry | null | "again";

export type PageCacheOptions = {
  changes: ChangeVersion;
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** The share of `ttlMs` an entry's time may be shortened by at random (default 0.2). */
  jitter?: number;
  /** The clock (tests). */
  now?: () => number;
  /** The random numbers of the jitter (tests). */
  random?: () => number;
  /** How long a request waits for another's rendering of the same page before rendering it itself (default 10 s). */
  waitMs?: number;
};

/** Headers a kept answer does not repeat: the transport's own, and those a hit sets itself. */
const NOT_KEPT = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
]);

const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Made once per entry, so a better ratio than the on-the-fly compression of other answers is worth its time.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** True when the request may be answered from, or kept in, the cache. */
export function cacheableRequest(req: Pick<Request, "method" | "headers" | "originalUrl">) {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !req.headers.cookie &&
    !req.headers.authorization &&
    !String(req.headers.accept ?? "").includes("application/json") &&
    req.originalUrl.length <= 2048
  );
}

export function createPageCache(opts: PageCacheOptions) {
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 500;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const now = opts.now ?? Date.now;
  const jitter = opts.jitter ?? 0.2;
  const random = opts.random ?? Math.random;
  const waitMs = opts.waitMs ?? 10_000;
  const entries = new Map<string, Entry>();
  /**
   * Renderings under way for the cache, by key: what they keep; null when they keep nothing (not a 200, a cookie);
   * "again" when their visitor left before the answer ended, so whether it would have been kept is unknown.
   */
  const rendering = new Map<string, { done: Promise<Settled>; finish: (e: Settled) => void }>();
  let bytes = 0;
  const keyOf = (req: Request) => `${req.protocol}://${req.headers.host ?? ""}${req.originalUrl}`;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.size;
    entries.delete(key);
  };
  const store = (key: string, entry: Entry) => {
    rendering.get(key)?.finish(entry);
    drop(key);
    if (entry.size > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.size;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  };
  /** The kept page for a key, if it may still be answered: unchanged since, and in its time (or its grace). */
  const kept = (key: string) => {
    const e = entries.get(key);
    if (!e) return null;
    if (e.version !== opts.changes.version() || now() > e.expiresAt + ttlMs) {
      drop(key);
      return null;
    }
    entries.delete(key);
    entries.set(key, e);
    return e;
  };
  /** This request renders the page for the cache: the others for it wait for that, until its answer ends. */
  const startRendering = (key: string, res: Response) => {
    // A client that went away before its request reached the cache (a page closed while its images loaded, on a
    // loaded machine) has had its "close" already: nothing would end a rendering registered for it, and every later
    // request for the address would wait for it forever.
    if (res.closed || res.destroyed || res.writableEnded) return;
    let resolve: (e: Settled) => void = () => {};
    const done = new Promise<Settled>((r) => {
      resolve = r;
    });
    const slot = {
      done,
      finish: (e: Settled) => {
        if (rendering.get(key) === slot) rendering.delete(key);
        resolve(e);
      },
    };
    rendering.set(key, slot);
    res.on("close", () => slot.finish(res.writableFinished ? null : "again"));
  };
  const encodedBody = (entry: Entry, encoding: Encoding) => {
    let p = entry.encoded[encoding];
    if (!p) {
      p = compress[encoding](entry.body);
      entry.encoded[encoding] = p;
      void p.then((b) => {
        // Counted only while the entry is still kept.
        if (entries.get(entry.key) === entry) {
          entry.size += b.length;
          bytes += b.length;
        }
      });
    }
    return p;
  };

  /**
   * Answers a request from a kept page; else waits for the rendering of it under way; else passes it on, as the
   * rendering the others wait for (a GET). A kept page whose time is up is rendered again by one request while the
   * others are answered from it.
   */
  const serve = (req: Request, res: Response, next: NextFunction) => {
    if (!cacheableRequest(req)) return next();
    lookUp(req, res, next, now() + waitMs);
  };

  /**
   * Waiting requests are answered by the rendering they waited for. When that rendering is of no use to them (the
   * data changed while it ran, or its visitor left), they look again rather than each rendering the page: one of them
   * renders it and the rest wait for that one. Every request rendering for itself at once after each change is what
   * turned the jobs' five-minute ticks into stalls of 10-40 s under load (decision 0100). Waiting ends at `deadline`:
   * past it, a request renders the page itself.
   */
  const lookUp = (req: Request, res: Response, next: NextFunction, deadline: number) => {
    const key = keyOf(req);
    const hit = kept(key);
    const underWay = rendering.get(key);
    if (hit && (now() <= hit.expiresAt || underWay)) return answer(req, res, next, hit);
    if (underWay && now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const givenUp = new Promise<null>((r) => {
        timer = setTimeout(() => r(null), Math.max(0, deadline - now()));
      });
      Promise.race([underWay.done, givenUp]).then((e) => {
        clearTimeout(timer);
        if (res.closed || res.destroyed) return;
        if (e && e !== "again" && e.version === opts.changes.version()) answer(req, res, next, e);
        else if (e === null) next();
        else lookUp(req, res, next, deadline);
      }, next);
      return;
    }
    if (req.method === "GET") startRendering(key, res);
    next();
  };

  const answer = (req: Request, res: Response, next: NextFunction, hit: Entry) => {
    for (const [name, value] of hit.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    if (etagMatches(req.headers["if-none-match"], hit.etag)) {
      res.statusCode = 304;
      // The browser keeps the page it has, with that page's own CSP: a 304 must not replace it.
      res.removeHeader("Content-Security-Policy");
      res.removeHeader("Content-Type");
      res.end();
      return;
    }
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    const encoding = (["br", "gzip"] as const).find((e) => accepted.has(e));
    const send = (body: Buffer) => {
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", String(body.length));
      res.statusCode = 200;
      res.end(req.method === "HEAD" ? undefined : body);
    };
    if (!encoding) return send(hit.body);
    encodedBody(hit, encoding).then(send, next);
  };

  /** For `anonymousPageEtags`: a keeper for a request the cache may keep, taken when its rendering begins. */
  const keep = (req: Request): PageKeeper | undefined => {
    if (!cacheableRequest(req) || req.method !== "GET") return undefined;
    const version = opts.changes.version();
    const at = now();
    // Kept under the version from before its rendering: if anything changed while it rendered, it is never served.
    return (res, body, etag) => {
      const headers = Object.entries(res.getHeaders())
        .filter(([name, value]) => value !== undefined && !NOT_KEPT.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]]);
      const key = keyOf(req);
      const expiresAt = at + ttlMs * (1 - jitter * random());
      store(key, { key, version, expiresAt, headers, etag, body, encoded: {}, size: body.length });
    };
  };

  return { serve, keep, size: () => entries.size };
}

/**
 * Marks an answer that refused a request before anything was written, when its status cannot say so: the redirect to
 * the sign-in page or away from a page the person may not use (app/auth/session.server.ts). A form posted by the
 * browser's own script is answered 202 with the redirect in its body (React Router's single fetch keeps every header
 * but Location), so without this mark a refused client-side POST looked like a write.
 */
export const REFUSED_HEADER = "X-Refused";

/**
 * Whether a finished answer to a request may have changed data, so the anonymous page cache must be emptied (here and,
 * through the change feed, in every process). Only a request that may write (not GET, HEAD or OPTIONS), and not one
 * that was refused: a 4xx (not signed in, not allowed, invalid, too large, a 405 for a page without a form) changed
 * nothing, nor did a redirect to the sign-in page (an anonymous visitor's post to a form for members) or an answer
 * marked with REFUSED_HEADER (the same redirects, posted by the browser's script: 202). Anything else,
 * a 5xx included (a write may have committed before a later failure), counts as a write. A request whose connection
 * closed before its answer ended also counts (`finished` false): what it did is unknown.
 *
 * Before issue 29 every POST emptied the caches when it arrived and when it ended: five refused POSTs a second cut the
 * cached home page from 4,791 to 1,421 req/s on every process.
 */
export function mayHaveWritten(answer: {
  method: string;
  status: number;
  location?: string | number | string[] | undefined;
  /** The answer's REFUSED_HEADER. */
  refused?: string | number | string[] | undefined;
  finished: boolean;
}) {
  if (answer.method === "GET" || answer.method === "HEAD" || answer.method === "OPTIONS") return false;
  if (!answer.finished) return true;
  if (answer.status >= 400 && answer.status < 500) return false;
  if (answer.refused) return false;
  const location = String(answer.location ?? "");
  if (answer.status >= 300 && answer.status < 400 && /^(https?:\/\/[^/]+)?\/sign-in(\?|$)/.test(location)) return false;
  return true;
}
