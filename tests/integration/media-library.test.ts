import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bestPractices, brokers, media } from "~/db/schema";
import { listBestPractices } from "~/modules/content/best-practices.server";
import { MEDIA_MAX_BYTES } from "~/modules/content/media";
import { action as formAction, loader as formLoader } from "~/routes/admin/resource/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { action as metaSave } from "~/routes/api/media-meta-save";
import { loader as picker } from "~/routes/api/media-picker";
import { action as editorUpload } from "~/routes/api/media-upload";
import { loader as serveMedia } from "~/routes/public/media";
import { latestJournalEntry } from "../fixtures/journal";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/** Decision 0067: the media library (/admin/media), its calls and the files it keeps. */
const services = await startTestServices();
const db = services.db;
const admin = await sessionCookieFor(services, "admin@example.com");
const writer = await sessionCookieFor(services, "writer@example.com");
const buyer = await sessionCookieFor(services, "buyer@example.com");

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg()
    .toBuffer();

function multipart(
  path: string,
  file: { bytes: Uint8Array; name: string; type: string } | null,
  cookie?: string,
  field = "file",
) {
  const form = new FormData();
  form.append("intent", "save");
  if (file) form.append(field, new File([file.bytes as BlobPart], file.name, { type: file.type }));
  const headers = new Headers({ origin: "http://localhost:3000", accept: "application/json" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`http://localhost:3000${path}`, { method: "POST", body: form, headers });
}

type Fn = (args: any) => unknown;
const withPattern = (fn: Fn, pattern: string) =>
  ((a: { request: Request }) => fn({ ...a, pattern, url: new URL(a.request.url) })) as never;

/** The library's create form (the engine's), as a fetch would post it. */
const uploadViaForm = (file: Parameters<typeof multipart>[1], cookie = admin) =>
  callRoute(withPattern(formAction, "/admin/media/create"), multipart("/admin/media/create", file, cookie));
const uploadViaEditor = (file: Parameters<typeof multipart>[1], cookie = admin, field = "file") =>
  callRoute(editorUpload as never, multipart("/media/upload", file, cookie, field));
/** `cookie` "" is nobody signed in. */
const saveMeta = (body: Record<string, string>, cookie = admin) =>
  callRoute(metaSave as never, makeRequest("/media/meta/save", { method: "POST", form: body, cookie }));

const count = async () => (await db.select().from(media)).length;
const rowById = async (id: number) => (await db.select().from(media).where(eq(media.id, id)))[0];

async function stored(key: string) {
  const file = await services.storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const c of file.body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

describe("uploading into the media library", () => {
  it("a real PNG becomes four WebP files at 100, 75, 50 and 25% with the right sizes, and one row", async () => {
    const before = await count();
    const res = await uploadViaForm({ bytes: await png(800, 600), name: "Pool at dusk.png", type: "image/png" });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await count()).toBe(before + 1);
    const row = await rowById(Number(res.body.id));
    expect(row).toMatchObject({
      originalName: "Pool at dusk.png",
      contentType: "image/png",
      width: 800,
      height: 600,
      title: "Pool at dusk",
      alt: "",
    });
    expect(row.storageKey).toMatch(/^media\/library\/[a-f0-9]{16}\.webp$/);
    expect(row.variants.map((v) => [v.percent, v.width, v.height])).toEqual([
      [100, 800, 600],
      [75, 600, 450],
      [50, 400, 300],
      [25, 200, 150],
    ]);
    for (const v of row.variants) {
      const bytes = await stored(v.key);
      expect(bytes, v.key).not.toBeNull();
      const meta = await sharp(bytes as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", v.width, v.height]);
      expect(v.bytes).toBe((bytes as Buffer).byteLength);
    }
    expect((await latestJournalEntry(db)).summary).toBe("Created picture “Pool at dusk”.");
  });

  it("a JPEG from the editor's upload call answers { location } of the full size, and joins the library", async () => {
    const res = await uploadViaEditor({ bytes: await jpeg(1000, 500), name: "beach.jpg", type: "image/jpeg" });
    expect(res.status).toBe(201);
    expect(res.body.location).toMatch(/^\/media\/library\/[a-f0-9]{16}\.webp$/);
    const row = (
      await db
        .select()
        .from(media)
        .where(eq(media.storageKey, res.body.location.slice(1)))
    )[0];
    expect(row.contentType).toBe("image/jpeg");
    expect(row.variants.find((v) => v.percent === 25)).toMatchObject({ width: 250, height: 125 });
    // The field name TinyMCE-style editors use works too.
    const other = await uploadViaEditor(
      { bytes: await png(40, 40), name: "a.png", type: "image/png" },
      admin,
      "upload",
    );
    expect(other.status).toBe(201);
  });

  it("tells the type by the bytes: text named .png with an image type is refused 400 and nothing is written", async () => {
    const before = await count();
    const text = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const form = await uploadViaForm({ bytes: text, name: "logo.png", type: "image/png" });
    expect(form.status).toBe(400);
    expect(form.body.error).toBe("The file must be a PNG, JPEG or WebP image.");
    const editor = await uploadViaEditor({ bytes: text, name: "logo.png", type: "image/png" });
    expect(editor.status).toBe(400);
    expect(editor.body).toEqual({ message: "Upload failed", error: "The file must be a PNG, JPEG or WebP image." });
    // A PNG's first bytes and then rubbish: sharp cannot read it.
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
    const damaged = await uploadViaEditor({ bytes: broken, name: "x.png", type: "image/png" });
    expect(damaged.status).toBe(400);
    expect(damaged.body.error).toMatch(/could not be read/);
    expect(await count()).toBe(before);
  });

  it("refuses a file over 10 MB with 413 and says the cap", async () => {
    const before = await count();
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1024);
    big.set(await png(10, 10));
    const form = await uploadViaForm({ bytes: big, name: "huge.png", type: "image/png" });
    expect(form.status).toBe(413);
    expect(form.body.error).toBe("The image is too large: at most 10 MB.");
    const editor = await uploadViaEditor({ bytes: big, name: "huge.png", type: "image/png" });
    expect(editor.status).toBe(413);
    expect(editor.body.error).toBe("The image is too large: at most 10 MB.");
    expect(await count()).toBe(before);
  });

  it("refuses an upload without a file (400)", async () => {
    const form = await uploadViaForm(null);
    expect(form.status).toBe(400);
    const editor = await uploadViaEditor(null);
    expect(editor.status).toBe(400);
    expect(editor.body.error).toBe("Choose an image to upload.");
  });
});

describe("serving the library's files", () => {
  it("serves every size as image/webp with nosniff and a long cache, and nothing else under the folder", async () => {
    const res = await uploadViaEditor({ bytes: await png(100, 80), name: "s.png", type: "image/png" });
    const name = String(res.body.location).split("/").pop() as string;
    for (const file of [name, name.replace(".webp", "-75.webp"), name.replace(".webp", "-25.webp")]) {
      const out = (await serveMedia({
        params: { folder: "library", file },
        request: new Request("http://x/"),
        context: {},
      } as never)) as Response;
      expect(out.status, file).toBe(200);
      expect(out.headers.get("content-type")).toBe("image/webp");
      expect(out.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await sharp(Buffer.from(await out.arrayBuffer())).metadata()).format).toBe("webp");
    }
    const bad = (await serveMedia({
      params: { folder: "library", file: name.replace(".webp", "-33.webp") },
      request: new Request("http://x/"),
      context: {},
    } as never)) as Response;
    expect(bad.status).toBe(404);
  });
});

