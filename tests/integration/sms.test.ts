import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { smsOutbox, userSettings } from "~/db/schema";
import { createSmsSender, SMS_QUEUE } from "~/lib/sms.server";
import { textUser } from "~/modules/notifications/sms.server";
import { buildUser } from "../factories";
import { startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

const smsRow = async (id: number) => (await db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0];

/** A stand-in for the SMS provider's HTTP API: records each request, answers with `status`. */
const received: { auth: string | undefined; body: unknown }[] = [];
let status = 200;
const server = createServer(async (req: IncomingMessage, res) => {
  let text = "";
  for await (const chunk of req) text += chunk;
  received.push({ auth: req.headers.authorization, body: JSON.parse(text) });
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(status === 200 ? { id: `prov-${received.length}` } : { error: "down" }));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("SMS: the local outbox (no provider set up)", () => {
  it("keeps a message to a US number in the outbox; other numbers are not texted", async () => {
    const id = await services.sms.send({ to: "(407) 555-0123", body: "Hello", template: "test" });
    expect(await smsRow(id as number)).toMatchObject({ to: "+14075550123", body: "Hello", status: "kept" });
    expect(await services.sms.send({ to: "+44 20 7946 0958", body: "Hello" })).toBeNull();
  });

  it("texts a person only when SMS is on and a US number is given", async () => {
    const u = await buildUser(db);
    expect(await textUser(services, { userId: u.id, body: "one", template: "t" })).toBeNull();
    await db
      .update(userSettings)
      .set({ smsEnabled: true, usPhoneNumber: "321-555-0199" })
      .where(eq(userSettings.userId, u.id));
    const id = await textUser(services, { userId: u.id, body: "two", template: "t" });
    expect(await smsRow(id as number)).toMatchObject({ to: "+13215550199", body: "two", status: "kept" });
    await db.update(userSettings).set({ smsEnabled: false }).where(eq(userSettings.userId, u.id));
    expect(await textUser(services, { userId: u.id, body: "three", template: "t" })).toBeNull();
  });
});

describe("SMS: the HTTP provider adapter", () => {
  const queued: { queue: string; data: object; options?: object }[] = [];
  const sender = createSmsSender({
    db,
    url,
    token: "secret-token-1",
    from: "VPMarket",
    enqueue: async (queue, data, options) => void queued.push({ queue, data, ...(options ? { options } : {}) }),
  });

  it("queues the delivery, posts the message with the token, and records the provider's id", async () => {
    status = 200;
    const id = (await sender.send({ to: "4075550123", body: "A listing meets your request" })) as number;
    expect(await smsRow(id)).toMatchObject({ status: "queued" });
    expect(queued.at(-1)).toEqual({ queue: SMS_QUEUE, data: { id }, options: { key: String(id) } });
    await sender.deliver(id);
    expect(received.at(-1)).toEqual({
      auth: "Bearer secret-token-1",
      body: { from: "VPMarket", to: "+14075550123", body: "A listing meets your request" },
    });
    expect(await smsRow(id)).toMatchObject({ status: "sent", attempts: 1, providerId: `prov-${received.length}` });
    // A retried job does not send twice.
    const before = received.length;
    await sender.deliver(id);
    expect(received.length).toBe(before);
  });

  it("marks a refused delivery failed and throws, so the job retries", async () => {
    status = 503;
    const id = (await sender.send({ to: "4075550123", body: "Try later" })) as number;
    await expect(sender.deliver(id)).rejects.toThrow("SMS provider answered 503");
    expect(await smsRow(id)).toMatchObject({ status: "failed", attempts: 1, lastError: "SMS provider answered 503" });
    status = 200;
    await sender.deliver(id);
    expect(await smsRow(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("the outbox relay queues the delivery of a message whose job was never created, keyed by its id", async () => {
    const [stranded] = await db
      .insert(smsOutbox)
      .values({ to: "+14075550123", body: "Stranded", status: "queued", createdAt: new Date(Date.now() - 120_000) })
      .returning({ id: smsOutbox.id });
    const before = queued.length;
    await sender.requeueStranded();
    const relayed = queued.slice(before);
    expect(relayed).toContainEqual({
      queue: SMS_QUEUE,
      data: { id: stranded.id },
      options: { key: String(stranded.id) },
    });
  });

  it("cuts a long text to 320 characters", async () => {
    const id = (await sender.send({ to: "4075550123", body: "x".repeat(500) })) as number;
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, id)).orderBy(desc(smsOutbox.id));
    expect(row.body).toHaveLength(320);
    expect(row.body.endsWith("…")).toBe(true);
  });
});
