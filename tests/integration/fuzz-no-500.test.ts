import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { QUERY_NUL_MESSAGE } from "~/lib/fields";
import { RESOURCES } from "~/modules/admin/resources.registry";
import type { ResourceField } from "~/modules/admin/resource";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { sendAgreementForSignature } from "~/modules/agreements/agreements.server";
import { saveOfferContactDetails } from "~/modules/offers/make-offer.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { listRoutes, type RouteInfo } from "../../scripts/routes";
import { buildListing, buildOffer, buildUser, FACTORY_PASSWORD, viewerOf, giveAddress } from "../factories";
import { appBuild, handlerFor } from "../fixtures/router-harness";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 12, security finding 6: bad input never reaches the database as a 500. Every route of `npm run routes` is
 * called with nasty values (NUL bytes and other control characters, 5,000-character strings, ids above int4,
 * negative numbers, fractions, arrays where a value belongs, nested objects, nothing at all), as a visitor and as a
 * signed-in buyer, seller and administrator:
 * - every action gets bodies built from one its schema accepts (the table below, with the real field names; the
 *   admin resources' from their declarations): first every field once with a NUL inside its good value (a form)
 *   and once as 99999999999 (JSON), then random cases with one or two fields replaced, tainted (a NUL, a control
 *   character, 5,000 characters, beyond int4, negative, a fraction, a list), dropped, or joined by a stranger;
 * - every loader gets its URL parameters and the query strings the app reads, nasty or real; a URL parameter that
 *   cannot name a row must be a 404 (or a refusal), never a 400.
 * No answer may be a 5xx. Runs are bounded (FUZZ_RUNS random cases a route and caller after the examples, default
 * 12; half as many for a page) and the seed is fixed (FUZZ_SEED), so a failure can be replayed; FUZZ_DEBUG=1 prints
 * how each route answered, to see how deep the calls get. The filed cases of the finding are checked one by one first.
 */

const services = await startTestServices();
const { db } = services;
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_612);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const PAGE_RUNS = Math.max(1, Math.ceil(RUNS / 2));
/** FUZZ_DEBUG=1 prints, per route and caller, how the calls were answered (to see how deep the fuzz reaches). */
const DEBUG = process.env.FUZZ_DEBUG === "1";

// ---- who calls ------------------------------------------------------------------------------------------------

type Role = "anonymous" | "buyer" | "seller" | "admin";
const ROLES: Role[] = ["anonymous", "buyer", "seller", "admin"];
type Person = { id: string; cookie: string };

async function person(
  role: "buyer" | "seller" | "admin",
): Promise<Person & { row: Awaited<ReturnType<typeof buildUser>> }> {
  const row = await buildUser(db, { role, staffRole: role === "admin" ? "admin" : null });
  return { id: row.id, row, cookie: await sessionCookieFor(services, row.email, FACTORY_PASSWORD) };
}

const admin = await person("admin");
const seller = await person("seller");
const buyer = await person("buyer");
/** The one the administrator's user screens act on (suspend, delete, impersonate), never a caller. */
const victim = await buildUser(db, { role: "buyer" });
// Impersonation takes the public id's real shape (12 hex characters); the factory's is shorter.
await db
  .update(user)
  .set({ userUniqid: randomBytes(6).toString("hex") })
  .where(eq(user.id, victim.id));
const [{ userUniqid: victimUniqid }] = await db.select().from(user).where(eq(user.id, victim.id));
const people: Record<Exclude<Role, "anonymous">, Person> = { admin, seller, buyer };

const listing = await buildListing(db, { seller: seller.row });
const soldListing = await buildListing(db, { seller: seller.row });
const offer = await buildOffer(db, { listing: soldListing, buyer: buyer.row });
const { agreementId } = await acceptOffer(services, { actor: viewerOf(seller.row), input: { offerId: offer.id } });
await giveAddress(db, seller.id);
await giveAddress(db, buyer.id);
await sendAgreementForSignature(services, { actor: viewerOf(admin.row), input: { agreementId } });
const openOffer = await buildOffer(db, { listing, buyer: buyer.row });
/** A listing the buyer has no offer on yet (make-offer), and one waiting for review (pending listings). */
const offerListing = await buildListing(db, { seller: seller.row });
await buildListing(db, { seller: seller.row, status: LISTING_STATUS.pending });
/** The buyer's legal name, phone and address, which an offer needs first. */
const CONTACT = {
  name: "Pat Tester",
  phoneNumber: "(407) 555-0123",
  addressLine1: "1 Main Street",
  addressLine2: "Apt 2",
  city: "Orlando",
  state: "FL",
  postalCode: "32830",
  country: "US",
};
await saveOfferContactDetails(services, { actor: viewerOf(buyer.row), input: CONTACT });
await saveOfferContactDetails(services, { actor: viewerOf(admin.row), input: CONTACT });

/**
 * A fuzzed call may sign its caller out (logout, a deleted session), start an impersonation or change the email:
 * before each route every caller is signed in again when its session is gone or is not its own plain session.
 */
async function freshSessions() {
  for (const p of Object.values(people)) {
    const s = await services.auth.api.getSession({ headers: new Headers({ cookie: p.cookie }) }).catch(() => null);
    if (s && s.user.id === p.id && !s.session.impersonatedBy) continue;
    const [row] = await db.select().from(user).where(eq(user.id, p.id));
    p.cookie = await sessionCookieFor(services, row.email, FACTORY_PASSWORD);
  }
}

const cookieOf = (role: Role) => (role === "anonymous" ? undefined : people[role].cookie);

// ---- nasty values -----------------------------------------------------------------------------------------------