describe("POST /media/meta/save (SPEC section 7)", () => {
  it("saves title, alt and description by id or by path and answers 'Metadata saved!'", async () => {
    const up = await uploadViaEditor({ bytes: await png(60, 60), name: "m.png", type: "image/png" });
    const row = (
      await db
        .select()
        .from(media)
        .where(eq(media.storageKey, up.body.location.slice(1)))
    )[0];
    const byPath = await saveMeta({
      path: up.body.location,
      title: "Lagoon",
      alt: "A lagoon at noon",
      description: "Taken in May.",
    });
    expect(byPath.status).toBe(200);
    expect(byPath.body.message).toBe("Metadata saved!");
    expect(await rowById(row.id)).toMatchObject({
      title: "Lagoon",
      alt: "A lagoon at noon",
      description: "Taken in May.",
    });
    expect((await latestJournalEntry(db)).summary).toBe("Changed media “Lagoon”: Title, Alt text, Description.");
    const byId = await saveMeta({ id: String(row.id), title: "Lagoon", alt: "The lagoon", description: "" });
    expect(byId.body.message).toBe("Metadata saved!");
    expect((await rowById(row.id)).alt).toBe("The lagoon");
  });

  it("answers 'Error saving metadata.' with 4xx for bad input, an unknown picture, and refused roles; writes nothing", async () => {
    const up = await uploadViaEditor({ bytes: await png(30, 30), name: "n.png", type: "image/png" });
    const row = (
      await db
        .select()
        .from(media)
        .where(eq(media.storageKey, up.body.location.slice(1)))
    )[0];
    const cases: [Record<string, string>, string, number][] = [
      [{ title: "x", alt: "y" }, admin, 400],
      [{ path: "/etc/passwd", alt: "y" }, admin, 400],
      [{ id: String(row.id), alt: "a".repeat(301) }, admin, 400],
      [{ id: String(row.id), alt: "bell\u0007" }, admin, 400],
      [{ id: "99999999", alt: "y" }, admin, 404],
      [{ id: String(row.id), alt: "buyer was here" }, buyer, 403],
      [{ id: String(row.id), alt: "nobody was here" }, "", 401],
    ];
    for (const [body, cookie, status] of cases) {
      const res = await saveMeta(body, cookie);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe("Error saving metadata.");
      expect(typeof res.body.error).toBe("string");
    }
    expect((await rowById(row.id)).alt).toBe("");
  });
});

