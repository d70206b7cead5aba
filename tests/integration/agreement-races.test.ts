import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/abilities";
import {
  activityJournal,
  adminNotifications,
  agreementDocuments,
  agreementEvents,
  agreementSignatures,
  agreements,
  user,
} from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { formatAgreementNumber } from "~/lib/format";
import { STAFF_CANNOT_SIGN } from "~/modules/agreements/agreement-abilities";
import { AGREEMENTS_QUEUES } from "~/modules/agreements/agreements-queues";
import { markDepositSent, sendAgreementForSignature, signAgreement } from "~/modules/agreements/agreements.server";
import { confirmPassword } from "~/modules/accounts/auth-password-confirm.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { action as signAction } from "~/routes/profile/agreement-sign";
import {
  type BuiltUser,
  buildListing,
  buildOffer,
  buildUser,
  FACTORY_PASSWORD,
  giveAddress,
  viewerOf,
} from "../factories";
import { workQueued } from "../fixtures/jobs";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 28: the agreement cannot get stuck or lie under races. Run on PGlite (one connection: the racers take turns)
 * and on PostgreSQL (a pool: they really meet), with factories, never the demo seed.
 */
const services = await startTestServices();
const db = services.db;

type Party = { row: BuiltUser; viewer: Viewer; cookie: string; headers: Headers };

async function aParty(
  role: "buyer" | "seller",
  over: Parameters<typeof buildUser>[1] = {},
  opts: { signIn?: boolean } = {},
): Promise<Party> {
  const row = await buildUser(db, { role, ...over });
  await giveAddress(db, row.id);
  const cookie = opts.signIn === false ? "" : await sessionCookieFor(services, row.email, FACTORY_PASSWORD);
  return {
    row,
    viewer: viewerOf(row),
    cookie,
    headers: new Headers({ cookie, origin: "http://localhost:3000" }),
  };
}

const admin = viewerOf(await buildUser(db, { role: "admin", staffRole: "admin" }));

/** The seller's listing, the buyer's offer accepted, the contract sent to sign. */
async function sentAgreement(seller: Party, buyer: Party) {
  const listing = await buildListing(db, { seller: seller.row, points: 160, pricePerPointCents: 15000 });
  const offer = await buildOffer(db, { listing, buyer: buyer.row, pricePerPointCents: 15000 });
  const { agreementId } = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
  await sendAgreementForSignature(services, { actor: admin, input: { agreementId } });
  return agreementId;
}

const sign = (who: Party, agreementId: number, over: Record<string, unknown> = {}, deps = services) =>
  signAgreement(deps, {
    actor: who.viewer,
    headers: who.headers,
    ipAddress: "203.0.113.7",
    userAgent: "Race test",
    input: {
      agreementId,
      legalName: who.viewer.name,
      method: "typed",
      initials: ["AB", "AB", "AB", "AB"],
      password: FACTORY_PASSWORD,
      sellerForeign: "no",
      sellerStateResident: "yes",
      ...over,
    },
  });

async function outcome(p: Promise<unknown>) {
  try {
    await p;
    return "applied";
  } catch (err) {
    if (isAppError(err)) return `${err.status} ${err.code}: ${err.message}`;
    throw err;
  }
}

const row = async (id: number) => (await db.select().from(agreements).where(eq(agreements.id, id)))[0];
const eventsOf = async (id: number, event: string) =>
  db
    .select()
    .from(agreementEvents)
    .where(and(eq(agreementEvents.agreementId, id), eq(agreementEvents.event, event)));

/**
 * The password check is not what races here, and 100 real ones (a deliberately slow hash) would take minutes on a
 * busy machine: this auth takes the factory password without hashing (and the parties need no session).
 */
const quickPasswords = {
  ...services,
  auth: {
    api: {
      verifyPassword: async ({ body }: { body: { password: string } }) => {
        if (body.password !== FACTORY_PASSWORD) throw new Error("not the factory password");
        return { status: true };
      },
    },
  } as unknown as typeof services.auth,
};