const NASTY_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u001b\u007f",
  "\u0085\u009f",
  "\ud800",
  "x".repeat(5000),
  `${"a".repeat(4000)}@example.com`,
  "pat\u0000@example.com",
  "\t\n\r",
  "99999999999",
  "2147483648",
  "-2147483649",
  "-1",
  "0",
  "1.5",
  "1e308",
  "NaN",
  "",
  "   ",
  "null",
  "[]",
  "{}",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "' OR 1=1 --",
  "%00",
  "\u202eevil",
  "🏰",
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12, unit: "binary" }) },
  {
    weight: 1,
    arbitrary: fc.string({ maxLength: 12, unit: fc.constantFrom("\u0000", "a", "1", "@", ".", " ", "-", "\n") }),
  },
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(99_999_999_999, 2_147_483_648, -1, 0, 1.5, 1e308, -1e308, true, false, null),
  },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom([], [[1]], { a: { b: { c: "\u0000" } } }, { id: 99_999_999_999 }) },
);

const PARAM_NASTY = [
  "2147483648",
  "99999999999",
  "-1",
  "0",
  "1.5",
  "1e3",
  "\u0000",
  "1\u0000",
  "abc",
  "x".repeat(5000),
];

// ---- what each action accepts -----------------------------------------------------------------------------------

type Body = Record<string, unknown>;
type ActionSpec = {
  /** Bodies the route's schema accepts (real field names), one per intent or form. */
  bodies: Body[];
  /** The route's URL parameters when it has some, by name (default: `validParam`). */
  params?: Record<string, string>;
  /** Also send a multipart form with a file under this field (upload routes); it is the first encoding then. */
  file?: string;
  /** New rows for each caller (an offer one caller withdraws is no use to the next): sets `params`. */
  fresh?: () => Promise<Record<string, string>>;
  /** The encodings the route reads (default form and JSON, plus multipart with `file`); the first is the base's. */
  encodings?: Encoding[];
};
type Encoding = "form" | "json" | "multipart";
const encodingsOf = (spec: ActionSpec): Encoding[] =>
  spec.encodings ?? (spec.file ? ["multipart", "form", "json"] : ["form", "json"]);

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const listingForm = {
  resortId: String(listing.resortId),
  useMonth: "2",
  contractPoints: "160",
  prevYearPoints: "0",
  currYearPoints: "160",
  nextYearPoints: "160",
  pricePerPoint: "150.00",
  noHaggle: "on",
};
const signing = {
  legalName: "Pat Tester",
  method: "typed",
  imagePng: PNG,
  password: "not-the-password",
};

