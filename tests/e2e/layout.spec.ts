import type { Browser, BrowserContext, Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 13: the screens people judge the site by, at 375 and 1280 px: nothing wider than the window, no table column
 * or button cut off or scrolled out of reach, nothing fixed (the phone's tab bar, the Tools button) over a control,
 * and the end of the page and the footer clear of the tab bar. One sign-in per role for the whole file.
 */

test.describe.configure({ mode: "serial" });

const contexts: Partial<Record<"seller" | "admin", BrowserContext>> = {};

async function signedIn(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  await signIn(await context.newPage(), email);
  return context;
}

test.beforeAll(async ({ browser, baseURL }) => {
  contexts.seller = await signedIn(browser, baseURL, DEMO.seller);
  contexts.admin = await signedIn(browser, baseURL, DEMO.admin);
});

test.afterAll(async () => {
  for (const c of Object.values(contexts)) await c?.close();
});

/**
 * The page at both widths: the layout checks and screenshots (fixtures' `screenshots`); with `axe`, axe on the phone's
 * shape too (the tables' cards and the tab bar's Tools tab; other specs run axe on these pages at 1280 px, and on
 * /listings it takes most of a minute on these machines).
 */
async function check(page: Page, name: string, { axe = true } = {}) {
  await screenshots(page, `layout-${name}`);
  const original = page.viewportSize();
  if (axe && original) {
    await page.setViewportSize({ width: 375, height: 900 });
    await expectAccessible(page);
    await page.setViewportSize(original);
  }
}

test("public pages: home, the search, a listing and a resort", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/");
  await check(page, "home");

  await page.goto("/listings");
  const firstListing = await page.locator('main a[href^="/listing-info/"]').first().getAttribute("href");
  await check(page, "listings", { axe: false });

  await page.goto(firstListing ?? "/listing-info/1");
  await expect(page.locator("main h1")).toBeVisible();
  await check(page, "listing", { axe: false });

  await page.goto("/resorts");
  const resort = await page.locator('main a[href^="/resorts/"]').first().getAttribute("href");
  await page.goto(resort ?? "/resorts");
  await check(page, "resort", { axe: false });
});

test("the phone keeps the end of the page and the footer above the tab bar; Tools is a tab, not a floating button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/about-us");
  const bar = page.getByTestId("mobile-tab-bar");
  await expect(bar.getByRole("button", { name: "Tools" })).toBeVisible();
  // The round Tools button is for wider screens only.
  await expect(page.getByTestId("tool-menu").getByRole("button", { name: "Tools" })).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerBottom = await page
    .locator("footer")
    .last()
    .evaluate((f) => f.getBoundingClientRect().bottom);
  const barTop = (await bar.boundingBox())?.y ?? 0;
  expect(footerBottom).toBeLessThanOrEqual(barTop + 0.5);
});

test("at 1280 px the header, the hero and the footer reach both edges; the tools float", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  for (const selector of ["header", "main section", "footer"]) {
    const box = await page.locator(selector).first().boundingBox();
    expect(box && Math.round(box.x) === 0 && Math.round(box.x + box.width) === 1280, selector).toBe(true);
  }
  const launcher = page.getByTestId("tool-menu").getByRole("button", { name: "Tools" });
  await expect(launcher).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Tools" })).toBeHidden();
  // Wide enough for the gutter: the rail shows, beside the content and not over it.
  await page.setViewportSize({ width: 1440, height: 900 });
  const rail = page.getByRole("navigation", { name: "Tools" });
  await expect(rail).toBeVisible();
  await expect(launcher).toBeHidden();
  const railBox = await rail.boundingBox();
  const content = await page.locator("main .max-w-7xl").first().boundingBox();
  expect(railBox && content && content.x + content.width <= railBox.x).toBe(true);
});

test("the seller's inventory", async () => {
  const page = await (contexts.seller as BrowserContext).newPage();
  await page.goto("/v2/profile/inventory-for-sale");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory for sale" })).toBeVisible();
  await check(page, "inventory");
  // A phone shows every column of a row as a card: the total and both actions included.
  await page.setViewportSize({ width: 375, height: 900 });
  const first = page.getByRole("row").nth(1);
  await expect(first.getByText(/^\$[\d,]+(\.\d\d)?$/).last()).toBeVisible();
  await expect(first.getByRole("link", { name: /^Edit listing / })).toBeVisible();
  await page.close();
});

test("admin tables: users, pending listings and the mail log", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  // A message in the mail log (a reset link nobody uses), so its table has a row.
  const visitor = await browser.newContext({ baseURL });
  const form = await visitor.newPage();
  await form.goto("/forgot/password");
  await form.getByLabel("Email").fill(DEMO.seniorWriter);
  await form.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(form.getByRole("status")).toContainText("If an account uses that email");
  await visitor.close();

  const page = await (contexts.admin as BrowserContext).newPage();
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await check(page, "admin-users");
  // Every row's actions are in view at 1280 px.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole("button", { name: /^Login as / }).first()).toBeInViewport();

  await page.goto("/admin/pending-listings");
  await expect(page.getByRole("heading", { level: 1, name: "Pending listings" })).toBeVisible();
  await check(page, "admin-pending-listings");

  await page.goto("/admin/mail");
  await expect(page.getByRole("heading", { level: 1, name: "Mail log" })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toContainText(DEMO.seniorWriter);
  await check(page, "admin-mail");
  await page.close();
});
