import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  agreementDocuments,
  agreementEvents,
  agreements,
  mailOutbox,
  resorts,
  user,
  userNotifications,
} from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { formatAgreementNumber } from "~/lib/format";
import { renderTemplate, type TemplateDef } from "~/lib/templates.server";
import { contractPdfForViewer, getContractForSigning } from "~/modules/agreements/agreement-contract.server";
import { getAgreementDealForStaff } from "~/modules/agreements/agreement-deal.server";
import {
  answerRofr,
  closingStatementOf,
  sendAgreementForSignature,
  submitForRofr,
  takeAgreementStep,
} from "~/modules/agreements/agreements.server";
import { selectAgreement } from "~/modules/agreements/agreements.queries.server";
import { missingContractFacts } from "~/modules/contracts/contract-facts";
import { renderContractSections } from "~/modules/contracts/contracts-text.server";
import type { ContractInput } from "~/modules/contracts/contracts.types";
import { acceptOffer } from "~/modules/offers/offers.server";
import { buildListing, buildOffer, giveAddress } from "../factories";
import { demoParty } from "../fixtures/parties";
import { startTestServices } from "../fixtures/services";
import { contractInput } from "./contracts-helpers";
import { signAndSeal, type SigningParty } from "../fixtures/signing";

/**
 * Issue 27 (decision 0056): a contract goes out to sign only with every fact it prints; the seller's section 3
 * answers are written into the text that is sealed; every agreement step reaches both parties' notifications; mails
 * never carry wire instructions; after sealing the contract's download is the sealed file.
 */

const services = await startTestServices();
const db = services.db;

const admin = await demoParty(services, "admin@example.com");
const seller = await demoParty(services, "seller@example.com");
const buyer = await demoParty(services, "buyer2@example.com");

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

async function anAgreement() {
  const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
  const [buyerRow] = await db.select().from(user).where(eq(user.id, buyer.viewer.id));
  const listing = await buildListing(db, { seller: sellerRow as never, points: 160, pricePerPointCents: 15000 });
  const offer = await buildOffer(db, { listing, buyer: buyerRow as never, pricePerPointCents: 15000 });
  return (await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } })).agreementId;
}

const sign = (who: SigningParty, agreementId: number, over: Record<string, unknown> = {}) =>
  signAndSeal(services, who, agreementId, over);

