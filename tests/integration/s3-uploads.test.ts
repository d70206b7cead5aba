import { existsSync } from "node:fs";
import path from "node:path";
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { agreementDocuments, agreementEvents, brokers, mailOutbox, media, user } from "~/db/schema";
import { createS3Storage } from "~/lib/s3-storage.server";
import { STORAGE_READ_FAILED, STORAGE_WRITE_FAILED } from "~/lib/storage.server";
import { sendAgreementForSignature, signAgreement } from "~/modules/agreements/agreements.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { action as deedAction } from "~/routes/admin/agreement-deed";
import { action as formAction } from "~/routes/admin/resource/form";
import { action as listAction } from "~/routes/admin/resource/list";
import { action as mediaUpload } from "~/routes/api/media-upload";
import { loader as photoLoader } from "~/routes/account/profile-photo";
import { action as uploadAction } from "~/routes/account/update-profile-image";
import { loader as documentLoader } from "~/routes/agreements/document";
import { loader as mediaLoader } from "~/routes/public/media";
import { buildListing, buildOffer, buildUser, FACTORY_PASSWORD } from "../factories";
import { demoParty } from "../fixtures/parties";
import { startS3rver } from "../fixtures/s3rver";
import { workQueued } from "../fixtures/jobs";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { freshUser, journalOf } from "./profile-helpers";

/**
 * Issue 16: the app with its files in an S3 bucket (s3rver on loopback, as the S3_* variables configure it). Public
 * images keep their URLs and headers; private files are served only through their authorized route; a store that is
 * down answers 503 with a message and leaves no row behind.
 */
const s3 = await startS3rver();
const services = await startTestServices(s3.env);
const db = services.db;

/** Another client on the bucket: what a second web process (its own DATA_DIR, the same S3_*) sees. */
const raw = new S3Client({
  endpoint: s3.endpoint,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});
afterAll(() => raw.destroy());
const inBucket = (key: string) =>
  raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
    (h) => h,
    () => null,
  );

/** Runs `work` with the store stopped, and starts it again whatever happens. */
async function withStoreDown<T>(work: () => Promise<T>) {
  await s3.stop();
  try {
    return await work();
  } finally {
    await s3.start();
  }
}

