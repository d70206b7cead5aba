import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/runtime.server";
import { listResorts } from "~/modules/resorts/resorts.server";
import { CONTACT_MESSAGES, LISTING_QUESTION_RATE } from "./contact.schema";
import { insertContactMessage } from "./contact.queries.server";
import { DUES_QUESTION_MESSAGES, type DuesQuestion, DuesQuestionSchema } from "./dues-question";

type Deps = Pick<Services, "db">;

/**
 * "Ask about a resort's dues": stores the question as a contact message (subject naming the resort) for the
 * administrators' contact messages. Checked in this order: the fields and the resort (BAD_INPUT, nothing written),
 * the sender's hourly allowance, shared with the listing questions (RATE_LIMITED).
 */
export async function sendDuesQuestion(
  deps: Deps,
  args: { actor: Viewer | null; input: { values: unknown; clientKey: string } },
) {
  const parsed = DuesQuestionSchema.safeParse(args.input.values);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    throw new AppError("BAD_INPUT", "Please correct the highlighted fields.", fields);
  }
  const value: DuesQuestion = parsed.data;
  const resort = (await listResorts(deps.db)).find((r) => r.code === value.resort.toUpperCase() && !r.isInterval);
  if (!resort) {
    throw new AppError("BAD_INPUT", DUES_QUESTION_MESSAGES.unknownResort, {
      resort: [DUES_QUESTION_MESSAGES.unknownResort],
    });
  }
  const limit = await hitRateLimit(
    deps.db,
    `listing-question:${args.input.clientKey}`,
    LISTING_QUESTION_RATE.limit,
    LISTING_QUESTION_RATE.windowSeconds,
  );
  if (!limit.allowed) throw new AppError("RATE_LIMITED", CONTACT_MESSAGES.rateLimited);
  const row = await insertContactMessage(deps.db, {
    name: value.name,
    email: value.email,
    phone: value.phone ?? null,
    subject: `Question about the annual dues at ${resort.name} (${resort.code})`,
    message: value.message,
    userId: args.actor?.id ?? null,
  });
  return { id: row.id, message: DUES_QUESTION_MESSAGES.sent };
}
