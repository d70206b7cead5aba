import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { resorts } from "~/db/schema";
import { loader as formLoader, action as formAction } from "~/routes/admin/resource/form";
import { loader as homeIllustrationLoader } from "~/routes/public/home-illustration";
import { loader as listingsLoader } from "~/routes/public/listings";
import { loader as mediaLoader } from "~/routes/public/media";
import { loader as resortLoader } from "~/routes/public/resort";
import { loader as illustrationLoader } from "~/routes/public/resort-illustration";
import { loader as resortsLoader } from "~/routes/public/resorts";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 13: a resort shows the company's own photo when an administrator uploaded one through the resort's admin
 * form (the resource engine's image field), and the illustration drawn from its data until then.
 */
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const LIST = "/admin/resorts/annual-dues";

// Every file the store is asked to keep, to prove a refused upload writes nothing.
const stored: string[] = [];
const put = services.storage.put.bind(services.storage);
services.storage.put = async (key, bytes, type) => {
  stored.push(key);
  return put(key, bytes, type);
};

const resortByCode = async (code: string) => (await db.select().from(resorts).where(eq(resorts.code, code)))[0];

/** The resort's form as the browser posts it (multipart), with its current values and the given photo. */
async function postForm(
  code: string,
  photo: { bytes: Uint8Array; name: string; type: string } | null,
  opts: { cookie?: string; extra?: Record<string, string> } = {},
) {
  const r = await resortByCode(code);
  const fd = new FormData();
  const fields: Record<string, string> = {
    dues_per_point: r.duesPerPointCents === null ? "" : (r.duesPerPointCents / 100).toFixed(2),
    dues_year: r.duesYear === null ? "" : String(r.duesYear),
    dues_source: r.duesSource ?? "",
    contract_end_year: String(r.contractEndYear),
    extended_end_year: r.extendedEndYear === null ? "" : String(r.extendedEndYear),
    end_year_source: r.endYearSource ?? "",
    ...(r.endYearUnverified ? { end_year_unverified: "on" } : {}),
    ...opts.extra,
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (photo) fd.append("photo", new File([photo.bytes as BlobPart], photo.name, { type: photo.type }));
  const path = `${LIST}/${r.slug}/edit`;
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: fd,
    headers: { cookie: opts.cookie ?? adminCookie, origin: "http://localhost:3000" },
  });
  return callRoute(
    ((a: object) =>
      (formAction as (x: unknown) => unknown)({
        ...(a as Record<string, unknown>),
        pattern: `${LIST}/:id/edit`,
        url: new URL(request.url),
      })) as never,
    request,
    { id: r.slug },
  );
}

const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 30, g: 140, b: 190 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

const resortPage = (slug: string) =>
  callRoute(resortLoader as never, makeRequest(`/resorts/${slug}`), { resort: slug });