const ACTIONS: Record<string, ActionSpec> = {
  // public
  "listing-info": {
    bodies: [{ name: "Pat", email: "pat@example.com", phone: "4075550123", message: "Is it still for sale?" }],
  },
  "broker-listings.show": { bodies: [{ name: "Pat", email: "pat@example.com", message: "Is it still for sale?" }] },
  favorites: {
    bodies: [
      { intent: "toggle", listingId: String(listing.id), redirectTo: "/listings" },
      { intent: "remove", listingId: String(listing.id) },
    ],
  },
  "listings.compare": {
    bodies: [
      { intent: "toggle", listingId: String(listing.id) },
      { intent: "remove", listingId: String(listing.id), redirectTo: "/compare" },
    ],
  },
  // Issue 27: the SPEC's path answers 308 to /special-request whatever is posted.
  "buyer.special-request.spec-path": { bodies: [{ notes: "A sunny view" }] },
  // Issue 27: "Ask about a resort's dues" on the dues guide (a contact message).
  "dvc-annual-dues": {
    bodies: [{ resort: "AUL", name: "Ann Buyer", email: "ann@example.org", message: "What are the dues this year?" }],
  },
  "buyer.special-request": {
    bodies: [
      {
        intent: "file",
        resorts: [String(listing.resortId)],
        use_months: ["2"],
        min_points: "100",
        max_points: "200",
        max_price_per_point: "150",
        budget: "30000",
        needed_by: "2027-01-01",
        notes: "A sunny view",
      },
      { intent: "from-search", query: "resort=BLT&points=100-200" },
    ],
  },
  "make-offer": {
    params: { id: String(offerListing.id) },
    bodies: [
      { intent: "details", ...CONTACT },
      {
        intent: "offer",
        pricePerPoint: "140",
        duesPaidBy: "buyer",
        closingCostsPaidBy: "split",
        financing: "cash",
        deedNames: "Pat Tester",
        message: "Hello",
        understood: "on",
        confirmLow: "on",
      },
    ],
  },
  verify: { bodies: [{}], file: "file" },
  // accounts
  "sign-up.new": {
    bodies: [{ name: "Pat Tester", email: "new.pat.{n}@example.com", password: "secret-pass", role: "buyer" }],
  },
  "sign-in": { bodies: [{ email: "pat.{n}@example.com", password: "wrong-password", redirectTo: "/profile" }] },
  "register.action.verify-email-message": { bodies: [{ pin: "1234" }, { intent: "resend" }] },
  "user.complete-profile": {
    bodies: [
      {
        phoneNumber: "(407) 555-0123",
        addressLine1: "1 Main St",
        city: "Orlando",
        state: "FL",
        postalCode: "32830",
        country: "US",
      },
    ],
  },
  "forgot.password.view": { bodies: [{ email: "pat.{n}@example.com" }] },
  "reset-password.view": {
    bodies: [{ token: "abcdefghijklmnopqrstuvwx", password: "new-secret", confirmPassword: "new-secret" }],
  },
  "two-factor": { bodies: [{ code: "123456", redirectTo: "/profile" }] },
  "user.profile.security": {
    bodies: [
      { intent: "enable-2fa", password: "not-the-password" },
      { intent: "cancel-2fa" },
      { intent: "confirm-2fa", code: "123456" },
      { intent: "regenerate-codes", password: "not-the-password" },
      { intent: "disable-2fa", password: "not-the-password" },
      { intent: "logout-others", password: "not-the-password" },
      { intent: "delete-account", password: "not-the-password", confirm: "on" },
    ],
  },
  logout: { bodies: [{}] },
  // profile
  "user.profile": {
    bodies: [
      { intent: "profile-info", ...CONTACT },
      {
        intent: "password",
        currentPassword: "not-the-password",
        newPassword: "new-secret",
        confirmPassword: "new-secret",
      },
      { intent: "email-send-pin", email: "changed.pat@example.com" },
      { intent: "email-confirm", pin: "1234" },
    ],
  },
  required: { bodies: [{ note: "Please help me with my address." }] },
  "special-request.show": { params: { id: "1" }, bodies: [{ intent: "close", reason: "found" }] },
  update_profile_image: { params: { userUniqid: seller.row.userUniqid }, bodies: [{}], file: "upload" },
  "check-email-exists": { bodies: [{ email: "pat@example.com" }] },
  "send-email-pin": { bodies: [{ email: "pin.pat@example.com" }] },
  "verify-email-pin": { bodies: [{ email: "pin.pat@example.com", email_pin: "1234" }] },
  "update-email": { bodies: [{ email: "pin.pat@example.com" }] },
  "verification.email-pin": { bodies: [{ pin: "1234" }] },
  "user.profile.update-user-field": {
    bodies: [
      { name: "salutation", value: "Mr. Tester" },
      { id: seller.id, name: "us_phone_number", value: "(407) 555-0123" },
      { name: "first_sentence_of_contract", value: "Pat Tester and Sam Tester" },
      { name: "buyer_low_offer_value", value: "10" },
      { name: "sms_enabled", value: "true" },
    ],
  },
  "listings.commission-text.update": { bodies: [{ value: "6% of the price", isAdmin: "1" }] },
  "v2.profile.inventory-new": { bodies: [listingForm] },
  "v2.profile.inventory-edit": { params: { id: String(listing.id) }, bodies: [listingForm] },
  "v2.profile.offer": {
    fresh: async () => {
      const l = await buildListing(db, { seller: seller.row });
      return { offerId: String((await buildOffer(db, { listing: l, buyer: buyer.row })).id) };
    },
    bodies: [
      {
        intent: "counter",
        pricePerPoint: "145",
        duesPaidBy: "seller",
        closingCostsPaidBy: "buyer",
        message: "Meet me",
      },
      { intent: "decline", reason: "Too low for me" },
      { intent: "accept" },
      { intent: "withdraw" },
    ],
  },
  "v2.profile.agreement": { params: { agreementId: String(agreementId) }, bodies: [{ intent: "deposit-sent" }] },
  "v2.profile.agreement-sign": {
    params: { agreementId: String(agreementId) },
    bodies: [
      {
        intent: "sign",
        ...signing,
        initials1: "PT",
        initials2: "PT",
        initials3: "PT",
        initials4: "PT",
        sellerForeign: "no",
        sellerStateResident: "no",
      },
      { intent: "viewed", section: "2" },
    ],
  },
  "v2.profile.addendum-sign": {
    params: { agreementId: String(agreementId), number: "1" },
    bodies: [{ intent: "sign", ...signing, initials: "PT" }],
  },
  "v2.profile.notifications": {
    bodies: [{ intent: "read", id: "1" }, { intent: "read-all" }, { intent: "delete", id: "1" }],
  },
  "profile.deposit-form": { params: { id: String(agreementId) }, bodies: [{ intent: "deposit-sent" }] },
  // admin
  "admin.tweaks": {
    bodies: [
      { intent: "inactive-users", inactive_user_days: "90" },
      { intent: "security", require_admin_two_factor: "false" },
      {
        intent: "offers",
        offer_expiry_hours: "48",
        offers_allowed_default: "5",
        who_pays_dues: "buyer",
        who_pays_closing_costs: "split",
      },
      { intent: "agreement", deposit_percent: "10", deposit_minimum: "1000", deposit_hours: "72" },
      {
        intent: "fees",
        commission_percent: "8",
        commission_minimum: "0",
        estoppel_fee: "150",
        seller_closing_fee: "300",
      },
    ],
  },
  "admin.od-settings": {
    bodies: [{ status: "all", perPage: "25", sort: "updated", columns: ["total", "seller"], days: "0" }],
  },
  "admin.contract-sections": {
    bodies: [
      { intent: "preview", section: "1", title: "Purchase", body: "The purchase of the contract." },
      { intent: "save", section: "2", title: "Closing", body: "Closing happens." },
      { intent: "restore", section: "2" },
    ],
  },
  "admin.users.edit": {
    params: { uniqid: victimUniqid },
    bodies: [
      { intent: "update", name: "Victim Person", email: victim.email, role: "buyer" },
      { intent: "suspend", reason: "Testing the suspension" },
      { intent: "unsuspend" },
      { intent: "reset-2fa" },
      { intent: "verify-email" },
      { intent: "staff-role", staffRole: "none" },
    ],
  },
  "admin.agreements.deed": { params: { id: String(agreementId) }, bodies: [{}], file: "deed" },
  // Issue 28: "Retry sealing" on the deal page (a seal the job gave up on is queued again).
  "admin.agreements.deal": { params: { id: String(agreementId) }, bodies: [{ intent: "retrySeal" }] },
  "admin.users.impersonate": { params: { user_uniqid: victimUniqid }, bodies: [{ notification_id: "1" }] },
  // Issue 28: leaving is a POST with no fields (a caller not impersonating is sent home).
  "admin.users.impersonate-leave": { bodies: [{}] },
  "admin.testimonials.read_notifications": { bodies: [{}] },
  "admin.listing.read_notifications": { bodies: [{}] },
  "admin.notification.delete": { bodies: [{ notification_id: "1" }] },
  // Issue 30: the media library's calls (decision 0067).
  "media.meta.save": {
    bodies: [{ id: "1", title: "t", alt: "a", description: "d" }, { path: "/media/library/x.webp" }],
  },
  "media.upload": { bodies: [{}], file: "file" },
  "admin.delete-admin-offers-logs": { bodies: [{ logIds: ["1", "2"] }] },
  "notifications.update": {
    bodies: [{ intent: "read", id: "1" }, { intent: "read-all" }, { intent: "delete", id: "1" }],
  },
  // JSON calls
  settings: { bodies: [{ columns: ["site_name", "site_email"] }] },
  "listings.update": {
    bodies: [
      { id: String(listing.id), name: "listing_status_id", value: "9", reason: "3", other_reason: "Sold it elsewhere" },
      { id: String(listing.id), name: "listing_status_id", value: "3" },
    ],
  },
  "dvc-broker-listings.store": {
    encodings: ["json"],
    bodies: [
      {
        points: [100, 300],
        resort: "BLT",
        broker: [1],
        page: 1,
        limit: 20,
        orderBy: { column: "price", order: "asc" },
        withFilters: true,
      },
      { type: 1, nights: [1, 7], checkIn: ["2026-12", "2027-01"], page: 1 },
    ],
  },
  "listing.get-listing-by-id": { bodies: [{ listing_id: String(listing.id) }] },
  // Issue 32: the footer's calls, the feedback tab, the newsletter's one-click unsubscribe, the frontend calls.
  "subscriber.store": { bodies: [{ contact: "(407) 555-0123", type: "phone" }] },
  "app-link-clicks": { bodies: [{}] },
  "newsletter.store": { bodies: [{ email: "reader@example.com" }] },
  "newsletter.unsubscribe": { bodies: [{ token: "not-a-token" }] },
  // Issue 33: a marketing mail's one-click unsubscribe (the token is the path) and the cookie prompt's answer.
  "marketing.unsubscribe": { bodies: [{ "List-Unsubscribe": "One-Click" }] },
  consent: { bodies: [{ choice: "accept", returnTo: "/listings" }, { choice: "decline" }] },
  "user.testimonial.store": { bodies: [{ rating: "4.5", comments: "Smooth closing.", returnTo: "/" }] },
  "frontend.get-related-pages": { bodies: [{ page_route: "about-us" }] },
  "frontend.get-right-menu": { bodies: [{ page_route: "about-us" }] },
  "frontend.get-related-faqs": { bodies: [{ page_route: "selling-fees-associated" }] },
  "share-this-listing": {
    bodies: [
      {
        name: "Pat",
        email: "friend@example.com",
        listing_url: `http://localhost:3000/listing-info/${listing.id}`,
        message: "Look at this one",
      },
    ],
  },
  "api.auth": {
    params: { "*": "sign-in/email" },
    bodies: [{ email: "pat.{n}@example.com", password: "wrong-password" }],
  },
};

