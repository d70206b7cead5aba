import type { Db } from "~/db/client.server";
import { easternWallTime } from "~/lib/eastern-time";
import { formatNumber, plural, useMonthName as monthName } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import { logger } from "~/lib/logger.server";
import type { Mailer } from "~/lib/mail.server";
import type { SmsSender } from "~/lib/sms.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { listingHref } from "~/modules/listings/listing-href";
import { renderStoredTemplate, sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import { textUser } from "~/modules/notifications/sms.server";
import { getBankingReminderTweaks } from "~/modules/settings/tweaks.server";
import { bankingReminderDue } from "./banking-deadline";
import {
  bankingReminderSent,
  insertBankingReminderOnce,
  selectBankingReminderListings,
} from "./banking-reminders.queries.server";
import { BANKING_REMINDER_MAIL, BANKING_REMINDER_SMS } from "./reminders.templates";

/** Listings whose seller still holds the points: pending review, active, or under contract (not yet closed). */
const REMINDED_STATUSES = [LISTING_STATUS.pending, LISTING_STATUS.active, LISTING_STATUS.underContract];

/** A duplicate found at the unique index: the transaction is rolled back, nothing is sent. */
class AlreadySent extends Error {}

/** The Eastern calendar day of an instant, `YYYY-MM-DD`. */
export function easternToday(now: Date) {
  return easternWallTime(now).slice(0, 10);
}

/**
 * The daily banking reminder (issue 33, decision 0089). For each listing whose seller holds current use-year points,
 * the reminder due today (`bankingReminderDue`, lead times from the tweaks) is mailed with the points at stake, and
 * texted when the seller turned SMS on. Each send and its `banking_reminders` row are one transaction, and the row is
 * unique per listing, use year and lead time: a second run, or a run resumed after a crash, sends each reminder once.
 */
export async function sendBankingReminders(
  deps: { db: Db; mailer: Mailer; sms: SmsSender; siteUrl: string },
  opts: { now?: Date } = {},
) {
  const tweaks = await getBankingReminderTweaks(deps.db);
  if (!tweaks.enabled) return { mailed: 0, texted: 0 };
  const leads = [tweaks.firstLeadDays, tweaks.secondLeadDays].filter((d) => d > 0);
  const today = easternToday(opts.now ?? new Date());
  const origin = new URL(deps.siteUrl).origin;
  let mailed = 0;
  let texted = 0;
  for (const l of await selectBankingReminderListings(deps.db, REMINDED_STATUSES)) {
    const due = bankingReminderDue(l.useMonth, today, leads);
    if (!due) continue;
    const key = { listingId: l.id, useYear: due.useYear, leadDays: due.leadDays };
    if (await bankingReminderSent(deps.db, key)) continue;
    const vars = {
      name: l.sellerName,
      resort: l.resortName,
      listing_code: l.listingCode,
      points: formatNumber(l.points),
      use_year: `${monthName(l.useMonth, true)} ${due.useYear}`,
      deadline: formatCalendarDate(due.deadline),
      days_left: due.daysLeft === 0 ? "today" : `${plural(due.daysLeft, "day")} from today`,
      link: `${origin}${listingHref(l)}`,
    };
    try {
      const smsId = await deps.db.transaction(async (tx) => {
        const mailId = await sendTemplatedMail(
          { db: tx, mailer: deps.mailer, siteUrl: origin },
          { template: BANKING_REMINDER_MAIL, to: l.sellerEmail, vars, inTransaction: true },
        );
        const sms = await renderStoredTemplate({ db: tx, siteUrl: origin }, { template: BANKING_REMINDER_SMS, vars });
        const smsId = await textUser(deps, {
          userId: l.sellerId,
          body: sms.text,
          template: BANKING_REMINDER_SMS.key,
          tx,
        });
        const id = await insertBankingReminderOnce(tx, {
          ...key,
          sellerId: l.sellerId,
          deadline: due.deadline,
          points: l.points,
          mailId,
          smsId,
        });
        if (id === null) throw new AlreadySent();
        return smsId;
      });
      mailed++;
      if (smsId !== null) texted++;
    } catch (err) {
      if (err instanceof AlreadySent) continue;
      throw err;
    }
  }
  // The outbox rows were written in their transactions without a delivery job: queue them now (the outbox relay
  // does within minutes if this process dies first).
  if (mailed > 0) await deps.mailer.requeueStranded(0);
  if (texted > 0) await deps.sms.requeueStranded(0);
  if (mailed > 0) logger.info({ mailed, texted, today }, "banking reminders sent");
  return { mailed, texted };
}