describe("who may use the library", () => {
  it("a buyer is refused the upload call (403), the picker (403), the list (redirect) and the form; nothing is written", async () => {
    const before = await count();
    const up = await uploadViaEditor({ bytes: await png(20, 20), name: "b.png", type: "image/png" }, buyer);
    expect(up.status).toBe(403);
    expect(up.body.message).toBe("Upload failed");
    const anon = await uploadViaEditor({ bytes: await png(20, 20), name: "b.png", type: "image/png" }, "");
    expect(anon.status).toBe(401);
    const form = await uploadViaForm({ bytes: await png(20, 20), name: "b.png", type: "image/png" }, buyer);
    expect([302, 303, 403]).toContain(form.status);
    expect(await count()).toBe(before);
    const pick = await callRoute(picker as never, makeRequest("/media/picker", { cookie: buyer }));
    expect(pick.status).toBe(403);
    const list = await callRoute(
      withPattern(listLoader, "/admin/media"),
      makeRequest("/admin/media", { cookie: buyer }),
    );
    expect([302, 303]).toContain(list.status);
  });

  it("a writer uploads, lists, picks and describes pictures (writers put pictures in what they write)", async () => {
    const up = await uploadViaForm({ bytes: await png(50, 40), name: "writer.png", type: "image/png" }, writer);
    expect(up.status).toBe(200);
    const list = await callRoute(
      withPattern(listLoader, "/admin/media"),
      makeRequest("/admin/media?q=writer", { cookie: writer }),
    );
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r: { title: string }) => r.title)).toContain("writer");
    const pick = await callRoute(picker as never, makeRequest("/media/picker?q=writer", { cookie: writer }));
    expect(pick.status).toBe(200);
    expect(pick.body.items[0]).toMatchObject({ title: "writer", width: 50, height: 40 });
    expect(pick.body.items[0].thumbUrl).toMatch(/-25\.webp$/);
    const meta = await saveMeta({ id: String(up.body.id), title: "Writer's", alt: "A chart", description: "" }, writer);
    expect(meta.body.message).toBe("Metadata saved!");
  });
});