describe("two signatures at the same moment", () => {
  it("always move the agreement on: 50 agreements signed by both sides at once end sealed", async () => {
    // 25 buyers and 25 sellers, two agreements each (a person signing 50 contracts at once is not the race here).
    const pairs: { seller: Party; buyer: Party }[] = [];
    for (let i = 0; i < 25; i++) {
      pairs.push({
        seller: await aParty("seller", {}, { signIn: false }),
        buyer: await aParty("buyer", {}, { signIn: false }),
      });
    }
    const deals: { id: number; seller: Party; buyer: Party }[] = [];
    for (const p of pairs) {
      for (let i = 0; i < 2; i++) deals.push({ id: await sentAgreement(p.seller, p.buyer), ...p });
    }
    const results = await Promise.all(
      deals.map((d) =>
        Promise.all([
          outcome(sign(d.buyer, d.id, {}, quickPasswords)),
          outcome(sign(d.seller, d.id, {}, quickPasswords)),
        ]),
      ),
    );
    expect(results.flat().filter((r) => r !== "applied")).toEqual([]);
    const ids = deals.map((d) => d.id);
    const signedByBoth = await db.select().from(agreements).where(inArray(agreements.id, ids));
    expect(signedByBoth.map((a) => a.status)).toEqual(ids.map(() => "sealing"));
    expect(signedByBoth.every((a) => a.buyerSignedAt && a.sellerSignedAt)).toBe(true);
    expect(await workQueued(services, AGREEMENTS_QUEUES.seal)).toBe(50);
    const sealed = await db.select().from(agreements).where(inArray(agreements.id, ids));
    expect(sealed.filter((a) => a.status === "deposit_due" && a.sealedAt && a.depositDueAt)).toHaveLength(50);
    const files = await db
      .select()
      .from(agreementDocuments)
      .where(and(inArray(agreementDocuments.agreementId, ids), eq(agreementDocuments.kind, "sealed_contract")));
    expect(new Set(files.map((f) => f.agreementId)).size).toBe(50);
    expect(files).toHaveLength(50);
  }, 240_000);
});

describe("the same party pressing Sign several times at once", () => {
  it("signs once; the rest are 409 'already signed' (no 5xx), and the right password never locks them out", async () => {
    const seller = await aParty("seller");
    const buyer = await aParty("buyer");
    const agreementId = await sentAgreement(seller, buyer);
    const form = {
      intent: "sign",
      legalName: buyer.viewer.name,
      method: "typed",
      initials1: "BB",
      initials2: "BB",
      initials3: "BB",
      initials4: "BB",
      password: FACTORY_PASSWORD,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        callRoute(
          signAction as never,
          makeRequest(`/v2/profile/agreements/${agreementId}/sign`, { cookie: buyer.cookie, form }),
          { agreementId: String(agreementId) },
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 303 || s === 302)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.error).toBe(`You have already signed agreement ${formatAgreementNumber(agreementId)}.`);
    expect(
      await db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId)),
    ).toHaveLength(1);
    expect(await eventsOf(agreementId, "signed")).toHaveLength(1);
    // Not locked out: the password confirmation still takes the right password, more than five times.
    for (let i = 0; i < 6; i++) {
      await confirmPassword(services, {
        actor: buyer.viewer,
        input: { password: FACTORY_PASSWORD },
        headers: buyer.headers,
      });
    }
    // And the other side's signature still moves it on.
    expect((await sign(seller, agreementId)).status).toBe("sealing");
  }, 120_000);
});

describe("the typed legal name", () => {
  it("must be the party's name on the agreement (case and spaces aside), or 422 with a message and nothing written", async () => {
    const seller = await aParty("seller", { name: "Margaret Anne Lindqvist" });
    const buyer = await aParty("buyer", { name: "Daniel Okafor" });
    const agreementId = await sentAgreement(seller, buyer);
    const wrong = await outcome(sign(buyer, agreementId, { legalName: "Dan Okafor" }));
    expect(wrong).toBe(
      `422 UNPROCESSABLE: The name you typed is not the buyer's legal name on agreement ${formatAgreementNumber(agreementId)}: type “Daniel Okafor”, as the contract prints it. If that name is wrong, correct it in your profile first.`,
    );
    expect(await db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId))).toEqual(
      [],
    );
    expect((await row(agreementId)).status).toBe("out_for_signature");
    expect(await eventsOf(agreementId, "initialled")).toEqual([]);

    // Through the page: 422, the message under the field and beside the Sign button.
    const page = await callRoute(
      signAction as never,
      makeRequest(`/v2/profile/agreements/${agreementId}/sign`, {
        cookie: seller.cookie,
        form: {
          intent: "sign",
          legalName: "Margaret Lindqvist",
          method: "typed",
          initials1: "ML",
          initials2: "ML",
          initials3: "ML",
          initials4: "ML",
          password: FACTORY_PASSWORD,
          sellerForeign: "no",
        },
      }),
      { agreementId: String(agreementId) },
    );
    expect(page.status).toBe(422);
    expect(page.body.error).toMatch(/is not the seller's legal name .* type “Margaret Anne Lindqvist”/);
    expect(page.body.fields.legalName[0]).toBe(page.body.error);

    // Case, surrounding and repeated spaces do not matter.
    expect((await sign(buyer, agreementId, { legalName: "  daniel   OKAFOR " })).status).toBe("signed_by_buyer");
    expect((await sign(seller, agreementId, { legalName: "margaret anne lindqvist" })).status).toBe("sealing");
  }, 60_000);
});

