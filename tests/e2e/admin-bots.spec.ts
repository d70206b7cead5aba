import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 33 (decision 0086): an administrator blocks "BadBot" at /admin/bots/rules (a pattern matching browsers is
 * refused first); a request with that user agent is then answered 403 with the rule's message; the agent shows on
 * /admin/bots, where another agent is blocked from its row. The Facebook settings: a pixel id makes public pages ask for consent, and the pixel loads after
 * "Accept" (the id is cleared again at the end, so other tests see no prompt).
 */
test("an administrator blocks BadBot, which then gets a 403 with the message", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.admin);
  await page.goto("/admin/bots/rules/create");
  await page.locator("#field-pattern").fill("Mozilla/5.0");
  await page.locator("#field-action").selectOption("block");
  await page.getByRole("button", { name: "Add bot rule" }).click();
  await expect(page.getByText("matches the browsers people use").first()).toBeVisible();
  await page.locator("#field-pattern").fill("BadBot");
  await page.locator("#field-message").fill("BadBot is not welcome here.");
  await page.getByRole("button", { name: "Add bot rule" }).click();
  await expect(page.getByText("Bot rule “BadBot” created.").first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-bot-rules");

  const blocked = await request.get("/listings", { headers: { "user-agent": "Mozilla/5.0 (compatible; BadBot/1.0)" } });
  expect(blocked.status()).toBe(403);
  expect(await blocked.text()).toBe("BadBot is not welcome here.");
  const browser = await request.get("/listings");
  expect(browser.status()).toBe(200);

  // The counts are written every 10 s: the blocked agent shows on the list, with what the rules do with it.
  await expect(async () => {
    await page.goto("/admin/bots?q=BadBot");
    await expect(page.getByText("Blocked (“BadBot”)").filter({ visible: true }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 25_000 });

  // An agent no rule covers yet is blocked from its row, after the confirmation.
  const scraper = "Mozilla/5.0 (compatible; ScraperZ/3.0)";
  expect((await request.get("/resorts", { headers: { "user-agent": scraper } })).status()).toBe(200);
  await expect(async () => {
    await page.goto("/admin/bots?q=ScraperZ");
    await expect(page.locator(`summary[aria-label="Block the user agent ${scraper}…"]`).first()).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 25_000 });
  await expectAccessible(page);
  await screenshots(page, "admin-bots");
  await page.locator(`summary[aria-label="Block the user agent ${scraper}…"]`).first().click();
  await page.getByRole("button", { name: "Yes, block" }).first().click();
  await expect(page.getByText(`User agent “${scraper}” blocked.`).first()).toBeVisible();
  await expect(async () => {
    expect((await request.get("/resorts", { headers: { "user-agent": scraper } })).status()).toBe(403);
  }).toPass({ timeout: 10_000 });
});

test("the Meta Pixel loads only after a visitor accepts", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.admin);
  await page.goto("/admin/fb-settings");
  await page.getByLabel("Meta Pixel id").fill("12ab");
  await page.getByRole("button", { name: "Save Facebook settings" }).click();
  await expect(page.getByText("Enter the Meta Pixel id as its digits only").first()).toBeVisible();
  await page.getByLabel("Facebook app id").fill("1234567890");
  await page.getByLabel("Meta Pixel id").fill("9876543210123456");
  await page.getByRole("button", { name: "Save Facebook settings" }).click();
  await expect(page.getByText("Facebook and Meta Pixel saved").first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-fb-settings");

  try {
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    await visitor.goto("/resorts");
    await expect(visitor.locator('meta[property="fb:app_id"]')).toHaveAttribute("content", "1234567890");
    const prompt = visitor.getByRole("region", { name: "Marketing cookies" });
    await expect(prompt).toBeVisible();
    await expect(visitor.locator("script[data-meta-pixel]")).toHaveCount(0);
    await expectAccessible(visitor);
    await screenshots(visitor, "consent-prompt");
    await prompt.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(visitor).toHaveURL(/\/resorts$/);
    await expect(visitor.getByRole("region", { name: "Marketing cookies" })).toHaveCount(0);
    await expect(visitor.locator("script[data-meta-pixel]")).toHaveAttribute("data-meta-pixel", "9876543210123456");
    await context.close();
  } finally {
    await page.goto("/admin/fb-settings");
    await page.getByLabel("Facebook app id").fill("");
    await page.getByLabel("Meta Pixel id").fill("");
    await page.getByRole("button", { name: "Save Facebook settings" }).click();
    await expect(page.getByText("Facebook and Meta Pixel saved").first()).toBeVisible();
  }
});