describe("editing and deleting in the engine", () => {
  it("the edit form changes the words only; the picture is kept", async () => {
    const up = await uploadViaForm({ bytes: await png(64, 48), name: "edit.png", type: "image/png" });
    const id = String(up.body.id);
    const before = await rowById(Number(id));
    const view = await callRoute(
      withPattern(formLoader, "/admin/media/:id/edit"),
      makeRequest(`/admin/media/${id}/edit`, { cookie: admin }),
      { id },
    );
    expect(view.status).toBe(200);
    expect(view.body.fields.map((f: { name: string }) => f.name)).toEqual(["file", "title", "alt", "description"]);
    const res = await callRoute(
      withPattern(formAction, "/admin/media/:id/edit"),
      makeRequest(`/admin/media/${id}/edit`, {
        method: "POST",
        form: { intent: "save", title: "Edited", alt: "Two chairs", description: "Deck" },
        cookie: admin,
        headers: { accept: "application/json" },
      }),
      { id },
    );
    expect(res.status).toBe(200);
    const after = await rowById(Number(id));
    expect(after).toMatchObject({
      title: "Edited",
      alt: "Two chairs",
      description: "Deck",
      storageKey: before.storageKey,
    });
  });

  it("a delete removes the row and every stored size", async () => {
    const up = await uploadViaForm({ bytes: await png(64, 48), name: "gone.png", type: "image/png" });
    const row = await rowById(Number(up.body.id));
    for (const v of row.variants) expect(await stored(v.key)).not.toBeNull();
    const res = await callRoute(
      withPattern(listAction, "/admin/media"),
      makeRequest("/admin/media", {
        method: "POST",
        form: { intent: "delete", ids: String(row.id) },
        cookie: admin,
        headers: { accept: "application/json" },
      }),
    );
    expect(res.status).toBe(200);
    expect(await rowById(row.id)).toBeUndefined();
    for (const v of row.variants) expect(await stored(v.key), v.key).toBeNull();
  });
});

describe("the library's pictures elsewhere", () => {
  it("an image field takes a library picture as a copy in its own folder; an address outside the library is refused", async () => {
    const up = await uploadViaEditor({ bytes: await png(900, 300), name: "logo.png", type: "image/png" });
    const [broker] = await db.select().from(brokers).limit(1);
    const post = (chosen: string) => {
      const fd = new FormData();
      fd.append("intent", "save");
      fd.append("name", broker.name);
      fd.append("website", broker.website ?? "");
      fd.append("commission_text", broker.commissionText);
      fd.append("is_active", "on");
      fd.append("logo__media", chosen);
      return callRoute(
        withPattern(formAction, "/admin/brokers/:id/edit"),
        new Request(`http://localhost:3000/admin/brokers/${broker.id}/edit`, {
          method: "POST",
          body: fd,
          headers: { origin: "http://localhost:3000", accept: "application/json", cookie: admin },
        }),
        { id: String(broker.id) },
      );
    };
    const res = await post(up.body.location);
    expect(res.status).toBe(200);
    const [after] = await db.select().from(brokers).where(eq(brokers.id, broker.id));
    expect(after.logoPath).toMatch(/^\/media\/brokers\/[a-f0-9]{16}\.webp$/);
    const copy = await stored((after.logoPath as string).slice(1));
    expect((await sharp(copy as Buffer).metadata()).width).toBe(600); // the field's own size: 600 px at most
    for (const bad of [
      "/media/brokers/0123456789abcdef.webp",
      "https://evil.example/x.png",
      "/media/library/ffffffffffffffff.webp",
    ]) {
      const refused = await post(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error).toBe("Logo: that picture is not in the media library.");
    }
    const [still] = await db.select().from(brokers).where(eq(brokers.id, broker.id));
    expect(still.logoPath).toBe(after.logoPath);
  });

  it("a best practices section keeps a library picture with its alt text and shows it to members; scripts go", async () => {
    const up = await uploadViaEditor({ bytes: await png(120, 80), name: "guide.png", type: "image/png" });
    const res = await callRoute(
      withPattern(formAction, "/admin/best-practices/create"),
      makeRequest("/admin/best-practices/create", {
        method: "POST",
        form: {
          intent: "save",
          title: "Pictures in the guide",
          audience: "all",
          body: `<p>Look:</p><img src="${up.body.location}" alt="A resort pool" width="120" height="80" onerror="alert(1)"><script>alert(2)</script>`,
        },
        cookie: admin,
        headers: { accept: "application/json" },
      }),
    );
    expect(res.status).toBe(200);
    const [row] = await db.select().from(bestPractices).where(eq(bestPractices.title, "Pictures in the guide"));
    expect(row.body).toBe(`<p>Look:</p><img src="${up.body.location}" alt="A resort pool" width="120" height="80" />`);
    const buyerViewer = { role: "buyer" } as never;
    const sections = await listBestPractices(services, { actor: buyerViewer });
    expect(sections.find((s) => s.title === "Pictures in the guide")?.blocks).toEqual([
      { kind: "html", html: row.body },
    ]);
    // The seeded plain-text sections still read as paragraphs, never as markup.
    expect(sections.some((s) => s.blocks.every((b) => b.kind !== "html"))).toBe(true);
  });
});
