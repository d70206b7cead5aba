import type { Db } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { getServices } from "~/lib/runtime.server";
import { type BotRule, decide, normaliseUserAgent } from "./bots";
import { type AgentDayRow, selectBotRules, upsertAgentDays } from "./bots.queries.server";
import { claimedCrawler, type Resolver, type Verification, verifyCrawler } from "./crawlers.server";

/**
 * Issue 33 (decision 0086): server.ts's gate for automated visitors, placed after the build files and before the
 * anonymous page cache and React Router. Each request (not a build file, an icon or an uploaded file) is counted
 * under its user agent and the day, in memory, written in one upsert every `flushEveryMs` or every 500 agents; a
 * request whose user agent a block rule matches (and no allow rule) is answered 403 with the rule's text, before
 * any page work. The rules are kept in memory and read again when the change feed moved on (a rule saved here or in
 * any other process) or after 30 s.
 */
export type GateDeps = {
  services: () => Promise<{ db: Db; changes: { version(): number } }>;
  /** The visitor's address (behind a trusted proxy, the one it reports). */
  addressOf: (req: GateRequest) => string | null | undefined;
  resolver?: Resolver;
  flushEveryMs?: number;
  now?: () => number;
};

export type GateRequest = { method: string; url: string; headers: Record<string, string | string[] | undefined> };
export type GateResponse = {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
  locals?: Record<string, unknown>;
};

/** Files, not pages: never counted nor checked (the build's files are served before the gate anyway). */
const NOT_COUNTED = /^\/(assets\/|favicon|apple-touch-icon|media\/|__manifest)/;
const RULES_MAX_AGE_MS = 30_000;
const MAX_PENDING = 500;
const MAX_VERIFIED = 5000;

export function createBotGate(deps: GateDeps) {
  const now = deps.now ?? Date.now;
  let rules: BotRule[] = [];
  let loadedVersion: number | null = null;
  let loadedAt = 0;
  let retryAt = 0;
  let loading: Promise<void> | null = null;
  const pending = new Map<string, AgentDayRow>();
  const verified = new Map<string, Verification>();
  let flushing: Promise<void> = Promise.resolve();

  async function load() {
    const { db, changes } = await deps.services();
    const version = changes.version();
    try {
      rules = await selectBotRules(db);
      loadedVersion = version;
      loadedAt = now();
    } catch (err) {
      // Tried again in 2 s; until then the rules read last stay.
      retryAt = now() + 2000;
      logger.warn({ err }, "bot rules not read; the previous ones stay");
    }
  }

  /** Reads the rules again when they may have changed; requests wait for it (one read shared by all). */
  async function freshRules(): Promise<BotRule[]> {
    const { changes } = await deps.services();
    const stale = loadedVersion !== changes.version() || now() - loadedAt > RULES_MAX_AGE_MS;
    if (stale && now() >= retryAt) {
      loading ??= load().finally(() => {
        loading = null;
      });
    }
    if (loading) await loading;
    return rules;
  }

  function count(userAgent: string, address: string | null | undefined) {
    const at = new Date(now());
    const day = at.toISOString().slice(0, 10);
    const key = `${day}\n${userAgent}`;
    const row = pending.get(key);
    if (row) {
      row.hits++;
      row.lastAddress = address ?? row.lastAddress;
      row.lastSeenAt = at;
    } else {
      const crawler = claimedCrawler(userAgent)?.name ?? null;
      pending.set(key, {
        userAgent,
        day,
        hits: 1,
        crawler,
        verified: null,
        lastAddress: address ?? null,
        lastSeenAt: at,
      });
    }
    if (pending.size >= MAX_PENDING) void flush();
  }

  /** Writes the counts so far (after checking each claimed crawler's address once); never throws. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const rows = [...pending.values()];
      pending.clear();
      try {
        for (const row of rows) {
          const crawler = row.crawler ? claimedCrawler(row.userAgent) : null;
          if (!crawler || !row.lastAddress) continue;
          const key = `${crawler.name} ${row.lastAddress}`;
          let result = verified.get(key);
          if (!result) {
            result = await verifyCrawler(crawler, row.lastAddress, { resolver: deps.resolver });
            if (verified.size >= MAX_VERIFIED) verified.clear();
            verified.set(key, result);
          }
          row.verified = result.verified;
        }
        const { db } = await deps.services();
        await upsertAgentDays(db, rows);
      } catch (err) {
        logger.warn({ err, agents: rows.length }, "user agent counts not written");
      }
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), deps.flushEveryMs ?? 10_000);
  timer.unref();

  async function middleware(req: GateRequest, res: GateResponse, next: (err?: unknown) => void) {
    const path = req.url.split("?", 1)[0];
    if (NOT_COUNTED.test(path)) return next();
    const header = req.headers["user-agent"];
    const raw = Array.isArray(header) ? header[0] : header;
    count(normaliseUserAgent(raw), deps.addressOf(req));
    let decision: ReturnType<typeof decide>;
    try {
      decision = decide(await freshRules(), raw);
    } catch (err) {
      logger.warn({ err }, "bot rules not checked");
      return next();
    }
    if (!decision.blocked) return next();
    if (res.locals) res.locals.route = "bot-blocked";
    res.statusCode = 403;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.end(decision.message);
  }

  return {
    middleware,
    flush,
    freshRules,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}

/** server.ts's gate, on the running services. */
export function createBotMiddleware(opts: { addressOf: GateDeps["addressOf"] }) {
  return createBotGate({ services: getServices, addressOf: opts.addressOf });
}
