import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, NAVIGATION_WAIT, screenshots, signIn, test } from "./fixtures";

/** The text version of the newest mail to `to` whose subject is `subject`, read from the mail log (the outbox). */
async function mailText(page: Page, to: string, subject: string) {
  await page.goto(`/admin/mail?q=${encodeURIComponent(subject)}`);
  const table = page.getByRole("table", { name: "Outgoing messages" });
  const row = table.getByRole("row").filter({ hasText: to });
  if ((await row.count()) === 0) return null;
  await row.first().getByRole("link", { name: subject }).click();
  return (await page.locator("pre").first().textContent()) ?? "";
}

async function sendCampaign(page: Page, name: string, template: string) {
  await page.goto("/admin/marketing/emails/create");
  await page.locator("#field-name").fill(name);
  await page.locator("#field-template_id").selectOption({ label: template });
  await page.locator("#field-segment").selectOption("buyers");
  await page.getByRole("button", { name: "Add campaign" }).click();
  // Saved once its toast shows; going elsewhere before that could cancel the post (a CI run lost the campaign so).
  await expect(page.getByText(`“${name}” created.`).first()).toBeVisible({ timeout: NAVIGATION_WAIT });
  await page.goto(`/admin/marketing/emails?q=${encodeURIComponent(name)}`);
  await page.goto((await page.getByRole("link", { name, exact: true }).getAttribute("href")) as string);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const count = Number(
    (
      await page
        .getByText(/to \d+ address(es)? now\?/)
        .first()
        .textContent()
    )?.match(/to (\d+)/)?.[1],
  );
  await page.locator(`summary[aria-label="Send now: ${name}…"]`).click();
  return { count, confirm: page.getByRole("button", { name: "Yes, send now" }) };
}

/**
 * Issue 33 (decision 0087): an administrator writes a marketing template, sends a campaign to the buyers after seeing
 * how many it reaches; a buyer unsubscribes with the mail's one-click link, and the next campaign does not reach them.
 */
test("an administrator sends a campaign to buyers; a buyer who unsubscribed gets nothing", async ({ page }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const template = `Spring ${tag}`;
  const subject = `Spring news ${tag}`;
  await signIn(page, DEMO.admin);
  await page.goto("/admin/marketing/email-templates/create");
  await page.locator("#field-name").fill(template);
  await page.locator("#field-subject").fill(subject);
  await page.locator("#field-body").fill("<p>Hello {{ first_name }}, new listings are in.</p>");
  await page.getByRole("button", { name: "Add marketing template" }).click();
  await expect(page.getByText(template).first()).toBeVisible();

  const first = await sendCampaign(page, `First ${tag}`, template);
  expect(first.count).toBeGreaterThan(1);
  // The preview's sandboxed frames are left to the mail (axe cannot enter them), as on the email templates' pages.
  await expect(page.locator('iframe[title$="at 375 px"]')).toBeVisible();
  await expectAccessible(page, { exclude: ["iframe"] });
  await screenshots(page, "admin-marketing-campaign", { ignore: ["iframe"] });
  await first.confirm.click();
  await expect(page.getByText(`Campaign sending to ${first.count} address`).first()).toBeVisible();

  // The worker sends it: the buyer's mail arrives in the outbox with its unsubscribe link.
  let text: string | null = null;
  await expect
    .poll(async () => (text = await mailText(page, DEMO.buyer, subject)), { timeout: 60_000, intervals: [2_000] })
    .toContain("Unsubscribe: ");
  const link = /Unsubscribe: (\S+)/.exec(text ?? "")?.[1] as string;

  // The one-click POST a mail program makes (no cookie, no page).
  const res = await page.request.post(new URL(link).pathname, {
    form: { "List-Unsubscribe": "One-Click" },
    headers: { cookie: "" },
  });
  expect(res.status()).toBe(200);

  const second = await sendCampaign(page, `Second ${tag}`, template);
  expect(second.count).toBe(first.count - 1);
  await second.confirm.click();
  await expect(page.getByText(`Campaign sending to ${second.count} address`).first()).toBeVisible();

  // Sent to everyone else (the dashboard says so), and the buyer who unsubscribed has only the first campaign's mail.
  await expect
    .poll(
      async () => {
        await page.goto("/admin/marketing/dashboard");
        return page.getByRole("row", { name: new RegExp(`Second ${tag}`) }).textContent();
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toMatch(/Sent/i);
  await expect(page.getByRole("heading", { level: 1, name: "Marketing dashboard" })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-marketing-dashboard");
  await page.goto(`/admin/mail?q=${encodeURIComponent(subject)}`);
  await expect(
    page.getByRole("table", { name: "Outgoing messages" }).getByRole("row").filter({ hasText: DEMO.buyer }),
  ).toHaveCount(1);
});
