import { describe, expect, it } from "vitest";
import {
  blockPatternProblem,
  COMMON_BROWSER_AGENTS,
  DEFAULT_BLOCK_MESSAGE,
  decide,
  NO_USER_AGENT,
  normaliseUserAgent,
  patternMatcher,
  type BotRule,
} from "./bots";

const rule = (id: number, pattern: string, action: "allow" | "block", message = ""): BotRule => ({
  id,
  pattern,
  action,
  message,
});

describe("bot rules (issue 33)", () => {
  it("a pattern without * is a substring in any case; with * a wildcard over the whole user agent", () => {
    expect(patternMatcher("badbot")("Mozilla/5.0 (compatible; BadBot/1.2)")).toBe(true);
    expect(patternMatcher("BadBot")("GoodBot/1.0")).toBe(false);
    expect(patternMatcher("curl/*")("curl/8.5.0")).toBe(true);
    expect(patternMatcher("curl/*")("Mozilla curl/8.5.0")).toBe(false);
    expect(patternMatcher("*scrap*er*")("MyScrapingCrawler")).toBe(true);
    // Regular expression characters are plain text.
    expect(patternMatcher("a.b(c)")("xxa.b(c)")).toBe(true);
    expect(patternMatcher("a.b")("axb")).toBe(false);
    expect(patternMatcher("")("anything")).toBe(false);
  });

  it("blocks with the rule's message or the default; allow wins over block; an empty agent is never blocked", () => {
    const rules = [
      rule(1, "BadBot", "block", "Go away, BadBot."),
      rule(2, "Bot", "block"),
      rule(3, "Googlebot", "allow"),
    ];
    expect(decide(rules, "BadBot/1.0")).toMatchObject({ blocked: true, message: "Go away, BadBot." });
    expect(decide(rules, "OtherBot/2")).toMatchObject({ blocked: true, message: DEFAULT_BLOCK_MESSAGE });
    expect(decide(rules, "Mozilla/5.0 (compatible; Googlebot/2.1)")).toEqual({ blocked: false });
    expect(decide(rules, "")).toEqual({ blocked: false });
    expect(decide(rules, null)).toEqual({ blocked: false });
    expect(decide([rule(1, "*", "block")], "")).toEqual({ blocked: false });
    expect(decide(rules, COMMON_BROWSER_AGENTS[0])).toEqual({ blocked: false });
  });

  it("refuses a block pattern that is empty or matches a common browser", () => {
    expect(blockPatternProblem("")).toMatch(/Enter a part of the user agent/);
    expect(blockPatternProblem("***")).toMatch(/Enter a part of the user agent/);
    expect(blockPatternProblem("*")).toMatch(/Enter a part of the user agent/);
    for (const p of ["Mozilla/5.0", "mozilla", "Safari", "AppleWebKit", "Mozilla/5.0*", "*Chrome/*"]) {
      expect(blockPatternProblem(p), p).toMatch(/matches the browsers people use/);
    }
    expect(blockPatternProblem("BadBot")).toBeNull();
    expect(blockPatternProblem("python-requests/*")).toBeNull();
    // Anchored: "Chrome/*" matches only an agent that starts with it, no browser.
    expect(blockPatternProblem("Chrome/*")).toBeNull();
  });

  it("normalises a user agent: control characters and runs of spaces, a cap, a name for none", () => {
    expect(normaliseUserAgent("  Bad\u0000Bot \t 1.0\n")).toBe("Bad Bot 1.0");
    expect(normaliseUserAgent("x".repeat(1000))).toHaveLength(300);
    expect(normaliseUserAgent("")).toBe(NO_USER_AGENT);
    expect(normaliseUserAgent(undefined)).toBe(NO_USER_AGENT);
  });
});
