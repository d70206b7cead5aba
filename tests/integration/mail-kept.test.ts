import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, messageTemplates } from "~/db/schema";
import { startTestServices } from "../fixtures/services";

const services = await startTestServices();

describe("mail without SMTP", () => {
  it("keeps every message in the outbox for the administrators' mail log", async () => {
    const id = await services.mailer.send({
      to: "a@example.org",
      subject: "Kept",
      text: "hello",
      html: "<p>hello</p>",
    });
    const [row] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "kept", to: "a@example.org", subject: "Kept", html: "<p>hello</p>" });
  });

  it("sends the 4-digit email pin through the mail adapter", async () => {
    await services.auth.api.sendVerificationOTP({ body: { email: "buyer@example.com", type: "email-verification" } });
    const rows = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, "buyer@example.com"));
    const pinMail = rows.find((r) => r.template === "otp-email-verification");
    expect(pinMail?.text).toMatch(/pin is \d{4}\b/);
  });

  it("an administrator's stored version of a template changes the mail; the layout stays", async () => {
    await services.db.insert(messageTemplates).values({
      key: "otp-email-verification",
      subject: "{{ site }} pin: {{ pin }}",
      text: "Pin {{ pin }}. <script>",
      html: "<p>Pin <b>{{ pin }}</b> for {{ site }}</p>",
    });
    await services.auth.api.sendVerificationOTP({ body: { email: "seller@example.com", type: "email-verification" } });
    const [mail] = await services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "seller@example.com"))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const pin = /Pin (\d{4})\./.exec(mail.text)?.[1];
    expect(pin).toMatch(/^\d{4}$/);
    expect(mail.subject).toBe(`Vacation Points Market pin: ${pin}`);
    expect(mail.html).toContain(`<p>Pin <b>${pin}</b> for Vacation Points Market</p>`);
    expect(mail.html).toMatch(/^<!doctype html>/); // the one layout
    await services.db.delete(messageTemplates).where(eq(messageTemplates.key, "otp-email-verification"));
  });
});
