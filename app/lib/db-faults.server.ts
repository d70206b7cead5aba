import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareFunction } from "react-router";
import { wantsJson } from "./action.server";
import { logger } from "./logger.server";

/**
 * PostgreSQL dropping a connection (issue 12 finding 9, decision 0041). A read in flight when the server closes its
 * connection (a restart, a failover, an administrator ending it) is retried once on a fresh connection while a request
 * is being served (app/db/client.server.ts); a failure that still reaches React Router answers 503 with `Retry-After`
 * and a message a person understands, instead of a 500. Writes are never retried: a POST whose connection drops before
 * its commit answers 503 too.
 */

export const DATABASE_UNAVAILABLE = "We're having trouble reaching the database. Please try again in a few seconds.";
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a connection that ended: 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), class 08 connection exceptions.
 */
const CONNECTION_SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
/** Socket errors of a connection the network or the server cut, or a server that does not answer. */
const CONNECTION_ERRNOS = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTCONN"]);
/** What node-postgres says when the socket ended under a query, or a client is used after that. */
const CONNECTION_MESSAGES =
  /Connection terminated|Client has encountered a connection error and is not queryable|terminating connection due to administrator command|Client was closed and is not queryable/i;

/**
 * True when `error` (or the error it wraps: Drizzle throws a DrizzleQueryError whose `cause` is the driver's error)
 * says that the connection to PostgreSQL failed, rather than that the statement was refused (a constraint, a syntax
 * error, a serialization failure: those are the statement's own outcome and are not retried or turned into a 503).
 */
export function isConnectionError(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === "object"; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_SQLSTATES.has(code) || CONNECTION_ERRNOS.has(code))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A statement that only reads: a plain SELECT (a CTE might write, so it is not retried). */
export function isReadStatement(text: string) {
  return /^\s*\(?\s*select\b/i.test(text);
}

/** What one request lets the database layer do, and what it learnt. */
export type RequestScope = {
  /** Set when a connection failure reached React Router (a loader's or an action's error). */
  databaseFault: boolean;
};

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (the rest of the request) with its scope: the database layer reads it with `currentRequestScope()`. */
export function runInRequestScope<T>(work: (scope: RequestScope) => T): T {
  const scope: RequestScope = { databaseFault: false };
  return scopes.run(scope, () => work(scope));
}

/** The scope of the request being served, or undefined outside one (jobs, start-up, scripts). */
export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

/** entry.server.tsx handleError: a connection failure that reached React Router marks its request for a 503. */
export function noteDatabaseFault(error: unknown) {
  const scope = currentRequestScope();
  if (scope && isConnectionError(error)) scope.databaseFault = true;
}

const retryAfter = { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) };

/** The 503 a JSON caller gets. */
export function databaseUnavailableJson() {
  return Response.json({ success: false, error: DATABASE_UNAVAILABLE }, { status: 503, headers: retryAfter });
}

/**
 * The root route's two middlewares, outermost first (app/root.tsx):
 * 1. opens the request's scope, and gives a 503 answer its `Retry-After` (React Router renders a thrown error's page
 *    without the thrown response's headers);
 * 2. after the request has run, turns a connection failure into the 503: JSON to a call; to a page or a client-side
 *    navigation, the root error page with the message (`describeError`, app/components/errors/error-page.tsx). A
 *    resource route's error reaches this middleware as a throw; a page's was seen by handleError.
 */
export const databaseFaultMiddleware: MiddlewareFunction<Response>[] = [
  (_args, next) =>
    runInRequestScope(async (scope) => {
      const response = await next();
      if (response.status === 503 && scope.databaseFault && !response.headers.has("retry-after")) {
        try {
          response.headers.set("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
        } catch {
          return new Response(response.body, {
            status: response.status,
            statusText: response.statusText,
            headers: { ...Object.fromEntries(response.headers), ...retryAfter },
          });
        }
      }
      return response;
    }),
  async ({ request }, next) => {
    const scope = currentRequestScope();
    let response: Response;
    try {
      response = await next();
    } catch (error) {
      // A resource route's error (a page's went to handleError, which logged it).
      if (!isConnectionError(error)) throw error;
      if (scope) scope.databaseFault = true;
      logger.error({ err: error, url: request.url }, "database connection failed while serving a request");
      return unavailable(request);
    }
    return scope?.databaseFault ? unavailable(request) : response;
  },
];

function unavailable(request: Request): Response {
  // A client-side navigation or fetcher (`.data`) gets React Router's own encoding of the error: thrown, it is shown
  // by the root error boundary. So is a page. A call gets JSON.
  const dataRequest = new URL(request.url).pathname.endsWith(".data");
  if (!dataRequest && wantsJson(request)) return databaseUnavailableJson();
  throw new Response(DATABASE_UNAVAILABLE, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { ...retryAfter, "content-type": "text/plain; charset=utf-8" },
  });
}