describe("staff as a party", () => {
  it("cannot sign as the buyer or the seller: 403 with a message, nothing written", async () => {
    // Staff make no offers and list nothing (abilities.ts), so these parties became staff after their deal was made.
    const becomeStaff = async (p: Party, staffRole: "writer" | "senior_writer") => {
      await db.update(user).set({ staffRole }).where(eq(user.id, p.row.id));
      return { ...p, viewer: { ...p.viewer, staffRole } };
    };
    const seller = await aParty("seller");
    const buyerToBe = await aParty("buyer");
    const agreementId = await sentAgreement(seller, buyerToBe);
    const writer = await becomeStaff(buyerToBe, "writer");
    expect(await outcome(sign(writer, agreementId))).toBe(`403 FORBIDDEN: ${STAFF_CANNOT_SIGN}`);
    const sellerToBe = await aParty("seller");
    const buyer = await aParty("buyer");
    const other = await sentAgreement(sellerToBe, buyer);
    const seniorSeller = await becomeStaff(sellerToBe, "senior_writer");
    expect(await outcome(sign(seniorSeller, other))).toBe(`403 FORBIDDEN: ${STAFF_CANNOT_SIGN}`);
    expect(
      await db
        .select()
        .from(agreementSignatures)
        .where(inArray(agreementSignatures.agreementId, [agreementId, other])),
    ).toEqual([]);
    expect((await row(agreementId)).status).toBe("out_for_signature");
    // The other (non-staff) party still signs.
    expect((await sign(buyer, other)).status).toBe("signed_by_buyer");
  }, 60_000);
});

describe("“I have wired the deposit”", () => {
  it("is a workflow transition taken once under a 50-way race: one event, one notification, one entry per party", async () => {
    const seller = await aParty("seller");
    const buyer = await aParty("buyer");
    const agreementId = await sentAgreement(seller, buyer);
    await sign(buyer, agreementId);
    await sign(seller, agreementId);
    await workQueued(services, AGREEMENTS_QUEUES.seal);
    expect((await row(agreementId)).status).toBe("deposit_due");

    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcome(markDepositSent(services, { actor: buyer.viewer, input: { agreementId } })),
      ),
    );
    expect(results.filter((r) => r === "applied")).toHaveLength(1);
    expect(new Set(results.filter((r) => r !== "applied"))).toEqual(
      new Set(["409 CONFLICT: We already know the deposit was sent; the title company confirms it next."]),
    );
    expect(await eventsOf(agreementId, "deposit-sent")).toHaveLength(1);
    const notes = await db
      .select()
      .from(adminNotifications)
      .where(
        and(
          sql`${adminNotifications.data}->>'agreement_id' = ${String(agreementId)}`,
          sql`${adminNotifications.data}->>'notification' like '%wired the deposit%'`,
        ),
      );
    expect(notes).toHaveLength(1);
    const journal = await db
      .select()
      .from(activityJournal)
      .where(
        and(
          eq(activityJournal.kind, "agreement.event"),
          sql`${activityJournal.data}->>'event' = 'deposit-sent'`,
          sql`(${activityJournal.data}->>'agreementId')::int = ${agreementId}`,
        ),
      );
    // One report: one entry in each party's journal.
    expect(journal.map((j) => j.userId).sort()).toEqual([buyer.row.id, seller.row.id].sort());
    expect((await row(agreementId)).status).toBe("deposit_due");
  }, 60_000);
});
