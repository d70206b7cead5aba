import { z } from "zod";
import { EMAIL_PATTERN } from "~/modules/accounts/accounts.schema";
import { SHARE_LIMITS, SHARE_MESSAGES } from "./share";

const requiredText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, { message: requiredMessage, abort: true });

/**
 * The share-this-listing call (SPEC section 3 "Share payload", section 5): name, email, listing_url, message,
 * all required. Where listing_url may point is checked by the service (it needs the site's origin).
 */
export const ShareSchema = z.object({
  name: requiredText(SHARE_MESSAGES.nameRequired)
    .max(SHARE_LIMITS.name, SHARE_MESSAGES.nameTooLong)
    // The name goes into the mail's subject line: no line breaks or other control characters.
    .regex(/^[^\p{Cc}]*$/u, SHARE_MESSAGES.nameControl),
  email: requiredText(SHARE_MESSAGES.emailRequired)
    .max(SHARE_LIMITS.email, SHARE_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, SHARE_MESSAGES.emailInvalid)
    .toLowerCase(),
  listing_url: requiredText(SHARE_MESSAGES.listingUrlRequired).max(
    SHARE_LIMITS.listingUrl,
    SHARE_MESSAGES.listingUrlTooLong,
  ),
  message: requiredText(SHARE_MESSAGES.messageRequired).max(SHARE_LIMITS.message, SHARE_MESSAGES.messageTooLong),
});
export type ShareInput = z.infer<typeof ShareSchema>;