describe("a resort's picture", () => {
  it("is the illustration drawn from its data until a photo is uploaded, served as cached SVG", async () => {
    const page = await resortPage("aulani");
    expect(page.status).toBe(200);
    expect(page.body.resort.photoPath).toBeNull();
    expect(page.body.pictureLabel).toMatch(/^An illustration of Aulani: /);
    // The verification flag is the administrators' only: the public page's data does not carry it.
    expect(page.body.resort).not.toHaveProperty("endYearUnverified");

    const svg = await callRoute(illustrationLoader as never, makeRequest("/resorts/aulani/illustration.svg?v=1"), {
      resort: "aulani",
    });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers.get("x-content-type-options")).toBe("nosniff");
    expect(svg.headers.get("cache-control")).toMatch(/^public, max-age=86400/);
    expect(svg.body).toContain('<title id="aaul-title">Aulani, illustrated</title>');
    const etag = svg.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"1-/);
    const again = await callRoute(
      illustrationLoader as never,
      makeRequest("/resorts/aulani/illustration.svg?v=1", { headers: { "if-none-match": etag } }),
      { resort: "aulani" },
    );
    expect(again.status).toBe(304);
    for (const slug of ["no-such-resort", "..%2Fetc", "A".repeat(200)]) {
      const missing = await callRoute(illustrationLoader as never, makeRequest(`/resorts/x/illustration.svg`), {
        resort: slug,
      });
      expect(missing.status).toBe(404);
    }
    const hero = await callRoute(homeIllustrationLoader as never, makeRequest("/illustrations/home.svg?v=1"));
    expect(hero.status).toBe(200);
    expect(hero.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("an administrator's upload is stored as WebP and shown on the resort's page, the resorts list and its listings", async () => {
    const before = stored.length;
    const res = await postForm("AUL", { bytes: await jpeg(2400, 1350), name: "aulani.jpg", type: "image/jpeg" });
    expect(res.status).toBe(303);
    expect(res.location).toBe(LIST);
    const after = await resortByCode("AUL");
    expect(after.photoPath).toMatch(/^\/media\/resorts\/[a-f0-9]{16}\.webp$/);
    expect(stored.slice(before)).toEqual([(after.photoPath as string).slice(1)]);

    // Served from the store as WebP, resized to at most 1600 px on its longest side.
    const [, , folder, file] = (after.photoPath as string).split("/");
    const served = (await mediaLoader({ params: { folder, file } } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 900 });

    const page = await resortPage("aulani");
    expect(page.body.resort.photoPath).toBe(after.photoPath);
    expect(page.body.pictureLabel).toBe("Photo of Aulani");
    const index = await callRoute(resortsLoader as never, makeRequest("/resorts"));
    expect(index.body.resorts.find((r: { code: string }) => r.code === "AUL").photoPath).toBe(after.photoPath);
    const search = await callRoute(listingsLoader as never, makeRequest("/listings?resort=AUL"));
    expect(search.status).toBe(200);
    expect(search.body.listings.length).toBeGreaterThan(0);
    for (const card of search.body.listings) expect(card.resortPhotoPath).toBe(after.photoPath);

    // The form shows it; removing it brings the illustration back.
    const form = await callRoute(
      ((a: object) =>
        (formLoader as (x: unknown) => unknown)({
          ...(a as Record<string, unknown>),
          pattern: `${LIST}/:id/edit`,
        })) as never,
      makeRequest(`${LIST}/aulani/edit`, { cookie: adminCookie }),
      { id: "aulani" },
    );
    expect(form.body.values.photo).toBe(after.photoPath);
    const removed = await postForm("AUL", null, { extra: { photo__remove: "on" } });
    expect(removed.status).toBe(303);
    expect((await resortByCode("AUL")).photoPath).toBeNull();
    expect((await resortPage("aulani")).body.pictureLabel).toMatch(/^An illustration of Aulani/);
  });

  it("refuses a file that is not an image, or too big, with a 4xx and a clear message, writing nothing", async () => {
    const before = await resortByCode("VB");
    const writes = stored.length;
    const cases: [{ bytes: Uint8Array; name: string; type: string }, number, RegExp][] = [
      [
        { bytes: new TextEncoder().encode("<svg onload=alert(1)></svg>"), name: "x.png", type: "image/png" },
        400,
        /^Photo must be a PNG, JPEG or WebP image\.$/,
      ],
      [
        { bytes: new TextEncoder().encode("%PDF-1.7 ..."), name: "brochure.pdf", type: "application/pdf" },
        400,
        /PNG, JPEG or WebP/,
      ],
      [
        // PNG's signature, then not an image at all: sharp refuses it.
        {
          bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]),
          name: "b.png",
          type: "image/png",
        },
        400,
        /^Photo could not be read as an image\.$/,
      ],
      [
        { bytes: new Uint8Array(5 * 1024 * 1024 + 1).fill(0xff), name: "huge.jpg", type: "image/jpeg" },
        400,
        /^Photo must be at most 5 MB\.$/,
      ],
      // Over the 5 MB field cap but under the engine form's 11 MB body cap (the media library's 10 MB pictures): the
      // field's own message.
      [{ bytes: new Uint8Array(7 * 1024 * 1024).fill(0xff), name: "big.jpg", type: "image/jpeg" }, 400, /at most 5 MB/],
      // Over the body cap: refused before it is read.
      [{ bytes: new Uint8Array(12 * 1024 * 1024).fill(0xff), name: "huger.jpg", type: "image/jpeg" }, 413, /too large/],
    ];
    for (const [photo, status, message] of cases) {
      const res = await postForm("VB", photo);
      expect(res.status, photo.name).toBe(status);
      expect(String(res.body.error ?? res.body), photo.name).toMatch(message);
    }
    expect(stored.length).toBe(writes);
    expect(await resortByCode("VB")).toEqual(before);
  });

  it("refuses anyone but an administrator, writing nothing", async () => {
    const before = await resortByCode("VB");
    const writes = stored.length;
    const photo = { bytes: await jpeg(800, 450), name: "vb.jpg", type: "image/jpeg" };
    for (const email of ["buyer@example.com", "seller@example.com", "writer@example.com"]) {
      const res = await postForm("VB", photo, { cookie: await sessionCookieFor(services, email) });
      expect([302, 403], email).toContain(res.status);
      if (res.status === 302) expect(res.location).toBe("/");
    }
    const anonymous = await postForm("VB", photo, { cookie: "" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/sign-in/);
    expect(stored.length).toBe(writes);
    expect(await resortByCode("VB")).toEqual(before);
  });

  it("keeps the dues' year and source and the end year's source, shown on the public pages", async () => {
    const res = await postForm("VGC", null, {
      extra: { dues_per_point: "9.10", dues_year: "2027", dues_source: "The resort's 2027 budget sent to owners" },
    });
    expect(res.status).toBe(303);
    const page = await resortPage("grand-californian");
    expect(page.body.dues).toEqual({
      perPointCents: 910,
      year: 2027,
      source: "The resort's 2027 budget sent to owners",
      // Saved without "our estimate" ticked: the resort's published figure (issue 27).
      estimate: false,
    });
    expect(page.body.resort.endYearSource).toMatch(/^Contract end dates published by DVC resale brokers/);
    // A year or source without a figure would describe nothing: refused.
    const bad = await postForm("VGC", null, { extra: { dues_per_point: "", dues_year: "2027" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.dues_per_point[0]).toMatch(/Enter the dues per point for the year and source you gave/);
    // No figure at all is allowed: the public page then asks the buyer to contact us.
    const cleared = await postForm("VGC", null, { extra: { dues_per_point: "", dues_year: "", dues_source: "" } });
    expect(cleared.status).toBe(303);
    expect((await resortPage("grand-californian")).body.dues).toBeNull();
  });
});
