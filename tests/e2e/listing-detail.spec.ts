import type { Page } from "@playwright/test";
import {
  DEMO,
  expect,
  expectAccessible,
  NAVIGATION_WAIT,
  screenshots,
  signIn,
  TAKE_SCREENSHOTS,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Opens the first listing on /listings (or on `list`): through the card's link when cards link to details, else by
 * its id.
 */
async function openFirstListing(page: Page, list = "/listings") {
  await page.goto(list);
  const card = page.getByTestId("listing-card").first();
  await expect(card).toBeVisible();
  const code = (await card.locator(".font-mono").first().textContent())?.trim() ?? "";
  const detailLink = card.locator('a[href^="/listing-info/"], a[href^="/broker-listings/"]').first();
  if ((await detailLink.count()) > 0) {
    await detailLink.click();
  } else {
    const headingId = await card.locator("h3").first().getAttribute("id");
    const id = headingId?.replace("listing-", "");
    expect(id).toMatch(/^\d+$/);
    await page.goto(`/listing-info/${id}`);
  }
  await expect(page).toHaveURL(/\/(listing-info|broker-listings)\/\d+$/, { timeout: NAVIGATION_WAIT });
  return code;
}

test("a listing's page shows the facts, the score explained and the price chart", async ({ page }) => {
  test.slow(); // two full-page screenshots, a print rendering and an axe run on a long page
  // A resort with its dues on record, for the dues at closing.
  const code = await openFirstListing(page, "/listings?resort=AKV");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/\d+ points at .+, [A-Z][a-z]{2} use year/);
  await expect(page).toHaveTitle(/points at .+ use year \| Vacation Points Market/);
  await expect(page.getByRole("main")).toContainText(code);
  await expect(page.getByRole("complementary", { name: "Price" }).getByTestId("listing-total")).toHaveText(
    /^\$[\d,]+$/,
  );

  const points = page.getByRole("region", { name: "Points by use year" });
  await expect(points.getByRole("row")).toHaveCount(4); // header + previous, current, next
  await expect(points).toContainText("Previous (banked)");
  await expect(page.getByRole("region", { name: "Annual dues and dues at closing" })).toContainText("Closing in");
  await expect(page.getByRole("region", { name: "Contract end date" })).toContainText("January 31,");
  await expect(page.getByRole("region", { name: "Resale restrictions" })).toContainText("Collections");

  const score = page.getByRole("region", { name: "How the score is worked out" });
  await expect(score.getByTestId("score-comparison")).toContainText("median");
  await expect(score.getByRole("table", { name: "What raises or lowers the score" })).toContainText("Starting point");

  const chart = page.getByRole("img", { name: /Price per point against contract points/ });
  await expect(chart).toBeVisible();
  await expect(page.getByTestId("chart-current").filter({ visible: true })).toBeVisible();
  await page.getByText("Show the chart's data as a table").click();
  await expect(page.getByRole("table", { name: /Listings for sale at/ })).toContainText(`${code} (this listing)`);

  // The listing's own Product in the page; the head's WebPage is every page's (decision 0085).
  const ld = JSON.parse((await page.locator('#main script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld["@type"]).toBe("Product");
  expect(ld.offers.priceCurrency).toBe("USD");

  await expect(page.getByRole("button", { name: "Print this listing" })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "listing-detail");

  // Print: the facts, tables and explanation; no header, footer, form or menus.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header[data-header-state]")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("heading", { name: "Ask about this listing" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "How the score is worked out" })).toBeVisible();
  if (TAKE_SCREENSHOTS)
    await page.screenshot({ path: "test-results/screens/listing-detail-print.png", fullPage: true });
  await page.emulateMedia({ media: "screen" });
});

test("asking about a listing sends a message the admin finds in the mail log", async ({ page }) => {
  test.slow();
  const schemaLoads: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/contact\.schema-/.test(r.url())) schemaLoads.push(r.url());
  });
  const code = await openFirstListing(page);
  const form = page.getByRole("region", { name: "Ask about this listing" });
  // The form's checks are the server's (decision 0072): zod and the schema never reach the browser.
  schemaLoads.length = 0;
  await page.reload();
  await page.waitForLoadState("networkidle");
  // Before hydration the browser's own checks stop the empty form (no message of ours): wait for React's handler.
  await waitForHydration(form.getByRole("button", { name: "Send my question" }));
  await form.getByRole("button", { name: "Send my question" }).click();
  await expect(form.getByText("Enter your name.")).toBeVisible({ timeout: NAVIGATION_WAIT });
  expect(schemaLoads).toEqual([]);

  await form.getByLabel("Your name").fill("Robin Tester");
  await form.getByLabel("Email").fill("robin@");
  await form.getByRole("button", { name: "Send my question" }).click();
  await expect(form.getByText("Email address is invalid, enter correct email.")).toBeVisible();
  await form.getByLabel("Email").fill("robin@example.net");
  await form.getByLabel("Your question").fill(`Can the seller confirm the banked points on ${code}?`);
  await form.getByRole("button", { name: "Send my question" }).click();
  await expect(form.getByTestId("question-sent")).toContainText("Your question was sent");
  await expect(page.getByText("Your question was sent").first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "listing-detail-question-sent");

  await signIn(page, DEMO.admin);
  await page.goto("/admin/mail");
  await expect(page.getByText(`Question about listing ${code}`).first()).toBeVisible();
});

test("the question form works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await openFirstListing(page);
  const form = page.getByRole("region", { name: "Ask about this listing" });
  await form.getByLabel("Your name").fill("No Script");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByRole("button", { name: "Send my question" }).click();
  await expect(page.getByText("Email address is invalid, enter correct email.")).toBeVisible();
  await page.getByRole("region", { name: "Ask about this listing" }).getByLabel("Email").fill("noscript@example.net");
  await page
    .getByRole("region", { name: "Ask about this listing" })
    .getByRole("button", { name: "Send my question" })
    .click();
  await expect(page.getByTestId("question-sent")).toBeVisible();
  await expect(page.getByRole("button", { name: "Print this listing" })).toHaveCount(0);
  await context.close();
});

test("a deactivated listing is shown to its seller with a banner and is a 404 for a buyer", async ({
  browser,
  baseURL,
}) => {
  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, DEMO.seller);
  await sellerPage.goto("/v2/profile/inventory-not-for-sale");
  const href = await sellerPage.locator('a[href$="/edit"]').first().getAttribute("href");
  const id = href?.match(/inventory-for-sale\/(\d+)\/edit/)?.[1];
  expect(id).toBeTruthy();
  const own = await sellerPage.goto(`/listing-info/${id}`);
  expect(own?.status()).toBe(200);
  await expect(sellerPage.getByTestId("listing-status-banner")).toContainText("Deactivated");
  await expectAccessible(sellerPage);
  await sellerContext.close();

  const buyerContext = await browser.newContext({ baseURL });
  const buyerPage = await buyerContext.newPage();
  await signIn(buyerPage, DEMO.buyer);
  const res = await buyerPage.goto(`/listing-info/${id}`);
  expect(res?.status()).toBe(404);
  await expect(buyerPage.getByRole("heading", { name: "This listing is no longer for sale" })).toBeVisible();
  await buyerContext.close();
});
