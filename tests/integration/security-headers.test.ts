import type { AddressInfo } from "node:net";
import { createRequestHandler as expressHandler } from "@react-router/express";
import express from "express";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { logger } from "~/lib/logger.server";
import {
  CROSS_SITE_REFUSED_LOG,
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
  securityHeadersMiddleware,
} from "~/lib/security-headers";
import { appBuild, handlerFor } from "../fixtures/router-harness";
import { startTestServices } from "../fixtures/services";

/**
 * Issue 28, headers: the permissions policy on every answer and the referrer policy on JSON calls and static files
 * too (a page's own policy, /reset-password's no-referrer, stays the only one it sends); upgrade-insecure-requests
 * in the CSP of a page requested over https; a cross-site post refused is logged as a warning without a stack.
 */
await startTestServices();
const build = await appBuild(["reset-password.view", "settings", "sign-in"]);

const app = express();
app.use(securityHeadersMiddleware({ https: false }));
app.use(express.static("public"));
app.use(expressHandler({ build, mode: "production" }));
const server = app.listen(0, "127.0.0.1");
await new Promise<void>((resolve) => server.once("listening", () => resolve()));
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
afterEach(() => vi.restoreAllMocks());

describe("headers on every answer", () => {
  it("a static file, a JSON call and a page carry the permissions and referrer policies, once each", async () => {
    for (const path of ["/favicon.svg", "/settings", "/sign-in"]) {
      const res = await fetch(`${origin}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get("permissions-policy"), path).toBe(PERMISSIONS_POLICY);
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    expect(PERMISSIONS_POLICY).toContain("camera=()");
    expect(PERMISSIONS_POLICY).toContain("geolocation=()");
  });

  it("a page with its own referrer policy sends only that one", async () => {
    const res = await fetch(`${origin}/reset-password?token=not-a-real-token`);
    await res.arrayBuffer();
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("the CSP asks the browser to upgrade insecure requests only on a page requested over https", () => {
    expect(contentSecurityPolicy("n", { https: true })).toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy("n", { https: false })).not.toContain("upgrade-insecure-requests");
  });
});

describe("cross-site posts refused", () => {
  it("are logged as a warning without a stack trace, for a page's form and for a JSON call", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const handle = handlerFor(build);
    const evil = { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" };
    const page = await handle(
      new Request("http://localhost:3000/sign-in", { method: "POST", headers: evil, body: "email=a&password=b" }),
    );
    expect(page.status).toBe(400);
    const call = await handle(
      new Request("http://localhost:3000/settings", { method: "POST", headers: evil, body: "a=1" }),
    );
    expect(call.status).toBe(403);
    expect(error).not.toHaveBeenCalled();
    const lines = warn.mock.calls.filter((c) => c[1] === CROSS_SITE_REFUSED_LOG);
    expect(lines).toHaveLength(2);
    for (const [fields] of lines) {
      expect(fields).toMatchObject({ origin: "https://evil.example" });
      expect(fields).not.toHaveProperty("err");
      expect(JSON.stringify(fields)).not.toMatch(/\n\s+at /);
    }
    // The handler React Router calls: its refusal is a warning, anything else still an error.
    handleError(new Error("boom"), { request: new Request("http://localhost:3000/x") });
    expect(error).toHaveBeenCalledTimes(1);
  });
});
