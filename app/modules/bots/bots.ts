/**
 * Issue 33 (decision 0086): what the site does with automated visitors, as pure functions. A rule's pattern is a
 * case-insensitive substring of the user agent ("BadBot"), or, with `*`, a wildcard over the whole user agent
 * ("curl/*", "*Bot/2.?" is not special: only `*` is). An allow rule wins over a block rule for the same agent; an
 * empty user agent is never blocked. Safe for the browser.
 */

export type BotRule = { id: number; pattern: string; action: "allow" | "block"; message: string };
export type BotDecision = { blocked: false } | { blocked: true; rule: BotRule; message: string };

/** The 403's text when the rule gives none. */
export const DEFAULT_BLOCK_MESSAGE =
  "Automated access from this agent is blocked. If you are a person using a normal browser, write to us through the contact page.";

/** The longest user agent kept (longer ones are cut; a user agent is not a place to store text). */
export const MAX_USER_AGENT = 300;
/** The name a request without a user agent is counted under. */
export const NO_USER_AGENT = "(none)";

/** The user agent as counted: control characters dropped, runs of white space made one space, trimmed and capped. */
export function normaliseUserAgent(ua: string | null | undefined): string {
  const clean = (ua ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is dropped
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_USER_AGENT);
  return clean || NO_USER_AGENT;
}

/** A tester for one pattern: a substring (any case), or with `*` a wildcard matched against the whole user agent. */
export function patternMatcher(pattern: string): (ua: string) => boolean {
  const p = pattern.trim();
  if (!p) return () => false;
  if (!p.includes("*")) {
    const needle = p.toLowerCase();
    return (ua) => ua.toLowerCase().includes(needle);
  }
  const body = p
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  const re = new RegExp(`^${body}$`, "is");
  return (ua) => re.test(ua);
}

/** What the rules say about a user agent: allow rules first (they win), then the first block rule by id. */
export function decide(rules: readonly BotRule[], userAgent: string | null | undefined): BotDecision {
  const ua = (userAgent ?? "").trim();
  if (!ua) return { blocked: false };
  const matching = rules.filter((r) => patternMatcher(r.pattern)(ua));
  if (matching.some((r) => r.action === "allow")) return { blocked: false };
  const rule = matching.filter((r) => r.action === "block").sort((a, b) => a.id - b.id)[0];
  return rule ? { blocked: true, rule, message: rule.message.trim() || DEFAULT_BLOCK_MESSAGE } : { blocked: false };
}

/**
 * The user agents of the browsers people use (Chrome, Safari, Firefox, Edge on desktop and phone), as a block
 * rule's pattern must not match any of them: a rule can never lock a person (an administrator) out.
 */
export const COMMON_BROWSER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
] as const;

/** Why a block rule's pattern is refused, or null: empty, or it matches a common browser's user agent. */
export function blockPatternProblem(pattern: string): string | null {
  const p = pattern.trim();
  if (!p || p.replaceAll("*", "").trim() === "") return "Enter a part of the user agent to match, like BadBot.";
  const hit = COMMON_BROWSER_AGENTS.find((ua) => patternMatcher(p)(ua));
  if (hit) {
    return `This pattern also matches the browsers people use (for example “${hit.slice(0, 60)}…”), so it would block visitors and administrators. Use a part only the bot's user agent has, like BadBot.`;
  }
  return null;
}
