import { describe, expect, it } from "vitest";
import { claimedCrawler, inPublishedRanges, KNOWN_CRAWLERS, type Resolver, verifyCrawler } from "./crawlers.server";

const google = KNOWN_CRAWLERS.find((c) => c.name === "Googlebot")!;
const bing = KNOWN_CRAWLERS.find((c) => c.name === "Bingbot")!;

/** A resolver answering from tables; anything else fails like a missing record. */
function fakeResolver(ptr: Record<string, string[]>, a: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    reverse: async (ip) => {
      asked.push(`PTR ${ip}`);
      if (ptr[ip]) return ptr[ip];
      throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    },
    lookup: async (host) => {
      asked.push(`A ${host}`);
      if (a[host]) return a[host];
      throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    },
  };
}

describe("crawler checks (issue 33)", () => {
  it("knows the crawler a user agent claims", () => {
    expect(claimedCrawler("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")?.name).toBe(
      "Googlebot",
    );
    expect(claimedCrawler("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)")?.name).toBe(
      "Bingbot",
    );
    expect(claimedCrawler("facebookexternalhit/1.1")?.name).toBe("Facebook");
    expect(claimedCrawler("DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)")?.name).toBe("DuckDuckBot");
    expect(claimedCrawler("Mozilla/5.0 (Macintosh) Applebot/0.1")?.name).toBe("Applebot");
    expect(claimedCrawler("Mozilla/5.0 (Windows NT 10.0) Chrome/131")).toBeNull();
  });

  it("verifies by reverse DNS and the forward lookup back to the address", async () => {
    const dns = fakeResolver(
      { "192.0.2.10": ["crawl-192-0-2-10.googlebot.com"], "192.0.2.20": ["evil.example.com"] },
      { "crawl-192-0-2-10.googlebot.com": ["192.0.2.10"] },
    );
    expect(await verifyCrawler(google, "::ffff:192.0.2.10", { resolver: dns })).toEqual({ verified: true, by: "dns" });
    // A name outside Google's domains, outside the ranges: unverified.
    expect(await verifyCrawler(google, "192.0.2.20", { resolver: dns })).toEqual({ verified: false, by: null });
    // A PTR record under googlebot.com whose name does not resolve back to the address: a forged PTR.
    const forged = fakeResolver(
      { "192.0.2.30": ["crawl-1.googlebot.com"] },
      { "crawl-1.googlebot.com": ["192.0.2.99"] },
    );
    expect(await verifyCrawler(google, "192.0.2.30", { resolver: forged })).toEqual({ verified: false, by: null });
    expect(forged.asked).toEqual(["PTR 192.0.2.30", "A crawl-1.googlebot.com"]);
  });

  it("falls back to the published ranges when DNS cannot answer (no network, a timeout)", async () => {
    const down = fakeResolver({}, {});
    expect(await verifyCrawler(google, "66.249.66.1", { resolver: down })).toEqual({ verified: true, by: "ranges" });
    expect(await verifyCrawler(google, "2001:4860:4801:10::1", { resolver: down })).toEqual({
      verified: true,
      by: "ranges",
    });
    expect(await verifyCrawler(bing, "157.55.39.42", { resolver: down })).toEqual({ verified: true, by: "ranges" });
    expect(await verifyCrawler(google, "203.0.113.5", { resolver: down })).toEqual({ verified: false, by: null });
    const hanging: Resolver = { reverse: () => new Promise(() => {}), lookup: () => new Promise(() => {}) };
    const started = Date.now();
    expect(await verifyCrawler(bing, "207.46.13.5", { resolver: hanging, timeoutMs: 50 })).toEqual({
      verified: true,
      by: "ranges",
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await verifyCrawler(google, "not an address", { resolver: down })).toEqual({ verified: false, by: null });
  });

  it("declares valid ranges for each crawler", () => {
    expect(inPublishedRanges(google, "66.249.95.255")).toBe(true);
    expect(inPublishedRanges(google, "66.249.96.0")).toBe(false);
    expect(inPublishedRanges(bing, "199.30.25.1")).toBe(true);
  });
});
