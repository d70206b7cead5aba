import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { sniffImageType } from "~/modules/profile/photo.server";
import { loader as photoLoader } from "~/routes/account/profile-photo";
import { action as uploadAction } from "~/routes/account/update-profile-image";
import { callRoute, sessionCookieFor, startTestServices } from "../fixtures/services";
import { freshUser, impersonate, journalOf } from "./profile-helpers";

const services = await startTestServices();

function upload(
  uniqid: string,
  file: { bytes: Uint8Array; name: string; type: string } | null,
  cookie?: string,
  accept = "application/json",
) {
  const form = new FormData();
  if (file) form.append("upload", new File([file.bytes as BlobPart], file.name, { type: file.type }));
  const headers = new Headers({ origin: "http://localhost:3000", accept });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`http://localhost:3000/update_profile_image/${uniqid}`, { method: "POST", body: form, headers });
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg()
    .toBuffer();
const photoPath = async (id: string) =>
  (await services.db.select().from(user).where(eq(user.id, id)))[0].profilePhotoPath;

async function readBack(path: string) {
  const file = path.replace("profile-photos/", "");
  const res = (await photoLoader({
    params: { file },
    request: new Request(`http://x/${path}`),
    context: {},
  } as never)) as Response;
  return res;
}

describe("profile photo upload", () => {
  it("accepts a PNG, resizes it to a 256 x 256 WebP, stores it and serves it as an image", async () => {
    const me = await freshUser(services);
    const res = await callRoute(
      uploadAction as never,
      upload(me.uniqid, { bytes: await png(800, 600), name: "me.png", type: "image/png" }, me.cookie),
      { userUniqid: me.uniqid },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your profile photo has been updated.");
    const path = (await photoPath(me.id)) as string;
    expect(path).toMatch(/^profile-photos\/[a-f0-9]+-[a-f0-9]{16}\.webp$/);
    expect(res.body.data.url).toBe(`/${path}`);

    const served = await readBack(path);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect((await journalOf(services, me.id, "profile.photo"))[0].summary).toBe("Added a profile photo");
  });

  it("accepts a JPEG and removes the old file when the photo is replaced", async () => {
    const me = await freshUser(services);
    await callRoute(
      uploadAction as never,
      upload(me.uniqid, { bytes: await png(300, 300), name: "a.png", type: "image/png" }, me.cookie),
      { userUniqid: me.uniqid },
    );
    const first = (await photoPath(me.id)) as string;
    const res = await callRoute(
      uploadAction as never,
      upload(me.uniqid, { bytes: await jpeg(400, 900), name: "b.jpg", type: "image/jpeg" }, me.cookie),
      { userUniqid: me.uniqid },
    );
    expect(res.status).toBe(200);
    const second = (await photoPath(me.id)) as string;
    expect(second).not.toBe(first);
    expect(await services.storage.get(first)).toBeNull();
    expect(await services.storage.get(second)).not.toBeNull();
    expect((await readBack(first)).status).toBe(404);
  });

  it("refuses a text file named .png and declared image/png (the bytes decide)", async () => {
    const me = await freshUser(services);
    const res = await callRoute(
      uploadAction as never,
      upload(
        me.uniqid,
        {
          bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>"),
          name: "evil.png",
          type: "image/png",
        },
        me.cookie,
      ),
      { userUniqid: me.uniqid },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("The file is not a PNG or JPEG image. Choose a PNG or JPEG photo.");
    expect(await photoPath(me.id)).toBeNull();
  });

  it("refuses a GIF and a corrupt PNG", async () => {
    const me = await freshUser(services);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "red" } })
      .gif()
      .toBuffer();
    const asGif = await callRoute(
      uploadAction as never,
      upload(me.uniqid, { bytes: gif, name: "a.png", type: "image/png" }, me.cookie),
      { userUniqid: me.uniqid },
    );
    expect(asGif.status).toBe(400);
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
    const res = await callRoute(
      uploadAction as never,
      upload(me.uniqid, { bytes: broken, name: "b.png", type: "image/png" }, me.cookie),
      { userUniqid: me.uniqid },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("This image could not be read. Choose another PNG or JPEG photo.");
  });

  it("refuses a file over 5 MB with 413", async () => {
    const me = await freshUser(services);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await callRoute(
      uploadAction as never,
      upload(me.uniqid, { bytes: big, name: "big.png", type: "image/png" }, me.cookie),
      { userUniqid: me.uniqid },
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("The photo is too large. Choose a PNG or JPEG of at most 5 MB.");
    expect(await photoPath(me.id)).toBeNull();
  });

  it("refuses a missing file with 400 and a signed-out caller with 401", async () => {
    const me = await freshUser(services);
    expect(
      (await callRoute(uploadAction as never, upload(me.uniqid, null, me.cookie), { userUniqid: me.uniqid })).status,
    ).toBe(400);
    const anon = await callRoute(
      uploadAction as never,
      upload(me.uniqid, { bytes: await png(10, 10), name: "a.png", type: "image/png" }),
      { userUniqid: me.uniqid },
    );
    expect(anon.status).toBe(401);
  });

  it("only the user themself or an administrator may change a user's photo", async () => {
    const me = await freshUser(services);
    const other = await freshUser(services);
    const file = { bytes: await png(64, 64), name: "a.png", type: "image/png" };
    const refused = await callRoute(uploadAction as never, upload(me.uniqid, file, other.cookie), {
      userUniqid: me.uniqid,
    });
    expect(refused.status).toBe(403);
    expect(await photoPath(me.id)).toBeNull();
    // While an administrator is signed in as `other`, it is other's account: still not me.
    const asOther = await impersonate(services, other.id);
    expect(
      (await callRoute(uploadAction as never, upload(me.uniqid, file, asOther), { userUniqid: me.uniqid })).status,
    ).toBe(403);
    const admin = await sessionCookieFor(services, "admin@example.com");
    const ok = await callRoute(uploadAction as never, upload(me.uniqid, file, admin), { userUniqid: me.uniqid });
    expect(ok.status).toBe(200);
    expect(await photoPath(me.id)).not.toBeNull();
    expect(
      (await callRoute(uploadAction as never, upload("nobody00000", file, admin), { userUniqid: "nobody00000" }))
        .status,
    ).toBe(404);
  });

  it("the page's own form (no JavaScript) goes back to /profile with the message", async () => {
    const me = await freshUser(services);
    const res = await callRoute(
      uploadAction as never,
      upload(me.uniqid, { bytes: await png(50, 50), name: "a.png", type: "image/png" }, me.cookie, "text/html"),
      { userUniqid: me.uniqid },
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe("/profile#profile-photo");
    expect(res.headers.get("set-cookie")).toContain("vpm_flash=");
  });

  it("serves only names of the photo pattern", async () => {
    for (const file of ["../auth-secret.txt", "x.html", "abc-0123456789abcdef.png"]) {
      const res = (await photoLoader({
        params: { file },
        request: new Request("http://x/"),
        context: {},
      } as never)) as Response;
      expect(res.status, file).toBe(404);
    }
  });

  it("sniffs types by their first bytes", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
  });
});