const png = (w = 300, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

function photoUpload(uniqid: string, bytes: Uint8Array, cookie: string) {
  const form = new FormData();
  form.append("upload", new File([bytes as BlobPart], "me.png", { type: "image/png" }));
  const headers = new Headers({ origin: "http://localhost:3000", accept: "application/json", cookie });
  return callRoute(
    uploadAction as never,
    new Request(`http://localhost:3000/update_profile_image/${uniqid}`, { method: "POST", body: form, headers }),
    { userUniqid: uniqid },
  );
}
const servePhoto = async (key: string) =>
  (await photoLoader({
    params: { file: key.replace("profile-photos/", "") },
    request: new Request(`http://localhost:3000/${key}`),
    context: {},
  } as never)) as Response;
const photoPath = async (id: string) => (await db.select().from(user).where(eq(user.id, id)))[0].profilePhotoPath;

describe("public images in the bucket", () => {
  it("the storage is the bucket, not this host's folder", () => {
    expect(services.config.s3?.bucket).toBe(s3.bucket);
    expect((services.storage as { bucket?: string }).bucket).toBe(s3.bucket);
  });

  it("a profile photo is stored in the bucket and served at its URL as WebP with the long cache headers", async () => {
    const me = await freshUser(services);
    const res = await photoUpload(me.uniqid, await png(800, 600), me.cookie);
    expect(res.status).toBe(200);
    const key = (await photoPath(me.id)) as string;
    expect(res.body.data.url).toBe(`/${key}`);
    const head = await inBucket(key);
    expect(head?.ContentType).toBe("image/webp");
    expect(existsSync(path.join(services.config.dataDir, "uploads"))).toBe(false);

    const served = await servePhoto(key);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("content-length")).toBe(String(head?.ContentLength));
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);

    // Another process (another client on the same bucket) finds the same file.
    const other = createS3Storage(s3.config);
    try {
      expect((await other.get(key))?.size).toBe(head?.ContentLength);
    } finally {
      other.close();
    }

    // Replaced: the old object goes from the bucket, its URL answers 404.
    await photoUpload(me.uniqid, await png(100, 100), me.cookie);
    expect(await inBucket(key)).toBeNull();
    expect((await servePhoto(key)).status).toBe(404);
  });

  it("a broker's logo from the admin form is stored in the bucket and served at /media/... as before", async () => {
    const admin = await sessionCookieFor(services, "admin@example.com");
    const [broker] = await db.select().from(brokers).where(eq(brokers.slug, "lakeside-timeshare-brokers"));
    const res = await brokerLogoUpload(broker, admin, await png(40, 40));
    expect(res.status).toBe(303);
    const [after] = await db.select().from(brokers).where(eq(brokers.id, broker.id));
    expect(after.logoPath).toMatch(/^\/media\/brokers\/[a-f0-9]{16}\.webp$/);
    expect((await inBucket((after.logoPath as string).slice(1)))?.ContentType).toBe("image/webp");
    const [, , folder, file] = (after.logoPath as string).split("/");
    const served = (await mediaLoader({ params: { folder, file } } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
  });

  it("a media library picture keeps its four sizes in the bucket, is served from it, and its delete empties them", async () => {
    const admin = await sessionCookieFor(services, "admin@example.com");
    const fd = new FormData();
    fd.append("file", new File([new Uint8Array(await png(400, 200))], "bucket.png", { type: "image/png" }));
    const up = await callRoute(
      mediaUpload as never,
      new Request("http://localhost:3000/media/upload", {
        method: "POST",
        body: fd,
        headers: { origin: "http://localhost:3000", accept: "application/json", cookie: admin },
      }),
    );
    expect(up.status).toBe(201);
    const [row] = await db
      .select()
      .from(media)
      .where(eq(media.storageKey, String(up.body.location).slice(1)));
    expect(row.variants.map((v) => v.width)).toEqual([400, 300, 200, 100]);
    for (const v of row.variants) {
      expect((await inBucket(v.key))?.ContentType, v.key).toBe("image/webp");
      const [, folder, file] = v.key.split("/");
      const served = (await mediaLoader({ params: { folder, file } } as never)) as Response;
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(v.width);
    }
    const del = await callRoute(
      ((a: { request: Request }) => listAction({ ...a, pattern: "/admin/media" } as never)) as never,
      makeRequest("/admin/media", {
        method: "POST",
        form: { intent: "delete", ids: String(row.id) },
        cookie: admin,
        headers: { accept: "application/json" },
      }),
    );
    expect(del.status).toBe(200);
    for (const v of row.variants) expect(await inBucket(v.key), v.key).toBeNull();
  });
});

function brokerLogoUpload(broker: typeof brokers.$inferSelect, cookie: string, bytes: Uint8Array) {
  const fd = new FormData();
  fd.append("name", broker.name);
  fd.append("website", broker.website ?? "");
  fd.append("is_active", "on");
  fd.append("logo", new File([new Uint8Array(bytes)], "logo.png", { type: "image/png" }));
  const request = new Request(`http://localhost:3000/admin/brokers/${broker.id}/edit`, {
    method: "POST",
    body: fd,
    headers: { cookie, origin: "http://localhost:3000" },
  });
  return callRoute(
    ((a: object) =>
      (formAction as (x: unknown) => unknown)({
        ...(a as Record<string, unknown>),
        pattern: "/admin/brokers/:id/edit",
        url: new URL(request.url),
      })) as never,
    request,
    { id: String(broker.id) },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Agreements: private files.

const admin = await demoParty(services, "admin@example.com");
const seller = await demoParty(services, "seller@example.com");
const buyer = await demoParty(services, "buyer2@example.com");
const strangerRow = await buildUser(db, { role: "buyer" });
const stranger = await sessionCookieFor(services, strangerRow.email, FACTORY_PASSWORD);

async function anAgreement() {
  const listing = await buildListing(db, { seller: seller.row as never, points: 120 });
  const offer = await buildOffer(db, { listing, buyer: buyer.row as never });
  return (await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } })).agreementId;
}

