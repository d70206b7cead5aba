import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, screenshots, signIn, TAKE_SCREENSHOTS, test } from "./fixtures";

// The listings page holds 60 cards; axe and full-page screenshots of it take a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

const cards = (page: Page) => page.getByTestId("listing-card");
const count = (page: Page) => page.getByTestId("favorites-count");
/** A card's listing title: resort name and listing code, as the favorites and compare tables name it. */
const titleOf = async (page: Page, i: number) =>
  `${await cards(page).nth(i).locator("h3").textContent()} ${await cards(page).nth(i).locator(".font-mono").textContent()}`;
const listingLink = (scope: Page | Locator, title: string) => scope.getByRole("link", { name: title, exact: true });
const removeButton = (scope: Page | Locator, title: string) =>
  scope.getByRole("button", { name: `Remove ${title} from favorites`, exact: true });

/** A modal is fixed to the screen: screenshots of the screen (not the whole page) at 375 and 1280 px. */
async function screenShots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}-${width}.png` });
  }
}
const favoriteIn = (page: Page, i: number) =>
  cards(page)
    .nth(i)
    .getByRole("button", { name: /^Favorite / });
const compareIn = (page: Page, i: number) =>
  cards(page)
    .nth(i)
    .getByRole("button", { name: /^Compare / });

/** The listings page once hydrated (its filter form submits by itself then). */
async function openListings(page: Page) {
  await page.goto("/listings");
  await expect(page.locator("form[data-live=true]")).toBeAttached();
}

test("favorites added from /listings survive a reload, show in the modal, and one can be removed", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openListings(page);
  await expect(count(page)).toHaveText("0");
  const [first, second] = [await titleOf(page, 0), await titleOf(page, 1)];

  await favoriteIn(page, 0).click();
  await expect(favoriteIn(page, 0)).toHaveAttribute("aria-pressed", "true");
  await expect(count(page)).toHaveText("1");
  await favoriteIn(page, 1).click();
  await expect(favoriteIn(page, 1)).toHaveAttribute("aria-pressed", "true");
  await expect(count(page)).toHaveText("2");
  await expect(page).toHaveURL(/\/listings$/); // no navigation: a fetcher did it

  await page.reload();
  await expect(count(page)).toHaveText("2");
  await expect(favoriteIn(page, 0)).toHaveAttribute("aria-pressed", "true");
  await expect(favoriteIn(page, 2)).toHaveAttribute("aria-pressed", "false");

  await expect(page.locator("form[data-live=true]")).toBeAttached();
  await page.getByTestId("favorites-link").click();
  const dialog = page.getByRole("dialog", { name: "Your favorite listings" });
  await expect(dialog).toBeVisible();
  for (const name of ["Listing", "Points", "Price", "Total", "Available Points", "Use Year", "Share"])
    await expect(dialog.getByRole("columnheader", { name, exact: true })).toBeVisible();
  await expect(listingLink(dialog, first)).toBeVisible();
  await expect(listingLink(dialog, second)).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(600);
  expect(box?.height).toBeGreaterThanOrEqual(300);
  await expectAccessible(page);
  await screenShots(page, "favorites-modal");
  await page.setViewportSize({ width: 375, height: 900 });
  await expectAccessible(page); // the stacked layout

  await page.setViewportSize({ width: 1280, height: 900 });
  await removeButton(dialog, first).click();
  await expect(listingLink(dialog, first)).toHaveCount(0);
  await expect(listingLink(dialog, second)).toBeVisible();
  await expect(count(page)).toHaveText("1");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(favoriteIn(page, 0)).toHaveAttribute("aria-pressed", "false");

  // A second press on a favorite takes it out again (the toggle of SPEC section 4).
  await favoriteIn(page, 1).click();
  await expect(count(page)).toHaveText("0");
});

test("favorites work without JavaScript, on the cards and on /favorites", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listings?resort=AKV");
  const [first, second] = [await titleOf(page, 0), await titleOf(page, 1)];
  await favoriteIn(page, 0).click();
  await expect(page).toHaveURL(/\/listings\?resort=AKV$/); // back where the form came from
  await expect(count(page)).toHaveText("1");
  await expect(favoriteIn(page, 0)).toHaveAttribute("aria-pressed", "true");
  await favoriteIn(page, 1).click();
  await expect(count(page)).toHaveText("2");
  // A card holds no form: each toggle submits the page's one toggle form to its own action (decision 0117).
  await expect(cards(page).locator("form")).toHaveCount(0);
  await compareIn(page, 0).click();
  await expect(page).toHaveURL(/\/listings\?resort=AKV$/);
  await expect(compareIn(page, 0)).toHaveAttribute("aria-pressed", "true");
  await expect(favoriteIn(page, 0)).toHaveAttribute("aria-pressed", "true");

  // The header link is a plain link to the page without JavaScript.
  await page.getByTestId("favorites-link").click();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your favorite listings" })).toBeVisible();
  await expect(listingLink(page.getByRole("table"), first)).toBeVisible();
  await expect(listingLink(page.getByRole("table"), second)).toBeVisible();

  await removeButton(page, first).click();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(listingLink(page.getByRole("table"), first)).toHaveCount(0);
  await expect(count(page)).toHaveText("1");
  await removeButton(page, second).click();
  await expect(page.getByText("You have no favorite listings yet.")).toBeVisible();
  await expect(count(page)).toHaveText("0");
  await context.close();
});

test("the /favorites page shows the favorites table, accessible at 375 and 1280 px", async ({ page }) => {
  await page.goto("/listings");
  const hrefs = await cards(page)
    .locator("h3 a")
    .evaluateAll((as) => as.slice(0, 3).map((a) => a.getAttribute("href")));
  for (const href of hrefs) {
    const listingId = href?.split("/").pop() ?? "";
    const res = await page.request.post("/favorites", { form: { intent: "toggle", listingId } });
    expect(res.status()).toBe(200);
  }
  await page.goto("/favorites");
  await expect(count(page)).toHaveText("3");
  for (const href of hrefs) await expect(page.getByRole("table").locator(`a[href="${href}"]`).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "favorites-page");
  await page.setViewportSize({ width: 375, height: 900 });
  await expectAccessible(page);

  // By keyboard: removing a row keeps focus in the list (on the next row's Remove button).
  await page.setViewportSize({ width: 1280, height: 900 });
  const remove = page.getByRole("button", { name: /^Remove .* from favorites$/ });
  await remove.first().focus();
  await page.keyboard.press("Enter");
  await expect(count(page)).toHaveText("2");
  await expect(remove).toHaveCount(2);
  await expect(remove.first()).toBeFocused();
});

test("signed in, the header has room for the favorites count at 375 px", async ({ page }) => {
  await signIn(page, DEMO.buyer);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/favorites");
  await expect(page.getByTestId("favorites-link")).toBeVisible();
  await expect(page.getByRole("button", { name: /account menu/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/favorites-header-buyer-375.png" });
});

test("compare three listings side by side; a fifth is refused", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/compare");
  await expect(page.getByText("No listings to compare yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse listings" })).toHaveAttribute("href", "/listings");

  await openListings(page);
  const codes: string[] = [];
  for (const i of [0, 1, 2]) {
    codes.push((await cards(page).nth(i).locator(".font-mono").textContent()) ?? "");
    await compareIn(page, i).click();
    await expect(compareIn(page, i)).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByText("3 of 4 listings in your comparison.")).toBeVisible();
  await page.getByRole("link", { name: "Compare them side by side" }).click();
  await expect(page).toHaveURL(/\/compare$/);
  const table = page.getByRole("table");
  for (const code of codes) await expect(table.getByRole("columnheader", { name: new RegExp(code) })).toBeVisible();
  for (const fact of ["Use year", "Contract points", "Price per point", "Total price", "Annual dues", "Years left"])
    await expect(table.getByRole("cell", { name: fact, exact: true })).toBeVisible();
  await expect(table.getByRole("cell", { name: "Actual value per point", exact: true })).toBeVisible();
  await expect(table.getByTestId("listing-score")).toHaveCount(3);
  await expectAccessible(page);
  await screenshots(page, "compare");

  await page.setViewportSize({ width: 1280, height: 900 });
  await openListings(page);
  await compareIn(page, 3).click();
  await expect(compareIn(page, 3)).toHaveAttribute("aria-pressed", "true");
  await compareIn(page, 4).click();
  await expect(page.getByText("You can compare up to 4 listings.", { exact: false })).toBeVisible();
  await expect(compareIn(page, 4)).toHaveAttribute("aria-pressed", "false");

  await page.goto("/compare");
  await expect(table.getByRole("columnheader")).toHaveCount(5); // the facts column and four listings
  await table.getByRole("button", { name: new RegExp(`Remove .*${codes[0]} from the comparison`) }).click();
  await expect(table.getByRole("columnheader")).toHaveCount(4);
});
