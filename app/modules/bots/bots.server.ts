import type { Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { blockPatternProblem, decide, NO_USER_AGENT } from "./bots";
import { insertBotRule, selectBotRules } from "./bots.queries.server";

/** The longest pattern a rule keeps (bot-rules.resource's limit); a longer agent is matched by its beginning. */
const MAX_PATTERN = 200;

/**
 * "Block" on a row of /admin/bots (issue 33): a block rule whose pattern is the agent as seen, with the default
 * message. Refused for a request without a user agent, an agent the rules already block, one an allow rule covers
 * (the allow rule would win), and an agent a common browser's user agent would match.
 */
export async function blockSeenAgent(tx: Tx, userAgent: string) {
  const ua = userAgent.trim();
  if (!ua || ua === NO_USER_AGENT) {
    throw new AppError("BAD_INPUT", "Requests without a user agent cannot be blocked by a rule.");
  }
  const rules = await selectBotRules(tx);
  if (decide(rules, ua).blocked) throw new AppError("CONFLICT", "The rules already block this user agent.");
  const pattern = ua.slice(0, MAX_PATTERN);
  const rule = { id: Number.MAX_SAFE_INTEGER, pattern, action: "block" as const, message: "" };
  if (!decide([...rules, rule], ua).blocked) {
    throw new AppError(
      "CONFLICT",
      "An allow rule covers this user agent and would win over a block rule: change it under Bot rules first.",
    );
  }
  const problem = blockPatternProblem(pattern);
  if (problem) throw new AppError("BAD_INPUT", problem);
  await insertBotRule(tx, { pattern, action: "block", message: "" });
}