/** A sample value a resource field accepts, as its form sends it (by its kind, its limits and its name). */
function sampleOf(f: ResourceField): unknown {
  const capped = (v: string) => v.slice(0, f.maxLength ?? v.length);
  if (f.kind === "image") return undefined;
  if (/phone/i.test(f.name)) return "(407) 555-0123";
  if (/link/i.test(f.name)) return "/about-us";
  if (f.kind === "email" || /email/i.test(f.name)) return "someone.{n}@example.com";
  switch (f.kind) {
    case "number":
      return String(f.max ?? f.min ?? 1);
    case "money":
      return "10.00";
    case "checkbox":
      return "on";
    case "select":
      return f.options?.[0]?.value ?? "";
    case "multiselect":
      return f.options?.slice(0, 1).map((o) => o.value) ?? [];
    case "date":
      return "2026-05-01";
    case "url":
      return "https://example.com";
    case "relation":
      return "1";
    case "relations":
      return ["1"];
    case "datetime":
      return "2026-05-01T09:00";
    case "richtext":
      return "<p>Some <strong>text</strong></p>";
    case "textarea":
      return capped("Some longer text for this field, enough for any minimum it has.");
    default:
      return capped("Some text here");
  }
}

/** Where a declaration's samples alone do not make a good row. */
const RESOURCE_BODY: Record<string, Body> = {
  // A cost row names a resort or a state, not both.
  "admin.companies.costs": { state: "" },
};

const fieldsBody = (fields: ResourceField[]) =>
  Object.fromEntries(fields.map((f) => [f.name, sampleOf(f)]).filter(([, v]) => v !== undefined));

/** The admin resource engine's routes: bodies from each declaration (its fields, row and toolbar actions). */
async function resourceActions() {
  const out: Record<string, ActionSpec> = {};
  for (const entry of RESOURCES) {
    const decl = (await entry.load()).default;
    const [first] = (await db.select({ id: decl.id }).from(decl.table).limit(1)) as { id: string | number }[];
    const rowId = String(first?.id ?? 1);
    const form = { ...fieldsBody(decl.fields), ...RESOURCE_BODY[entry.id] };
    out[entry.id] = {
      bodies: [
        { intent: "delete", ids: [rowId] },
        { intent: "move", id: rowId, direction: "up" },
        ...(decl.rowActions ?? []).map((a) => ({ intent: a.intent, id: rowId, ...fieldsBody(a.fields ?? []) })),
        ...(decl.toolbarActions ?? []).map((a) => ({ intent: a.intent, ...fieldsBody(a.fields) })),
      ],
    };
    out[`${entry.id}.create`] = { bodies: [{ intent: "save", ...form }] };
    out[`${entry.id}.edit`] = { params: { id: rowId }, bodies: [{ intent: "save", ...form }] };
    const header = decl.fields.filter((f) => f.kind !== "image").map((f) => f.label);
    const row = decl.fields.filter((f) => f.kind !== "image").map((f) => String(sampleOf(f) ?? ""));
    out[`${entry.id}.import`] = {
      bodies: [
        { intent: "check", csv: `${header.join(",")}\n${row.join(",")}` },
        { intent: "import", csv: `id,${header.join(",")}\n${rowId},${row.join(",")}` },
      ],
    };
  }
  return out;
}
Object.assign(ACTIONS, await resourceActions());

