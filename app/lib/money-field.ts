import { z } from "zod";
import { isWholeCents, MAX_MONEY_CENTS, parseMoney } from "./money";
import { formatPrice } from "./format";

/**
 * A zod field for an amount of money typed in a form (or sent as a number of dollars in JSON): yields integer cents,
 * with messages a person understands. `min` and `max` are in cents. `message`, when given, is the one message for
 * every refusal (a field whose hint already states the range and the format).
 */
export function moneyField(opts: { label: string; min?: number; max?: number; message?: string }) {
  const min = opts.min ?? 0;
  const max = opts.max ?? MAX_MONEY_CENTS;
  const range = `between ${formatPrice(min)} and ${formatPrice(max)}`;
  const missing = opts.message ?? `Enter ${opts.label}.`;
  const notAmount = opts.message ?? `Enter ${opts.label} in dollars, like 1250 or 1,250.00.`;
  const outOfRange = opts.message ?? `Enter ${opts.label} ${range}.`;
  // The issues continue (like a failed .min() does), so the object's own refinements still run and a form shows
  // every field's message at once.
  return z.union([z.string(), z.number()], { error: missing }).transform((v, ctx) => {
    if (typeof v === "string" && v.trim() === "") {
      ctx.addIssue({ code: "custom", message: missing, continue: true });
      return z.NEVER;
    }
    // A number is dollars; one with a fraction of a cent (125.555) is refused like the typed "125.555".
    const cents = typeof v === "number" ? (isWholeCents(v) ? parseMoney(v.toFixed(2)) : null) : parseMoney(v);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: notAmount, continue: true });
      return z.NEVER;
    }
    if (cents < min || cents > max) {
      ctx.addIssue({ code: "custom", message: outOfRange, continue: true });
      return z.NEVER;
    }
    return cents;
  });
}
