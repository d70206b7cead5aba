import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test } from "./fixtures";

const cards = (page: Page) => page.getByTestId("rental-card");

test("the rentals page shows 20 rentals, soonest check-in first, with how to ask about each", async ({ page }) => {
  test.setTimeout(60_000); // 20 cards, axe and screenshots at two widths
  const response = await page.goto("/rentals");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("DVC rentals | Vacation Points Market");
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByRole("heading", { level: 2, name: /\d+ rentals/ })).toBeVisible();
  const dates = await page
    .locator("[data-testid=rental-card] dd time")
    .evaluateAll((els) => els.filter((_, i) => i % 2 === 0).map((el) => el.getAttribute("datetime") ?? ""));
  expect(dates).toHaveLength(20);
  expect(dates).toEqual([...dates].sort());
  const first = cards(page).first();
  await expect(first).toContainText(/Check-in(Mon|Tue|Wed|Thu|Fri|Sat|Sun), /);
  await expect(first).toContainText(/Price per night\$[\d,]+Total\$[\d,]+/);
  await expect(first).toContainText(/Call \(800\) 555-0142 or email hello@vacationpointsmarket\.test quoting RNT-\d+/);
  await expectAccessible(page);
  await screenshots(page, "rentals");

  // The filter panel folds away on small screens; opened, it must fit too.
  await page.setViewportSize({ width: 375, height: 900 });
  await page.locator("summary", { hasText: "Filter and sort" }).click();
  await expect(page.getByLabel("Resort")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "rentals-filters-open");
});

test("the footer's Rental group and the Buyers menu link to the rentals", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Rentals" }).click();
  await expect(page).toHaveURL(/\/rentals$/);
  await expect(cards(page)).toHaveCount(20);

  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Buyers" }).hover();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Rentals/ })
    .click();
  await expect(page).toHaveURL(/\/rentals$/);
});

test("filtering by resort and room type updates the URL, and Back restores each step", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/rentals");
  await expect(page.locator("form[data-live=true]")).toBeAttached(); // hydrated: changes submit by themselves
  await page.getByLabel("Resort").selectOption("SSR");
  await expect(page).toHaveURL(/\/rentals\?resort=SSR$/);
  await expect(cards(page).first()).toContainText("Saratoga Springs");
  for (const n of await page.locator("[data-testid=rental-card] h3").allTextContents())
    expect(n).toBe("Saratoga Springs");

  await page.getByRole("checkbox", { name: /Treehouse Villa/ }).check();
  await expect(page).toHaveURL(/\/rentals\?resort=SSR&room=\d+$/);
  // The address changes a moment before React draws the new list: wait until no other room is left on the page.
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByTestId("rental-room").filter({ hasNotText: "Treehouse Villa" })).toHaveCount(0);
  for (const room of await page.getByTestId("rental-room").allTextContents()) expect(room).toBe("Treehouse Villa");
  await expectAccessible(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/rentals\?resort=SSR$/);
  await expect(page.getByRole("checkbox", { name: /Treehouse Villa/ })).not.toBeChecked();
  await expect(page.getByLabel("Resort")).toHaveValue("SSR");
  await page.goBack();
  await expect(page).toHaveURL(/\/rentals$/);
  await expect(page.getByLabel("Resort")).toHaveValue("");
  await expect(cards(page)).toHaveCount(20);
});

test("resort and room type filters work without JavaScript, and Clear resets them", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/rentals");
  await page.getByLabel("Resort").selectOption("SSR");
  await page.getByRole("checkbox", { name: /Treehouse Villa/ }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/rentals\?resort=SSR&room=\d+$/);
  await expect(cards(page).first()).toBeVisible();
  for (const n of await page.locator("[data-testid=rental-card] h3").allTextContents())
    expect(n).toBe("Saratoga Springs");
  for (const room of await page.getByTestId("rental-room").allTextContents()) expect(room).toBe("Treehouse Villa");

  await page.goBack();
  await expect(page).toHaveURL(/\/rentals$/);
  await expect(cards(page)).toHaveCount(20);
  await page.goForward();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/rentals$/);
  await expect(page.getByLabel("Resort")).toHaveValue("");
  await context.close();
});

test("the bands and the check-in months are links that set the filter", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/rentals");
  await page.getByRole("link", { name: "1-5 nights" }).click();
  await expect(page).toHaveURL(/\/rentals\?nights=1-5$/);
  await expect(page.getByRole("link", { name: "1-5 nights" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByLabel("Min", { exact: true }).nth(0)).toHaveValue("1");
  for (const n of await page.locator("[data-testid=rental-card] dt:text-is('Nights') + dd").allTextContents())
    expect(Number(n)).toBeLessThanOrEqual(5);

  const months = page.getByRole("list", { name: "Check-in month" }).getByRole("link");
  await months.nth(3).click();
  await expect(page).toHaveURL(/\/rentals\?checkin=\d{4}-\d{2}-01\.\.\d{4}-\d{2}-\d{2}&nights=1-5$/);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(/^\d{4}-\d{2}-01$/);
  const from = await page.getByLabel("From", { exact: true }).inputValue();
  for (const d of await page
    .locator("[data-testid=rental-card] dd time")
    .evaluateAll((els) => els.filter((_, i) => i % 2 === 0).map((el) => el.getAttribute("datetime") ?? "")))
    expect(d.slice(0, 7)).toBe(from.slice(0, 7));
});

test("a link with filters it cannot read still answers, with a notice; a page past the last says so", async ({
  page,
}) => {
  const response = await page.goto("/rentals?nights=abc&resort=NOPE&sort=nope");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Some filters in the link were not understood and were ignored.")).toBeVisible();
  await expect(cards(page)).toHaveCount(20);

  await page.goto("/rentals?page=999");
  await expect(page.getByText("There is no page 999.")).toBeVisible();
  await page.getByRole("link", { name: "Go to the last page" }).click();
  await expect(page).toHaveURL(/\/rentals\?page=\d$/);
  await expect(cards(page).first()).toBeVisible();
});
