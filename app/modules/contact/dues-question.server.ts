import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { listResorts } from "~/modules/resorts/resorts.server";
import { CONTACT_MESSAGES, LISTING_QUESTION_RATE } from "./contact.schema";
import { parseContactFields, spendContactAllowance } from "./contact.server";
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
  const value: DuesQuestion = parseContactFields(DuesQuestionSchema, args.input.values);
  const resort = (await listResorts(deps.db)).find((r) => r.code === value.resort.toUpperCase() && !r.isInterval);
  if (!resort) {
    throw new AppError("BAD_INPUT", DUES_QUESTION_MESSAGES.unknownResort, {
      resort: [DUES_QUESTION_MESSAGES.unknownResort],
    });
  }
  await spendContactAllowance(
    deps.db,
    `listing-question:${args.input.clientKey}`,
    LISTING_QUESTION_RATE,
    CONTACT_MESSAGES.rateLimited,
  );
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
