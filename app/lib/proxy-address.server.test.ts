import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";
import { createProxyAddress, createProxyTrust } from "./proxy-address.server";

describe("the visitor's address behind trusted proxies", () => {
  it("with no trusted proxy, is the connection's address whatever X-Forwarded-For says", () => {
    const visitor = createProxyAddress([]);
    expect(visitor("203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
    expect(visitor("127.0.0.1", "198.51.100.1")).toBe("127.0.0.1");
  });

  it("from a trusted proxy, is the last address it reports that is not a proxy", () => {
    const visitor = createProxyAddress(["127.0.0.1", "10.0.0.0/8"]);
    expect(visitor("127.0.0.1", "198.51.100.7")).toBe("198.51.100.7");
    expect(visitor("::ffff:127.0.0.1", "198.51.100.7")).toBe("198.51.100.7");
    // A client's own X-Forwarded-For is kept to the left by nginx's $proxy_add_x_forwarded_for: never taken.
    expect(visitor("127.0.0.1", "6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
    // Two layers of proxies (a cloud balancer in 10/8, then nginx on loopback).
    expect(visitor("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3")).toBe("198.51.100.7");
    expect(visitor("127.0.0.1", ["198.51.100.7", "10.1.2.3"])).toBe("198.51.100.7");
  });

  it("a connection not from a trusted proxy is not believed, and rubbish in the header stops the walk", () => {
    const visitor = createProxyAddress(["127.0.0.1"]);
    expect(visitor("203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
    expect(visitor("127.0.0.1", "")).toBe("127.0.0.1");
    expect(visitor("127.0.0.1", undefined)).toBe("127.0.0.1");
    expect(visitor("127.0.0.1", "not-an-address")).toBe("127.0.0.1");
    expect(visitor("127.0.0.1", "127.0.0.1")).toBe("127.0.0.1");
  });

  it("TRUSTED_PROXIES is read as a list of addresses and ranges, and a bad entry stops start-up", () => {
    const dir = `/tmp/vpm-proxy-${process.pid}`;
    // Loopback by default (nginx on the same host), nobody with `none`.
    expect(parseConfig({ DATA_DIR: dir }).trustedProxies).toEqual(["127.0.0.1", "::1"]);
    expect(parseConfig({ DATA_DIR: dir, TRUSTED_PROXIES: "none" }).trustedProxies).toEqual([]);
    expect(parseConfig({ DATA_DIR: dir, TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8,::1" }).trustedProxies).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => parseConfig({ DATA_DIR: dir, TRUSTED_PROXIES: "nginx.local" })).toThrow(/TRUSTED_PROXIES/);
  });

  it("believes X-Forwarded-Proto and -Host only from a trusted proxy", () => {
    const trust = createProxyTrust(["127.0.0.1"]);
    const headers = {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "www.example.com:8443",
      host: "www.example.com",
    };
    expect(trust.forwardedOrigin("127.0.0.1", headers)).toEqual({ proto: "https", host: "www.example.com:8443" });
    expect(trust.forwardedOrigin("::ffff:127.0.0.1", { "x-forwarded-proto": "https", host: "a.test" })).toEqual({
      proto: "https",
      host: "a.test",
    });
    expect(trust.forwardedOrigin("203.0.113.9", headers)).toBeUndefined();
    expect(trust.forwardedOrigin("127.0.0.1", { "x-forwarded-proto": "gopher", host: "a.test" })).toBeUndefined();
    expect(createProxyTrust([]).forwardedOrigin("127.0.0.1", headers)).toBeUndefined();
  });
});