/**
 * Issue 32: the contact form's call, and every content page's route, which takes the form's post: a page whose body
 * places the form (the catch-all's /contact-us) sends it, any other answers 405.
 */
const CONTACT_FORM_BODY = {
  topic: "selling",
  name: "Pat",
  email: "pat@example.com",
  phone: "4075550123",
  message: "What could my points fetch?",
};
ACTIONS["contact.store"] = { bodies: [CONTACT_FORM_BODY] };
for (const r of listRoutes().filter((x) => x.file === "routes/public/content-page.tsx")) {
  ACTIONS[r.id] ??= { bodies: [CONTACT_FORM_BODY], ...(r.id === "not-found" ? { params: { "*": "contact-us" } } : {}) };
}

// ---- URL parameters and query strings ---------------------------------------------------------------------------

/** A real value for a URL parameter: a row the callers can reach, so the nasty part goes past the lookup. */
function validParam(route: RouteInfo, name: string): string {
  const own = ACTIONS[route.id]?.params?.[name];
  if (own !== undefined) return own;
  if (name === "agreementId") return String(agreementId);
  if (name === "offerId") return String(openOffer.id);
  if (name === "number") return "1";
  if (name === "uniqid" || name === "user_uniqid" || name === "userUniqid") return victimUniqid;
  if (name === "userId") return seller.id;
  if (name === "resort") return "bay-lake-tower";
  if (name === "token") return "abcdefghijklmnop";
  if (name === "file") return "photo.webp";
  if (name === "folder") return "brokers";
  if (name === "documentId") return "1";
  if (name === "*") return "get-session";
  if (route.path.includes("/agreements/:id")) return String(agreementId);
  if (route.path.startsWith("/profile/deposit-form")) return String(agreementId);
  if (/listing|make-offer|inventory/.test(route.path)) return String(listing.id);
  return "1";
}

const paramNames = (route: RouteInfo) =>
  route.path
    .split("/")
    .filter((s) => s.startsWith(":") || s === "*")
    .map((s) => (s === "*" ? "*" : s.slice(1).replace(/\?$/, "")));

/** The query parameters the app reads (`searchParams.get("x")` and the like), plus the list engine's and the searches'. */
function queryNames(): string[] {
  const names = new Set([
    "page",
    "perPage",
    "sort",
    "dir",
    "q",
    "id",
    "f.status",
    "f.resort",
    "points",
    "ppp",
    "price",
    "resort",
    "uy",
    "pct",
    "limit",
  ]);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const p = path.join(dir, entry);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(entry) && !entry.endsWith(".test.ts")) {
        for (const m of readFileSync(p, "utf8").matchAll(/\.(?:get|getAll|has)\("([\w.[\]-]{1,40})"\)/g))
          names.add(m[1]);
      }
    }
  };
  walk("app");
  return [...names];
}
const QUERY_NAMES = queryNames();

/** Routes whose URL parameter is text a person typed (a search term), not the name of a row. */
const FREE_TEXT_PARAM_ROUTES = new Set(["dvc.search"]);

function pathWith(route: RouteInfo, params: Record<string, string>) {
  return route.path
    .split("/")
    .map((s) => {
      if (s === "*") return params["*"];
      if (!s.startsWith(":")) return s;
      return encodeURIComponent(params[s.slice(1).replace(/\?$/, "")] ?? "");
    })
    .join("/");
}

// ---- calling a route --------------------------------------------------------------------------------------------

type Fn = (args: object) => unknown;
const modules = new Map<string, Promise<{ loader?: Fn; action?: Fn }>>();
const moduleOf = (route: RouteInfo) => {
  let m = modules.get(route.file);
  if (!m) {
    m = import(/* @vite-ignore */ path.resolve("app", route.file));
    modules.set(route.file, m);
  }
  return m;
};

let clients = 0;
/** Each call from its own client address, so the per-address limits and delays stay out of the way. */
const nextAddress = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

/** Calls the loader or action as React Router would; a throw that is not a Response is the 500 it would answer. */
async function call(route: RouteInfo, fn: Fn, request: Request, params: Record<string, string>) {
  const withRouterArgs = (args: object) => fn({ ...args, pattern: route.path, url: new URL(request.url) });
  try {
    const r = await callRoute(withRouterArgs as never, request, params);
    return { status: r.status, detail: r.status >= 400 ? JSON.stringify(r.body).slice(0, 300) : "" };
  } catch (error) {
    const e = error as Error & { cause?: Error };
    const cause = e?.cause?.message ? ` (${e.cause.message})` : "";
    return { status: 500, detail: `${e?.name}: ${e?.message?.split("\n")[0].slice(0, 160)}${cause}` };
  }
}

const asFormValue = (v: unknown): string | string[] => {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
};

type Taint = "nul" | "control" | "long" | "huge" | "negative" | "fraction" | "list";
type Mutation =
  | { kind: "set"; field: string; value: unknown }
  | { kind: "taint"; field: string; how: Taint }
  | { kind: "drop"; field: string }
  | { kind: "add"; field: string; value: unknown };

/**
 * A good value made bad in the way that passes a careless check: a NUL or another control character inside it, the
 * text repeated to 5,000 characters, a number beyond int4, negative or with a fraction, the value sent as a list.
 */
