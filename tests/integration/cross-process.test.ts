import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { createDatabase, freePort, killHard, type NpmProcess, processEnv, startWeb } from "../fixtures/app-process";
import { startS3rver } from "../fixtures/s3rver";
import { PG_TEMPLATE_DB } from "../fixtures/test-config";

/**
 * Issue 16: two web processes on one PostgreSQL database and one bucket (s3rver), each with its own DATA_DIR as on its
 * own host. What one process does, the other sees: the session it opened, the photo it stored, the sign-out.
 * PostgreSQL only: skipped without TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("two web processes, one database, one bucket", () => {
  const procs: NpmProcess[] = [];
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  afterAll(async () => {
    for (const p of procs) killHard(p);
    await database?.drop();
  });

  it("a session, a photo and a sign-out made through one process hold on the other", async () => {
    const s3 = await startS3rver();
    database = await createDatabase(url as string, "vpm_xproc", PG_TEMPLATE_DB);
    const [a, b] = [await freePort(), await freePort()];
    const site = `http://127.0.0.1:${a}`;
    const env = processEnv(database.url, site, { RUN_JOBS: "0", ...s3.env });
    // Each its own DATA_DIR (processEnv makes a new one each call): nothing is shared through the disk.
    procs.push(await startWeb(a, env), await startWeb(b, processEnv(database.url, site, { RUN_JOBS: "0", ...s3.env })));

    const signIn = await fetch(`http://127.0.0.1:${a}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site },
      body: JSON.stringify({ email: "buyer@example.com", password: "demopass" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const profileOn = (port: number) =>
      fetch(`http://127.0.0.1:${port}/v2/profile`, { headers: { cookie }, redirect: "manual" });
    const onB = await profileOn(b);
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Bella Buyer");

    // A photo uploaded through A is served by B, from the bucket.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const db = drizzle(client);
    const [me] = await db.select().from(user).where(eq(user.email, "buyer@example.com"));
    const form = new FormData();
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#1478c8" } })
      .png()
      .toBuffer();
    form.append("upload", new File([png as BlobPart], "me.png", { type: "image/png" }));
    const upload = await fetch(`http://127.0.0.1:${a}/update_profile_image/${me.userUniqid}`, {
      method: "POST",
      body: form,
      headers: { origin: site, accept: "application/json", cookie },
    });
    expect(upload.status).toBe(200);
    const [after] = await db.select().from(user).where(eq(user.id, me.id));
    await client.end();
    expect(after.profilePhotoPath).toMatch(/^profile-photos\//);
    const photo = await fetch(`http://127.0.0.1:${b}/${after.profilePhotoPath}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(100);

    // The shell's site-wide reads, kept by each process (decision 0098): B has kept the Facebook settings (no app id);
    // an administrator saves one through A; B's next page, signed in and rendered, carries the new tag.
    const fbTag = /<meta property="fb:app_id" content="(\d+)"/;
    expect(fbTag.exec(await (await profileOn(b)).text())).toBeNull();
    const adminSignIn = await fetch(`http://127.0.0.1:${a}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site },
      body: JSON.stringify({ email: "admin@example.com", password: "demopass" }),
    });
    const adminCookie = adminSignIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const saved = await fetch(`http://127.0.0.1:${a}/admin/fb-settings`, {
      method: "POST",
      headers: { origin: site, cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ fb_app_id: "1234567890", fb_pixel_id: "", fb_domain_verification: "" }),
      redirect: "manual",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/fb-settings");
    await expect
      .poll(async () => fbTag.exec(await (await profileOn(b)).text())?.[1] ?? null, { timeout: 5000 })
      .toBe("1234567890");

    // Signed out through B: A refuses the session at its next request.
    const signOut = await fetch(`http://127.0.0.1:${b}/api/auth/sign-out`, {
      method: "POST",
      headers: { origin: site, cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(signOut.status).toBe(200);
    const onA = await profileOn(a);
    expect(onA.status).toBe(302);
    expect(onA.headers.get("location")).toMatch(/^\/sign-in/);
  }, 240_000);
});