/** What a contract must never print: a blank to fill in by hand, a template left unrendered, a missing value. */
const BLANK = /_{3,}|\{\{|\{%|\bundefined\b|\bnull\b|\bNaN\b|, of \(|of {2}| {2}\(the|between {1,2}\(/;

describe("sending a contract to sign", () => {
  it("refuses while the seller's address is missing, asks the seller for it, and sends once it is on file", async () => {
    await giveAddress(db, seller.viewer.id, null);
    const agreementId = await anAgreement();
    const number = formatAgreementNumber(agreementId);

    expect(await outcome(sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } }))).toBe(
      `409 CONFLICT: Agreement ${number} was not sent to sign: the contract would have a blank. Missing: the seller's (Sally Seller) mailing address. We asked the seller for it by email and in their notifications.`,
    );
    // Nothing was sent: still being prepared, no text kept, no "please sign" mail.
    const refused = await row(agreementId);
    expect(refused.status).toBe("created");
    expect(refused.contractSections).toBeNull();
    const sentMails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, seller.viewer.email), eq(mailOutbox.template, "agreement-sent")));
    expect(sentMails.filter((m) => m.text.includes(number))).toEqual([]);
    // The seller is asked, by mail and in the app, with the link to the form; the buyer is not.
    const [asked] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, seller.viewer.email), eq(mailOutbox.template, "agreement-facts-needed")))
      .orderBy(desc(mailOutbox.id));
    expect(asked.subject).toBe(`Your mailing address is needed for the purchase agreement ${number}`);
    expect(asked.text).toContain("/profile#profile-information");
    const [bell] = await db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, seller.viewer.id))
      .orderBy(desc(userNotifications.id));
    expect(bell).toMatchObject({ kind: "agreement", href: "/profile#profile-information" });
    expect(bell.title).toContain("mailing address");
    const buyerAsked = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.viewer.email), eq(mailOutbox.template, "agreement-facts-needed")));
    expect(buyerAsked.filter((m) => m.subject.includes(number))).toEqual([]);
    // The administrator's deal page says what is missing and whose.
    const deal = await getAgreementDealForStaff(services, { actor: admin.viewer, input: { agreementId } });
    expect(deal.missingFacts).toEqual([{ whose: "seller", field: "address", label: "mailing address" }]);
    expect(deal.missingFactsText).toBe("the seller's (Sally Seller) mailing address");
    expect(deal.now.title).toBe("Waiting for facts the contract prints");

    // The seller adds it: the send goes through and the contract names it.
    await giveAddress(db, seller.viewer.id, "77 Magnolia Court");
    await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
    const sent = await row(agreementId);
    expect(sent.status).toBe("out_for_signature");
    const text = (sent.contractSections ?? []).map((s) => s.text).join("\n");
    expect(text).toContain("Sally Seller, of 77 Magnolia Court, Orlando, FL 32801");
    expect(text).not.toMatch(BLANK);
    const [again] = await getAgreementDealForStaff(services, { actor: admin.viewer, input: { agreementId } }).then(
      (d) => [d.missingFacts],
    );
    expect(again).toEqual([]);
  });

  it("names every fact the four sections print when it is missing; with all of them, no section has a blank", async () => {
    const full = contractInput();
    expect(missingContractFacts(full)).toEqual([]);
    const text = (await renderContractSections(full)).map((s) => s.text).join("\n");
    expect(text).not.toMatch(BLANK);

    const cases: [string, (i: ContractInput) => void][] = [
      [
        "buyer.legalName",
        (i) => {
          i.buyer.legalNames = [" "];
        },
      ],
      [
        "buyer.address",
        (i) => {
          i.buyer.address = "";
        },
      ],
      [
        "buyer.deedNames",
        (i) => {
          i.buyer.deedNames = [];
          i.buyer.legalNames = [];
        },
      ],
      [
        "seller.legalName",
        (i) => {
          i.seller.legalNames = [];
        },
      ],
      [
        "seller.address",
        (i) => {
          i.seller.address = "  ";
        },
      ],
      [
        "agreement.useYear",
        (i) => {
          i.terms.useMonth = 0;
        },
      ],
      [
        "agreement.points",
        (i) => {
          i.terms.points = 0;
        },
      ],
      [
        "agreement.price",
        (i) => {
          i.terms.pricePerPointCents = 0;
        },
      ],
    ];
    for (const [key, strip] of cases) {
      const input = contractInput();
      strip(input);
      const missing = missingContractFacts(input).map((m) => `${m.whose}.${m.field}`);
      expect(missing, key).toContain(key);
      // Even drawn without the fact (a preview), no section prints a blank line to fill in by hand.
      const drawn = (await renderContractSections(input)).map((s) => s.text).join("\n");
      expect(drawn, key).not.toMatch(/_{3,}|\{\{|\bundefined\b|\bNaN\b/);
    }
  });

  it("words every value grammatically: an August use year, 1 point, one numbering", async () => {
    const input = contractInput();
    input.terms.useMonth = 8;
    input.terms.points = 1;
    input.terms.pointsPerUseYear = [{ label: "2026 use year", points: 1 }];
    input.terms.totalCents = input.terms.pricePerPointCents;
    const [s1, s2] = await renderContractSections(input);
    expect(s1.text).toContain("1 vacation point a year with an August use year");
    expect(s1.text).toContain("for 1 point:");
    expect(s1.text).toContain("2026 use year: 1 point\n");
    expect(s2.text).toContain("for 1 point at");
    expect(s1.text).toContain("agreement VPM-000042");
    input.terms.useMonth = 2;
    input.terms.points = 2;
    const [again] = await renderContractSections(input);
    expect(again.text).toContain("2 vacation points a year with a February use year");
  });
});