function taint(value: unknown, how: Taint): unknown {
  const text = Array.isArray(value) ? String(value[0] ?? "") : String(value ?? "");
  const numeric = /^\d+(\.\d+)?$/.test(text);
  switch (how) {
    case "nul":
      return `${text.slice(0, 1)}\u0000${text.slice(1)}`;
    case "control":
      return `${text}\u001b[31m\u0007`;
    case "long":
      return text.repeat(Math.ceil(5000 / Math.max(1, text.length))).slice(0, 5000);
    case "huge":
      return numeric ? `${text}99999999999` : "2147483648";
    case "negative":
      return numeric ? `-${text}` : "-1";
    case "fraction":
      return numeric ? `${text}.5` : "1.5";
    case "list":
      return [text, text];
  }
}

function applyMutations(body: Body, mutations: Mutation[]): Body {
  const out: Body = { ...body };
  for (const m of mutations) {
    if (m.kind === "drop") delete out[m.field];
    else if (m.kind === "taint") out[m.field] = taint(out[m.field], m.how);
    else out[m.field] = m.value;
  }
  return out;
}

/** One fuzzed call of an action: a body the route accepts with one or two fields made nasty, as a form or JSON. */
function actionCase(spec: ActionSpec, route: RouteInfo) {
  const names = paramNames(route);
  const fieldsOf = (b: Body) => Object.keys(b).filter((k) => k !== "intent");
  return fc
    .record({
      bodyIndex: fc.nat({ max: spec.bodies.length - 1 }),
      mutations: fc.array(
        fc.oneof(
          {
            weight: 4,
            arbitrary: fc.record({ kind: fc.constant("set" as const), field: fc.nat(), value: nastyValue }),
          },
          {
            weight: 4,
            arbitrary: fc.record({
              kind: fc.constant("taint" as const),
              field: fc.nat(),
              how: fc.constantFrom<Taint>("nul", "control", "long", "huge", "negative", "fraction", "list"),
            }),
          },
          { weight: 1, arbitrary: fc.record({ kind: fc.constant("drop" as const), field: fc.nat() }) },
          {
            weight: 1,
            arbitrary: fc.record({
              kind: fc.constant("add" as const),
              field: fc.constantFrom("intent", "id", "__proto__", "constructor", "x\u0000", "isAdmin", "userId"),
              value: nastyValue,
            }),
          },
        ),
        { minLength: 1, maxLength: 2 },
      ),
      encoding: fc.constantFrom(...encodingsOf(spec)),
      params: fc.array(
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constantFrom(...PARAM_NASTY) },
        ),
        {
          minLength: names.length,
          maxLength: names.length,
        },
      ),
    })
    .map(({ bodyIndex, mutations, encoding, params }) => {
      const base = spec.bodies[bodyIndex];
      const fields = fieldsOf(base);
      const resolved: Mutation[] = mutations.map((m) =>
        m.kind === "add" ? m : { ...m, field: fields.length ? fields[(m.field as number) % fields.length] : "value" },
      ) as Mutation[];
      return {
        body: applyMutations(base, resolved),
        encoding,
        params: Object.fromEntries(names.map((n, i) => [n, params[i] ?? validParam(route, n)])),
      };
    });
}

/** `{n}` in a body's text becomes a number of its own (a new email address each call: no "already taken"). */
function unique(body: Body): Body {
  const n = String(clients);
  const fill = (v: unknown): unknown =>
    typeof v === "string" ? v.replaceAll("{n}", n) : Array.isArray(v) ? v.map(fill) : v;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill(v)]));
}

function actionRequest(
  route: RouteInfo,
  role: Role,
  c: { body: Body; encoding: string; params: Record<string, string> },
  file?: string,
) {
  const url = pathWith(route, c.params);
  const headers = { "x-vpm-client-address": nextAddress() };
  c = { ...c, body: unique(c.body) };
  if (c.encoding === "json") return makeRequest(url, { method: "POST", json: c.body, cookie: cookieOf(role), headers });
  if (c.encoding === "multipart") {
    const fd = new FormData();
    for (const [k, v] of Object.entries(c.body)) for (const x of [asFormValue(v)].flat()) fd.append(k, x);
    const name = typeof c.body.intent === "string" ? c.body.intent : "a\u0000b.pdf";
    fd.append(file ?? "file", new Blob(["%PDF-1.4\n\u0000 not really"], { type: "application/pdf" }), name);
    const h = new Headers(headers);
    h.set("origin", "http://localhost:3000");
    const cookie = cookieOf(role);
    if (cookie) h.set("cookie", cookie);
    return new Request(`http://localhost:3000${url}`, { method: "POST", headers: h, body: fd });
  }
  const form: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(c.body)) if (v !== undefined) form[k] = asFormValue(v);
  return makeRequest(url, { method: "POST", form, cookie: cookieOf(role), headers });
}

// ---- the walk ---------------------------------------------------------------------------------------------------

const ROUTES = listRoutes();
const withAction = ROUTES.filter((r) => r.methods.includes("POST"));
const withLoader = ROUTES.filter((r) => r.methods.includes("GET"));
const show = (v: unknown) =>
  JSON.stringify(v, (_k, x) => (typeof x === "string" && x.length > 60 ? `${x.slice(0, 20)}…(${x.length})` : x));

