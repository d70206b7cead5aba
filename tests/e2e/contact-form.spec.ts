import { expect, expectAccessible, NAVIGATION_WAIT, screenshots, test } from "./fixtures";

/**
 * Issue 32: the contact form on /contact-us (the `contact-form` embed). Each field's message shows beside it; a sent
 * message leads to the thank-you page. The service, the mail and the allowance are covered by
 * tests/integration/contact-form.test.ts.
 */

test("on a phone a visitor sends an empty form, sees each field's message, then writes and lands on the thank-you page", async ({
  page,
}) => {
  // Two axe runs and two pairs of full-page screenshots: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/contact-us");
  const form = page.locator("#contact-form");
  await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  await form.getByRole("button", { name: "Send my message" }).click();
  await expect(form.getByText("Choose what your message is about.")).toBeVisible();
  await expect(form.getByText("Enter your name.")).toBeVisible();
  await expect(form.getByText("Write a message of at least 10 characters.")).toBeVisible();
  await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await screenshots(page, "contact-form-errors");

  await form.getByLabel("What is it about?").selectOption({ label: "Selling" });
  await form.getByLabel("Your name").fill("Robin Seller");
  await form.getByLabel("Email", { exact: true }).fill("robin.seller@example.net");
  await form.getByLabel("Your message").fill("We own 150 points at Bay Lake Tower. What could they fetch?");
  await form.getByRole("button", { name: "Send my message" }).click();
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: NAVIGATION_WAIT });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you");
  await expectAccessible(page);
  await screenshots(page, "contact-form-sent");
});

test("the contact form works without JavaScript: the page comes back with the errors and what was typed", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/contact-us");
  const form = page.locator("#contact-form");
  await form.getByLabel("What is it about?").selectOption({ label: "Rentals" });
  await form.getByLabel("Your name").fill("No Script");
  await form.getByLabel("Your message").fill("Hi");
  await form.getByRole("button", { name: "Send my message" }).click();
  await expect(form.getByText("Write a message of at least 10 characters.")).toBeVisible();
  await expect(form.getByLabel("Your name")).toHaveValue("No Script");
  await expect(form.getByLabel("What is it about?")).toHaveValue("rentals");
  await form.getByLabel("Email", { exact: true }).fill("noscript@example.net");
  await form.getByLabel("Your message").fill("Do you have a two-bedroom at the Poly in June?");
  await form.getByRole("button", { name: "Send my message" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await context.close();
});
