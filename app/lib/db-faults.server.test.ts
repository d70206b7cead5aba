import { describe, expect, it } from "vitest";
import { currentRequestScope, isConnectionError, isReadStatement, runInRequestScope } from "./db-faults.server";

/** What Drizzle throws: its own error, the driver's as the cause. */
const drizzleError = (cause: unknown) =>
  Object.assign(new Error("Failed query: select 1\nparams: "), { name: "DrizzleQueryError", cause });
const pgError = (code: string, message = "boom") => Object.assign(new Error(message), { code, severity: "FATAL" });

describe("telling a dropped connection from a refused statement", () => {
  it("knows the SQLSTATEs of a connection that ended, directly or under Drizzle's error", () => {
    for (const code of ["57P01", "57P02", "57P03", "08000", "08003", "08006", "08001"]) {
      expect(isConnectionError(pgError(code)), code).toBe(true);
      expect(isConnectionError(drizzleError(pgError(code))), `wrapped ${code}`).toBe(true);
    }
  });

  it("knows the socket errors and node-postgres's own words for a connection that went away", () => {
    for (const code of ["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT"]) {
      expect(isConnectionError(Object.assign(new Error(`read ${code}`), { code })), code).toBe(true);
    }
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(drizzleError(new Error("Connection terminated")))).toBe(true);
    expect(isConnectionError(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
    expect(isConnectionError(pgError("XX000", "terminating connection due to administrator command"))).toBe(true);
  });

  it("leaves a statement's own failures alone: constraints, syntax, serialization, deadlocks, bad input", () => {
    for (const code of ["23505", "23503", "42601", "40001", "40P01", "22P02", "57014"]) {
      expect(isConnectionError(pgError(code)), code).toBe(false);
      expect(isConnectionError(drizzleError(pgError(code))), `wrapped ${code}`).toBe(false);
    }
    expect(isConnectionError(new Error("Something else"))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
    expect(isConnectionError("Connection terminated")).toBe(false);
  });

  it("retries only plain SELECTs", () => {
    expect(isReadStatement('select "id" from "user" where "id" = $1')).toBe(true);
    expect(isReadStatement("  SELECT 1")).toBe(true);
    expect(isReadStatement("(select 1) union (select 2)")).toBe(true);
    expect(isReadStatement('update "user" set "name" = $1')).toBe(false);
    expect(isReadStatement('insert into "user" ("id") values ($1) returning "id"')).toBe(false);
    expect(isReadStatement("with x as (delete from t returning *) select * from x")).toBe(false);
  });

  it("a request, whatever its method, has a scope (a read may be retried); work outside a request has none", async () => {
    expect(currentRequestScope()).toBeUndefined();
    const scope = await runInRequestScope(async () => {
      await new Promise((r) => setTimeout(r, 1));
      return currentRequestScope();
    });
    expect(scope).toEqual({ databaseFault: false });
    expect(currentRequestScope()).toBeUndefined();
  });
});