function deedUpload(cookie: string, id: number, bytes: Uint8Array) {
  const form = new FormData();
  form.set("deed", new File([bytes as BlobPart], "deed.pdf", { type: "application/pdf" }));
  const request = new Request(`http://localhost:3000/admin/agreements/${id}/deed`, {
    method: "POST",
    headers: { cookie, origin: "http://localhost:3000" },
    body: form,
  });
  return callRoute(deedAction as never, request, { id: String(id) });
}

/** The document route as a browser asks for it (cookie or none), or as a script asking for JSON. */
const download = (id: number, docId: number, init: { cookie?: string; json?: boolean } = {}) =>
  callRoute(
    documentLoader as never,
    makeRequest(`/agreements/${id}/documents/${docId}`, {
      cookie: init.cookie,
      headers: init.json ? { accept: "application/json" } : {},
    }),
    { agreementId: String(id), documentId: String(docId) },
  );

const deedBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");
const docsOf = (id: number, kind: "deed" | "sealed_contract") =>
  db
    .select()
    .from(agreementDocuments)
    .where(and(eq(agreementDocuments.agreementId, id), eq(agreementDocuments.kind, kind)));

/** A private file is given to its parties and administrators only; everyone else learns nothing of it. */
async function expectPrivate(id: number, doc: typeof agreementDocuments.$inferSelect) {
  for (const who of [buyer, seller, admin]) {
    const got = await download(id, doc.id, { cookie: who.cookie });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    expect(got.headers.get("content-disposition")).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.pdf"$/);
    expect(String(got.body).startsWith("%PDF-")).toBe(true);
  }
  // Signed in as the wrong account: 404, as for a file that does not exist.
  const wrong = await download(id, doc.id, { cookie: stranger });
  expect(wrong.status).toBe(404);
  expect(String(wrong.body)).not.toContain("%PDF");
  // Not signed in: a browser is sent to sign in (and back), a script gets 401; neither gets a byte of the file.
  const anonymous = await download(id, doc.id);
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toBe(`/sign-in?redirectTo=${encodeURIComponent(`/agreements/${id}/documents/${doc.id}`)}`);
  expect(String(anonymous.body)).not.toContain("%PDF");
  const script = await download(id, doc.id, { json: true });
  expect(script.status).toBe(401);
  expect(String(script.body)).not.toContain("%PDF");
  // The public file routes never reach it: they serve only their own folders and names.
  const [folder, , file] = doc.storageKey.split("/");
  expect(((await mediaLoader({ params: { folder, file } } as never)) as Response).status).toBe(404);
  expect((await servePhoto(`profile-photos/${file}`)).status).toBe(404);
}

describe("private files in the bucket", () => {
  it("a recorded deed is stored in the bucket and served only to the parties and administrators", async () => {
    const id = await anAgreement();
    const res = await deedUpload(admin.cookie, id, deedBytes);
    expect(res.status).toBe(303);
    const [deed] = await docsOf(id, "deed");
    expect(deed.storageKey).toMatch(new RegExp(`^agreements/${id}/deed-[a-f0-9]{16}\\.pdf$`));
    expect((await inBucket(deed.storageKey))?.ContentLength).toBe(deedBytes.byteLength);
    await expectPrivate(id, deed);
  });

  it("the sealed contract, stored in the bucket when both have signed, is private the same way", async () => {
    const id = await anAgreement();
    await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId: id } });
    for (const who of [buyer, seller]) {
      const r = await signAgreement(services, {
        actor: who.viewer,
        headers: who.headers,
        ipAddress: "203.0.113.7",
        userAgent: "Vitest browser",
        input: {
          agreementId: id,
          legalName: who.viewer.name,
          method: "typed",
          initials: ["A", "A", "A", "A"],
          password: "demopass",
          sellerForeign: "no",
          sellerStateResident: "yes",
        },
      });
      // The second signature: the seal job seals and stores the contract (a worker would run it).
      if (r.status === "sealing") await workQueued(services, "agreements.seal");
    }
    const [sealed] = await docsOf(id, "sealed_contract");
    expect(sealed).toBeDefined();
    expect((await inBucket(sealed.storageKey))?.ContentLength).toBe(sealed.byteSize);
    await expectPrivate(id, sealed);
  });
});