/** Issue 12 finding 6 as filed: each call that answered 500, and what it answers now. */
describe("the filed cases of finding 6", () => {
  const routeOf = (id: string) => {
    const r = ROUTES.find((x) => x.id === id);
    if (!r) throw new Error(`no route ${id}`);
    return r;
  };
  type Case = {
    what: string;
    route: string;
    role: Role;
    method?: "GET" | "POST";
    params?: Record<string, string>;
    body?: Body;
    json?: boolean;
    status: number;
    message?: RegExp;
  };
  const LONG_EMAIL = `${"a".repeat(4000)}@example.com`;
  const cases: Case[] = [
    {
      what: "a NUL byte in a profile field",
      route: "user.profile",
      role: "seller",
      body: { intent: "profile-info", ...CONTACT, city: "Orl\u0000ando" },
      status: 400,
      message: /City cannot contain control characters/,
    },
    {
      what: "a NUL byte through update-user-field",
      route: "user.profile.update-user-field",
      role: "seller",
      body: { name: "first_sentence_of_contract", value: "Pat\u0000 Tester" },
      json: true,
      status: 400,
      message: /control characters/,
    },
    {
      what: "a NUL byte in the test-listing code",
      route: "admin.test-listings",
      role: "admin",
      body: { intent: "flag", code: "VPM\u0000-1" },
      status: 400,
    },
    {
      what: "a NUL byte in the reset token",
      route: "reset-password.view",
      role: "anonymous",
      body: { token: "abcdefghij\u0000klmnop", password: "new-secret", confirmPassword: "new-secret" },
      status: 400,
      message: /reset link has expired/,
    },
    {
      what: "a NUL byte in the sign-in email",
      route: "sign-in",
      role: "anonymous",
      body: { email: "pat\u0000@example.com", password: "wrong-password" },
      status: 400,
      message: /Email address is invalid/,
    },
    {
      what: "a NUL byte in the email of better-auth's own sign-in",
      route: "api.auth",
      role: "anonymous",
      params: { "*": "sign-in/email" },
      body: { email: "pat\u0000@example.com", password: "wrong-password" },
      json: true,
      status: 400,
      message: /Email address is invalid/,
    },
    {
      what: "a 4,000-character email at sign-in",
      route: "sign-in",
      role: "anonymous",
      body: { email: LONG_EMAIL, password: "wrong-password" },
      status: 400,
      message: /Email address is invalid/,
    },
    {
      what: "a 4,000-character email at better-auth's own sign-in (the rate-limit key)",
      route: "api.auth",
      role: "anonymous",
      params: { "*": "sign-in/email" },
      body: { email: LONG_EMAIL, password: "wrong-password" },
      json: true,
      status: 400,
      message: /Email address is invalid/,
    },
    {
      what: "an id above int4 at /listings/update",
      route: "listings.update",
      role: "seller",
      body: { id: 99_999_999_999, name: "listing_status_id", value: 9, reason: "1" },
      json: true,
      status: 400,
      message: /Unknown listing/,
    },
    {
      what: "an id above int4 in a pending listing's approval",
      route: "admin.pending-listings",
      role: "admin",
      body: { intent: "approve", id: "99999999999" },
      status: 404,
      message: /There is no such listing/,
    },
    {
      what: "an id above int4 in the inventory edit URL (the page)",
      route: "v2.profile.inventory-edit",
      role: "seller",
      method: "GET",
      params: { id: "99999999999" },
      status: 404,
    },
    {
      what: "an id above int4 in the inventory edit URL (the form)",
      route: "v2.profile.inventory-edit",
      role: "seller",
      params: { id: "99999999999" },
      body: listingForm,
      status: 404,
    },
    // Issue 28: a field of one value sent twice was a list the page could not show again (a 500 while rendering).
    {
      what: "a number field sent twice on the listing create form",
      route: "v2.profile.inventory-new",
      role: "seller",
      body: { ...listingForm, contractPoints: ["160", "170"] },
      status: 400,
      message: /contractPoints":\["This field was sent more than once/,
    },
    {
      what: "a number field sent twice on the listing edit form",
      route: "v2.profile.inventory-edit",
      role: "seller",
      params: { id: String(listing.id) },
      body: { ...listingForm, pricePerPoint: ["150.00", "150.00"] },
      status: 400,
      message: /pricePerPoint":\["This field was sent more than once/,
    },
  ];

  it("a NUL byte in a query value (GET /reset-password?token=%00): 400 with a message, and no 500 from the loader", async () => {
    const handle = handlerFor(await appBuild(["reset-password.view", "listings"]));
    for (const url of ["/reset-password?token=%00", "/reset-password?token=abc%00def", "/listings?q=a%00b&page=%00"]) {
      const res = await handle(new Request(`http://localhost:3000${url}`, { headers: { accept: "text/html" } }));
      expect(res.status, url).toBe(400);
      expect(await res.text(), url).toContain(QUERY_NUL_MESSAGE);
    }
    // The loader itself, called without the middleware, treats the token as one that names no link.
    const { loader } = await moduleOf(routeOf("reset-password.view"));
    const direct = await callRoute(loader as never, makeRequest("/reset-password?token=%00"));
    expect(direct.status).toBe(200);
    expect(direct.body.token).toBeNull();
  });

  it.each(cases.map((c) => [c.what, c] as const))("%s", async (_what, c) => {
    await freshSessions();
    const route = routeOf(c.route);
    const mod = await moduleOf(route);
    const fn = c.method === "GET" ? mod.loader : mod.action;
    const params = c.params ?? {};
    const request =
      c.method === "GET"
        ? makeRequest(pathWith(route, params), { cookie: cookieOf(c.role) })
        : actionRequest(route, c.role, { body: c.body ?? {}, encoding: c.json ? "json" : "form", params });
    const res = await callRoute(
      ((a: object) => fn?.({ ...a, pattern: route.path, url: new URL(request.url) })) as never,
      request,
      params,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(c.status);
    if (c.message) expect(JSON.stringify(res.body)).toMatch(c.message);
  });
});

describe("fuzz: no 5xx from any action", () => {
  it("knows a body for every route with an action", () => {
    expect(withAction.map((r) => r.id).filter((id) => !ACTIONS[id])).toEqual([]);
  });

  it.each(withAction.map((r) => [r.id, r] as const))("POST %s", async (_id, route) => {
    const spec = ACTIONS[route.id];
    const { action } = await moduleOf(route);
    if (!spec || !action) return;
    await freshSessions();
    const failures: string[] = [];
    for (const role of ROLES) {
      if (spec.fresh) spec.params = await spec.fresh();
      const seen: Record<number, number> = {};
      const refusals = new Set<string>();
      // Every field of every body, once with a NUL inside its good value (a form) and once beyond int4 (JSON).
      const names = paramNames(route);
      const params = Object.fromEntries(names.map((n) => [n, validParam(route, n)]));
      const encodings = encodingsOf(spec);
      const [first] = encodings;
      const examples = spec.bodies.flatMap((b) => {
        const fields = Object.keys(b).filter((k) => k !== "intent");
        if (!fields.length) return [[{ body: b, encoding: first, params }]];
        return fields.flatMap((f) => [
          [{ body: { ...b, [f]: taint(b[f], "nul") }, encoding: first, params }],
          [{ body: { ...b, [f]: 99_999_999_999 }, encoding: encodings.includes("json") ? "json" : first, params }],
          // Issue 28: the field sent twice (a form: the name repeated), once as it is and once with a second value.
          [{ body: { ...b, [f]: taint(b[f], "list") }, encoding: encodings.includes("form") ? "form" : first, params }],
          [
            {
              body: { ...b, [f]: [...[b[f]].flat(), "2"] },
              encoding: encodings.includes("form") ? "form" : first,
              params,
            },
          ],
        ]);
      }) as [{ body: Body; encoding: string; params: Record<string, string> }][];
      await fc.check(
        fc.asyncProperty(actionCase(spec, route), async (c) => {
          const res = await call(route, action, actionRequest(route, role, c, spec.file), c.params);
          if (DEBUG) {
            seen[res.status] = (seen[res.status] ?? 0) + 1;
            if (res.status === 400 && refusals.size < 6) refusals.add(res.detail.slice(0, 140));
          }
          if (res.status < 500) return true;
          failures.push(`${res.status} ${res.detail}\n    as ${role}: ${c.encoding} ${show(c.params)} ${show(c.body)}`);
          return false;
        }),
        // The examples count among the runs: RUNS random cases come after them.
        { numRuns: examples.length + RUNS, seed: SEED, endOnFailure: true, examples },
      );
      if (DEBUG) {
        const base = [];
        for (const b of spec.bodies) {
          const r = await call(
            route,
            action,
            actionRequest(route, role, { body: b, encoding: first, params }, spec.file),
            params,
          );
          base.push(`${String(b.intent ?? "")}=${r.status}${r.status === 400 ? ` ${r.detail.slice(0, 160)}` : ""}`);
        }
        console.log(`POST ${route.id} as ${role}: ${JSON.stringify(seen)} base: ${base.join(" | ")}`);
        for (const r of refusals) console.log(`    400: ${r}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("fuzz: no 5xx from any loader", () => {
  it.each(withLoader.map((r) => [r.id, r] as const))("GET %s", async (_id, route) => {
    const { loader } = await moduleOf(route);
    if (!loader) return;
    await freshSessions();
    const names = paramNames(route);
    const failures: string[] = [];
    const arb = fc.record({
      params: fc.array(fc.oneof(fc.constant(null), fc.constantFrom(...PARAM_NASTY)), {
        minLength: names.length,
        maxLength: names.length,
      }),
      query: fc.array(fc.tuple(fc.constantFrom(...QUERY_NAMES), nastyString), { maxLength: 3 }),
    });
    const allParams = (v: string | null) => names.map(() => v);
    for (const role of ROLES) {
      await fc.check(
        fc.asyncProperty(arb, async ({ params, query }) => {
          const p = Object.fromEntries(names.map((n, i) => [n, params[i] ?? validParam(route, n)]));
          const qs = new URLSearchParams(query).toString();
          const url = `${pathWith(route, p)}${qs ? `?${qs}` : ""}`;
          const request = makeRequest(url, {
            cookie: cookieOf(role),
            headers: { "x-vpm-client-address": nextAddress() },
          });
          const res = await call(route, loader, request, p);
          // A URL parameter that cannot name a row is a page that does not exist: 404, never 400 or 500. The search
          // call's parameter is free text, not a row: a term it cannot search is a 400 with its message.
          const nastyParam = params.some((v) => v !== null) && !FREE_TEXT_PARAM_ROUTES.has(route.id);
          if (res.status < 500 && !(nastyParam && res.status === 400)) return true;
          failures.push(`${res.status} ${res.detail}\n    as ${role}: ${show(p)} ?${show(qs)}`);
          return false;
        }),
        {
          numRuns: PAGE_RUNS,
          seed: SEED,
          endOnFailure: true,
          examples: [
            [{ params: allParams("99999999999"), query: [["page", "99999999999"]] }],
            [{ params: allParams("\u0000"), query: [["q", "\u0000"]] }],
            // Issue 28: a NUL byte in every query value the app reads, and every one of them repeated.
            [{ params: allParams(null), query: QUERY_NAMES.map((q) => [q, "\u0000"] as [string, string]) }],
            [{ params: allParams(null), query: QUERY_NAMES.map((q) => [q, "a\u0000b"] as [string, string]) }],
            [
              {
                params: allParams(null),
                query: QUERY_NAMES.flatMap(
                  (q) =>
                    [
                      [q, "1"],
                      [q, "2"],
                    ] as [string, string][],
                ),
              },
            ],
          ],
        },
      );
    }
    expect(failures).toEqual([]);
  });
});
