import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema";
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
});