describe("the seller's declarations in the sealed text", () => {
  for (const foreign of ["yes", "no"] as const) {
    it(`FIRPTA "${foreign}": section 3 is sent unticked, the buyer initials it so, and the sealed text says what the seller declared`, async () => {
      const agreementId = await anAgreement();
      await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
      // The profile says the seller is a US member: nothing is ticked for them before they answer.
      const forBuyer = await getContractForSigning(services, { actor: buyer.viewer, input: { agreementId } });
      const section3 = forBuyer.sections.find((s) => s.number === 3)?.text ?? "";
      expect(section3).not.toContain("[x]");
      expect(section3).toContain("The Seller ticks one when signing (not answered yet)");

      await sign(buyer, agreementId);
      await sign(seller, agreementId, { sellerForeign: foreign });
      const sealed = await row(agreementId);
      expect(sealed.status).toBe("deposit_due");
      expect(sealed.sellerForeign).toBe(foreign === "yes");
      const text = sealed.contractSections?.find((s) => s.number === 3)?.text ?? "";
      expect(text).toContain("The Seller declared when signing:");
      if (foreign === "yes") {
        expect(text).toContain("[x] The Seller is a foreign person.");
        expect(text).toContain("[ ] The Seller is not a foreign person");
      } else {
        expect(text).toContain("[x] The Seller is not a foreign person");
        expect(text).toContain("[ ] The Seller is a foreign person.");
      }
      // The other sections are the text as it was sent.
      expect(sealed.contractSections?.[0].text).toContain(`agreement ${formatAgreementNumber(agreementId)}`);

      // After sealing, "download the contract" gives the sealed file on record, for both parties.
      const [doc] = await db
        .select()
        .from(agreementDocuments)
        .where(and(eq(agreementDocuments.agreementId, agreementId), eq(agreementDocuments.kind, "sealed_contract")));
      expect(doc).toBeDefined();
      for (const who of [buyer, seller]) {
        const pdf = await contractPdfForViewer(services, { actor: who.viewer, input: { agreementId } });
        expect(pdf.sealed).toBe(true);
        expect(pdf.fileName).toBe(doc.fileName);
        const { createHash } = await import("node:crypto");
        expect(createHash("sha256").update(pdf.bytes).digest("hex")).toBe(doc.sha256);
      }
    });
  }
});

describe("every agreement step reaches both parties", () => {
  it("in their notifications as well as by mail, numbered VPM-, and no mail carries wire instructions", async () => {
    const agreementId = await anAgreement();
    const number = formatAgreementNumber(agreementId);
    const since = async (userId: string) =>
      (await db.select().from(userNotifications).where(eq(userNotifications.userId, userId)))
        .filter(
          (n) =>
            n.kind === "agreement" && new RegExp(`/(agreements|deposit-form)/${agreementId}(/|$)`).test(n.href ?? ""),
        )
        .map((n) => n.title);
    const sinceMails = async () =>
      (await db.select().from(mailOutbox)).filter(
        (m) => m.text.includes(number) && (m.to === buyer.viewer.email || m.to === seller.viewer.email),
      );

    await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
    await sign(buyer, agreementId);
    await sign(seller, agreementId);
    await takeAgreementStep(services, { actor: admin.viewer, input: { agreementId }, step: "receiveDeposit" });
    await submitForRofr(services, {
      actor: admin.viewer,
      input: { agreementId, submittedOn: new Date().toISOString().slice(0, 10) },
    });
    await answerRofr(services, { actor: admin.viewer, input: { agreementId, result: "waived" } });

    const forBuyer = await since(buyer.viewer.id);
    const forSeller = await since(seller.viewer.id);
    // Sent, signed by the other side (seller only), sealed, deposit received, ROFR submitted, ROFR waived.
    expect(forBuyer.length).toBeGreaterThanOrEqual(5);
    expect(forSeller.length).toBeGreaterThanOrEqual(6);
    expect(forBuyer.some((t) => /deposit is received/i.test(t))).toBe(true);
    expect(forSeller.some((t) => /waived/i.test(t))).toBe(true);
    const [bell] = await db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, buyer.viewer.id))
      .orderBy(desc(userNotifications.id));
    expect(bell.href).toBe(`/v2/profile/agreements/${agreementId}`);

    const mails = await sinceMails();
    expect(mails.length).toBeGreaterThan(5);
    for (const m of mails) {
      expect(`${m.subject}\n${m.text}`.match(/.{0,40}#\d+\b/)?.[0] ?? null, m.template ?? "").toBeNull();
      expect(`${m.text}\n${m.html}`).not.toMatch(/Routing|Account( number)?:|\b\d{9}\b/i);
    }
    const sealedMail = mails.find((m) => m.template === "agreement-sealed" && m.to === buyer.viewer.email);
    expect(sealedMail?.text).toContain(`/profile/deposit-form/${agreementId}`);
    expect(sealedMail?.text).toContain("we never send wire instructions by email");
    const events = await db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, agreementId));
    expect(events.every((e) => !/#\d/.test(e.note ?? ""))).toBe(true);
  });
});