describe("a store that is down", () => {
  it("a profile photo upload answers 503 with the message; the old photo, the journal and the bucket are untouched", async () => {
    const me = await freshUser(services);
    expect((await photoUpload(me.uniqid, await png(), me.cookie)).status).toBe(200);
    const before = (await photoPath(me.id)) as string;

    const res = await withStoreDown(async () => {
      const refused = await photoUpload(me.uniqid, await png(), me.cookie);
      // Serving a photo while the store is down is a 503 that no cache keeps, not a 404.
      const served = await servePhoto(before);
      expect(served.status).toBe(503);
      expect(served.headers.get("cache-control")).toBe("no-store");
      expect(await served.text()).toBe(STORAGE_READ_FAILED);
      return refused;
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      data: false,
      error: STORAGE_WRITE_FAILED,
      fields: { upload: [STORAGE_WRITE_FAILED] },
    });
    expect(await photoPath(me.id)).toBe(before);
    expect(await journalOf(services, me.id, "profile.photo")).toHaveLength(1);
    // Back up: the earlier photo is there, and it is the only one of this user in the bucket.
    expect((await servePhoto(before)).status).toBe(200);
    expect(await objectsUnder(`profile-photos/${me.uniqid.toLowerCase()}-`)).toEqual([before]);
  });

  it("a broker's logo: the form answers 503 with the message and the broker keeps its logo", async () => {
    const adminCookie = await sessionCookieFor(services, "admin@example.com");
    const [broker] = await db.select().from(brokers).where(eq(brokers.slug, "lakeside-timeshare-brokers"));
    const res = await withStoreDown(async () => brokerLogoUpload(broker, adminCookie, await png(40, 40)));
    expect(res.status).toBe(503);
    expect(JSON.stringify(res.body)).toContain(STORAGE_WRITE_FAILED);
    const [after] = await db.select().from(brokers).where(eq(brokers.id, broker.id));
    expect(after.logoPath).toBe(broker.logoPath);
  });

  it("a deed upload answers 503 with the message: no document row, no audit event, no mail", async () => {
    const id = await anAgreement();
    const mails = () => db.select().from(mailOutbox).where(eq(mailOutbox.template, "agreement-deed-recorded"));
    const mailsBefore = (await mails()).length;
    const res = await withStoreDown(() => deedUpload(admin.cookie, id, deedBytes));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: STORAGE_WRITE_FAILED, fields: { deed: [STORAGE_WRITE_FAILED] } });
    expect(await docsOf(id, "deed")).toEqual([]);
    const events = await db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, id));
    expect(events.map((e) => e.event)).not.toContain("deed-uploaded");
    expect((await mails()).length).toBe(mailsBefore);
    expect(await objectsUnder(`agreements/${id}/`)).toEqual([]);
  });

  it("a stored private file asked for while the store is down is a 503, not 'this file does not exist'", async () => {
    const id = await anAgreement();
    expect((await deedUpload(admin.cookie, id, deedBytes)).status).toBe(303);
    const [deed] = await docsOf(id, "deed");
    const res = await withStoreDown(() => download(id, deed.id, { cookie: buyer.cookie }));
    expect(res.status).toBe(503);
    expect(res.body).toBe(STORAGE_READ_FAILED);
    // The permission check still comes first: a stranger learns nothing, store up or down.
    expect((await withStoreDown(() => download(id, deed.id, { cookie: stranger }))).status).toBe(404);
  });
});

/** The keys in the bucket that start with `prefix`. */
async function objectsUnder(prefix: string) {
  const out = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key);
}
