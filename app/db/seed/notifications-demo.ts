import { and, count, eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { adminNotifications, inactiveUsers, listings, user } from "~/db/schema";

const DAY = 86_400_000;

/**
 * Demo data for the admin header's notification dropdowns (issue 4): new registrations of the demo buyers and
 * sellers, a listing waiting for review, an address-help request, and one seller inactive for 120 days who still
 * has active listings (as the nightly job would have found). No feedback: that dropdown shows its empty state.
 */
export async function seedNotificationsDemo(tx: Tx, opts: { now: Date }) {
  const { now } = opts;
  const people = await tx
    .select({ id: user.id, name: user.name, role: user.role, email: user.email, uniqid: user.userUniqid })
    .from(user);
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  const rows: (typeof adminNotifications.$inferInsert)[] = [];
  const registered = [
    ["buyer2@example.com", 30],
    ["buyer@example.com", 90],
    ["seller2@example.com", 180],
    ["seller@example.com", 240],
  ] as const;
  for (const [email, minutesAgo] of registered) {
    const p = byEmail.get(email);
    if (!p) continue;
    rows.push({
      type: "userCreated",
      createdAt: at(minutesAgo),
      data: {
        type: "userCreated",
        user: p.name,
        role: p.role,
        user_uniqid: p.uniqid,
        notification: `${p.name} (${p.email}) signed up as a ${p.role}.`,
      },
    });
  }
  const seller = byEmail.get("seller@example.com");
  const seller2 = byEmail.get("seller2@example.com");
  if (seller) {
    const [pending] = await tx
      .select({ id: listings.id, code: listings.listingCode })
      .from(listings)
      .where(and(eq(listings.sellerId, seller.id), eq(listings.listingStatusId, 1)))
      .limit(1);
    if (pending) {
      rows.push({
        type: "listing",
        createdAt: at(45),
        data: {
          type: "listing",
          user: seller.name,
          role: seller.role,
          user_uniqid: seller.uniqid,
          notification: `${seller.name} listed ${pending.code}: waiting for review.`,
          listing_id: pending.id,
          listing_code: pending.code,
          event: "created",
        },
      });
    }
  }
  if (seller2) {
    rows.push({
      type: "addressHelp",
      createdAt: at(60),
      data: {
        type: "addressHelp",
        user: seller2.name,
        role: seller2.role,
        user_uniqid: seller2.uniqid,
        notification: `${seller2.name} asked for help entering their mailing address.`,
      },
    });
    const lastActive = new Date(now.getTime() - 120 * DAY);
    await tx.update(user).set({ lastActiveAt: lastActive }).where(eq(user.id, seller2.id));
    const [{ n }] = await tx
      .select({ n: count() })
      .from(listings)
      .where(and(eq(listings.sellerId, seller2.id), eq(listings.listingStatusId, 3)));
    if (n > 0) {
      await tx
        .insert(inactiveUsers)
        .values({ userId: seller2.id, lastActivity: lastActive, activeListings: n, foundAt: now })
        .onConflictDoNothing();
    }
  }
  if (rows.length > 0) await tx.insert(adminNotifications).values(rows);
}