describe("every mail template of the app", () => {
  const modules = import.meta.glob<Record<string, unknown>>("/app/**/*.templates.ts", { eager: true });
  const templates = Object.values(modules)
    .flatMap((m) => Object.values(m))
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v): v is TemplateDef => !!v && typeof v === "object" && "key" in v && "kind" in v && "text" in v)
    .filter((t) => t.kind === "mail");
  const unique = [...new Map(templates.map((t) => [t.key, t])).values()];

  it("is found (agreements, offers, accounts, listings, special requests)", () => {
    expect(unique.length).toBeGreaterThan(20);
    expect(unique.map((t) => t.key)).toContain("agreement-sealed");
    expect(unique.map((t) => t.key)).toContain("agreement-deposit-reminder");
  });

  it("renders with no account or routing number, even when handed the title company's wire instructions", async () => {
    const wire =
      "Bank: First Harbor Bank\nRouting (ABA): 063000021\nAccount name: Escrow Trust\nAccount number: 447122901183";
    for (const t of unique) {
      const vars: Record<string, unknown> = {
        site: "Vacation Points Market",
        site_url: "https://vpm.example",
        link: "https://vpm.example/x",
        terms: [{ label: "Agreement", value: "VPM-000001" }],
        wire,
        wire_instructions: wire,
        title_company: "Sunshine Title",
      };
      for (const name of Object.keys(t.variables)) if (!(name in vars)) vars[name] = `[${name}]`;
      const out = await renderTemplate(t, vars);
      const all = `${out.subject}\n${out.text}\n${out.html}`;
      expect(all, t.key).not.toContain("063000021");
      expect(all, t.key).not.toContain("447122901183");
      expect(all, t.key).not.toMatch(/Routing \(ABA\)|Account number/);
      expect(Object.keys(t.variables), t.key).not.toContain("wire");
    }
  });
});

describe("the dues proration", () => {
  it("uses the dues of the closing's year, or says it is an estimate from the latest published year, naming it", async () => {
    const agreementId = await anAgreement();
    await db.update(agreements).set({ targetClosingDate: "2031-06-15" }).where(eq(agreements.id, agreementId));
    const a = (await selectAgreement(db, agreementId)) as NonNullable<Awaited<ReturnType<typeof selectAgreement>>>;
    const [resort] = await db.select().from(resorts).where(eq(resorts.id, a.resortId));
    try {
      await db.update(resorts).set({ duesPerPointCents: 800, duesYear: 2030 }).where(eq(resorts.id, a.resortId));
      const older = await closingStatementOf(db, a, { sides: ["buyer", "seller"], expectedClosing: null });
      expect(older?.notes).toContain(
        "The dues line is an estimate: 2031 dues are not published yet, so it uses the 2030 dues per point (the latest published).",
      );
      await db.update(resorts).set({ duesYear: 2031 }).where(eq(resorts.id, a.resortId));
      const same = await closingStatementOf(db, a, { sides: ["buyer", "seller"], expectedClosing: null });
      expect(same?.notes.some((n) => n.includes("dues line is an estimate"))).toBe(false);
      expect(same?.buyer?.lines.some((l) => l.key === "dues")).toBe(true);
    } finally {
      await db
        .update(resorts)
        .set({ duesPerPointCents: resort.duesPerPointCents, duesYear: resort.duesYear })
        .where(eq(resorts.id, a.resortId));
    }
  });
});
