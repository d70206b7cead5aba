import { expect, expectAccessible, screenshots, test } from "./fixtures";

const cards = (page: import("@playwright/test").Page) => page.getByTestId("listing-card");

test("the listings page shows 60 listings, best score first", async ({ page }) => {
  const response = await page.goto("/listings");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("DVC resale listings | Vacation Points Market");
  await expect(cards(page)).toHaveCount(60);
  await expect(page.getByRole("heading", { level: 2, name: /\d+ listings/ })).toBeVisible();
  const scores = await page.getByTestId("listing-score").allTextContents();
  expect(Number(scores[0])).toBeGreaterThanOrEqual(Number(scores[1]));
  await expectAccessible(page);
  await screenshots(page, "listings");
});

test("filtering by resort updates the URL, and Back returns to the whole list", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listings");
  await expect(cards(page)).toHaveCount(60);
  await expect(page.locator("form[data-live=true]")).toBeAttached(); // hydrated: changes submit by themselves
  await page.getByLabel("Resort").selectOption("AKV");
  await expect(page).toHaveURL(/\/listings\?resort=AKV$/);
  await expect(cards(page).first()).toContainText("Animal Kingdom");
  const names = await page.locator("[data-testid=listing-card] h3").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const n of names) expect(n).toContain("Animal Kingdom");
  await expectAccessible(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(cards(page)).toHaveCount(60);
  await expect(page.getByLabel("Resort")).toHaveValue("");
});

test("a filter chosen before the page hydrated is applied once it does, not lost", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Hold the page's scripts back until the choice is made, as on a slow phone.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/listings", { waitUntil: "domcontentloaded" });
  await expect(page.locator("form[data-live=true]")).toHaveCount(0);
  await page.getByLabel("Resort").selectOption("AKV");
  release();
  await expect(page).toHaveURL(/\/listings\?resort=AKV$/);
  await expect(page.locator("form[data-live=true]")).toBeAttached();
  await expect(page.getByLabel("Resort")).toHaveValue("AKV");
  await expect(cards(page).first()).toContainText("Animal Kingdom");
  const names = await page.locator("[data-testid=listing-card] h3").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const n of names) expect(n).toContain("Animal Kingdom");
});

test("the resort filter works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listings");
  await page.getByLabel("Resort").selectOption("AKV");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/listings\?resort=AKV$/);
  const names = await page.locator("[data-testid=listing-card] h3").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const n of names) expect(n).toContain("Animal Kingdom");
  await context.close();
});

test("a link with filters it cannot read still answers, with a notice", async ({ page }) => {
  const response = await page.goto("/listings?points=abc&sort=nope");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Some filters in the link were not understood and were ignored.")).toBeVisible();
  await expect(cards(page)).toHaveCount(60);
});

test("page 2 shows other listings, and a page past the end says so", async ({ page }) => {
  await page.goto("/listings");
  const first = await page.locator("[data-testid=listing-card] .font-mono").allTextContents();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/listings\?page=2$/);
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  const second = await page.locator("[data-testid=listing-card] .font-mono").allTextContents();
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((code) => first.includes(code))).toEqual([]);

  await page.goto("/listings?page=9999");
  await expect(page.getByText("No listings on this page.")).toBeVisible();
  await page.getByRole("link", { name: "Go to page 1" }).click();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(cards(page)).toHaveCount(60);
});

test("changing a filter other than the sort resets the sort (SPEC section 4)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listings");
  await expect(page.locator("form[data-live=true]")).toBeAttached();
  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(/\/listings\?sort=price-asc$/);
  await page.getByLabel("Min").first().fill("100");
  await expect(page).toHaveURL(/\/listings\?points=100-$/);
  await expect(page.getByLabel("Sort by")).toHaveValue("score-desc");
  await page.getByRole("link", { name: "25-100" }).click();
  await expect(page).toHaveURL(/\/listings\?points=25-100$/);
  await expect(page.getByRole("link", { name: "25-100" })).toHaveAttribute("aria-current", "true");
});

test("without JavaScript a filter change also resets the sort", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listings?sort=price-desc");
  await page.getByRole("checkbox", { name: "Dec" }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/listings\?uy=Dec$/);
  await page.getByLabel("Sort by").selectOption("ppp-asc");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/listings\?uy=Dec&sort=ppp-asc$/);
  await context.close();
});
