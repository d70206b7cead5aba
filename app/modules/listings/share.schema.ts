import { z } from "zod";
import { email, text } from "~/lib/fields";
import { SHARE_LIMITS, SHARE_MESSAGES } from "./share";

/**
 * The share-this-listing call (SPEC section 3 "Share payload", section 5): name, email, listing_url, message,
 * all required. Where listing_url may point is checked by the service (it needs the site's origin).
 */
export const ShareSchema = z.object({
  // The name goes into the mail's subject line: no line breaks or other control characters.
  name: text({
    label: "Your name",
    max: SHARE_LIMITS.name,
    required: SHARE_MESSAGES.nameRequired,
    tooLong: SHARE_MESSAGES.nameTooLong,
    invalid: SHARE_MESSAGES.nameControl,
  }),
  email: z
    .string({ error: SHARE_MESSAGES.emailRequired })
    .trim()
    .min(1, { message: SHARE_MESSAGES.emailRequired, abort: true })
    .pipe(email(SHARE_MESSAGES.emailInvalid)),
  listing_url: text({
    label: "The listing's address",
    max: SHARE_LIMITS.listingUrl,
    required: SHARE_MESSAGES.listingUrlRequired,
    tooLong: SHARE_MESSAGES.listingUrlTooLong,
  }),
  message: text({
    label: "Your message",
    max: SHARE_LIMITS.message,
    multiline: true,
    required: SHARE_MESSAGES.messageRequired,
    tooLong: SHARE_MESSAGES.messageTooLong,
  }),
});
export type ShareInput = z.infer<typeof ShareSchema>;
