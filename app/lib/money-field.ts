import { z } from "zod";
import { formatMoney, MAX_MONEY_CENTS, parseMoney } from "./money";

/**
 * A zod field for an amount of money typed in a form (or sent as a number of dollars in JSON): yields integer cents,
 * with messages a person understands. `min` and `max` are in cents.
 */
export function moneyField(opts: { label: string; min?: number; max?: number }) {
  const min = opts.min ?? 0;
  const max = opts.max ?? MAX_MONEY_CENTS;
  const range = `between ${formatMoney(min, { decimals: true })} and ${formatMoney(max, { decimals: true })}`;
  return z.union([z.string(), z.number()], { error: `Enter ${opts.label}.` }).transform((v, ctx) => {
    const cents = typeof v === "number" ? (Number.isFinite(v) ? parseMoney(v.toFixed(2)) : null) : parseMoney(v);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: `Enter ${opts.label} in dollars, like 1250 or 1,250.00.` });
      return z.NEVER;
    }
    if (cents < min || cents > max) {
      ctx.addIssue({ code: "custom", message: `Enter ${opts.label} ${range}.` });
      return z.NEVER;
    }
    return cents;
  });
}
