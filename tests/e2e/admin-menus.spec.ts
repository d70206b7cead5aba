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
 * Issue 30: the header's menus are edited at /admin/left-menu-settings (nested order, decision 0065). An
 * administrator reorders an item of the Buyers menu with the keyboard; the public header follows.
 */

/** What a visitor sees (the viewport, beside the full-page shots) at the current width. */
async function viewScreen(page: Page, name: string) {
  if (TAKE_SCREENSHOTS)
    await page.screenshot({ path: `test-results/screens/${name}-view-${page.viewportSize()?.width}.png` });
}

/**
 * Opens the desktop header's Buyers menu and returns its panel. A click before the page has hydrated opens nothing
 * (CI's loaded lanes, stop 38): click until it opens.
 */
async function openBuyersPanel(page: Page) {
  const buyers = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Buyers" });
  await expect(async () => {
    if ((await buyers.getAttribute("aria-expanded")) !== "true") await buyers.click();
    await expect(buyers).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return page.locator(`[id="${await buyers.getAttribute("aria-controls")}"]`);
}

/** Opens the phone tab bar's list of every Buyers page (the same wait for hydration) and returns the dialog. */
async function openBuyersPhoneList(page: Page) {
  const bar = page.getByTestId("mobile-tab-bar");
  const all = page.getByRole("dialog", { name: "Buyers: all pages" });
  const more = page.getByRole("button", { name: /More Pages/ });
  await expect(async () => {
    if (await all.isVisible()) return;
    if (!(await more.isVisible())) await bar.getByRole("button", { name: "Buyers" }).click();
    await more.click({ timeout: 1_000 });
    await expect(all).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return all;
}

/** The Buyers menu's links, in order, as the public header shows them at this width. */
async function buyersMenu(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/");
  if (width >= 768) return (await openBuyersPanel(page)).getByRole("link").allTextContents();
  const all = await openBuyersPhoneList(page);
  await expect(all.getByRole("link").first()).toBeVisible();
  return all.getByRole("link").allTextContents();
}

const labels = (texts: string[]) => texts.map((t) => t.trim());

test.describe("admin menus", () => {
  test("an administrator moves a header menu item up with the keyboard and the public header follows", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const before = labels(await buyersMenu(page, 1280));
    expect(before[1]).toMatch(/^Broker listings/);
    expect(before[3]).toMatch(/^Resale restrictions/);

    await signIn(page, DEMO.admin);
    await page.goto("/admin/left-menu-settings");
    await expect(page.getByRole("heading", { level: 1, name: "Header menus" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-left-menu-settings");

    // "Resale restrictions" is fourth in the Buyers menu; two presses of Enter on its "Move up" make it second.
    const up = page.getByRole("button", { name: "Move Resale restrictions up" });
    await waitForHydration(up);
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Menu item “Resale restrictions” moved up.").first()).toBeVisible();
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Menu item “Resale restrictions” moved up.").first()).toBeVisible();
    await expect(up).toBeFocused();
    const rows = page.getByRole("row");
    await expect(rows.nth(2)).toContainText("Resale restrictions");
    await screenshots(page, "admin-left-menu-settings-moved");

    // The public header, signed out as any visitor: desktop mega menu and the mobile tab bar's list.
    await page.context().clearCookies();
    for (const width of [1280, 375]) {
      const shown = labels(await buyersMenu(page, width));
      expect(shown[1], `at ${width} px`).toMatch(/^Resale restrictions/);
      expect(shown[2], `at ${width} px`).toMatch(/^Broker listings/);
      await viewScreen(page, "admin-menus-public-buyers"); // the open mega menu, or the phone's list of pages
    }

    // Put it back, with the keyboard again: focus stays on the moved row's "Move down".
    await signIn(page, DEMO.admin);
    await page.goto("/admin/left-menu-settings");
    const down = page.getByRole("button", { name: "Move Resale restrictions down" });
    await waitForHydration(down);
    await down.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Menu item “Resale restrictions” moved down.").first()).toBeVisible();
    await expect(down).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(down).toBeFocused();
    // The second move is saved before the cookies go (cleared while its request was on its way, it was refused as
    // signed out, and the menu kept Resale restrictions third).
    await expect(rows.nth(4)).toContainText("Resale restrictions");
    await page.context().clearCookies();
    expect(labels(await buyersMenu(page, 1280))).toEqual(before);
  });

  test("an item placed under another shows indented in the list and under its parent in the footer", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/right-menu-settings/create");
    await page.getByRole("combobox", { name: "Menu *" }).selectOption({ label: "Company" });
    await page.getByRole("textbox", { name: "Label *" }).fill("Our team");
    await page.getByRole("textbox", { name: "Link *" }).fill("/about-us#team");
    await page.getByRole("combobox", { name: "Parent" }).selectOption({ label: "Company › About us" });
    await page.getByRole("button", { name: "Add menu item" }).click();
    await expect(page.getByText("Menu item “Our team” created.").first()).toBeVisible({ timeout: NAVIGATION_WAIT });
    const row = page.getByRole("row").filter({ hasText: "Our team" });
    await expect(row).toContainText("Under About us:");
    // The only child of its parent: nowhere to move among its siblings. The first item of a menu cannot go up.
    await expect(page.getByRole("button", { name: "Move Our team up" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move Our team down" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move Listings for sale up" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move Fees of selling up" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move About us down" })).toBeEnabled();
    await expectAccessible(page);
    await screenshots(page, "admin-right-menu-settings-nested");

    await page.goto("/about-us");
    const company = page.getByRole("navigation", { name: "Company links" });
    await expect(
      company.getByRole("listitem").filter({ hasText: "About us" }).getByRole("link", { name: "Our team" }),
    ).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await company.scrollIntoViewIfNeeded();
      await viewScreen(page, "admin-menus-public-footer");
    }

    await page.goto("/admin/right-menu-settings");
    page.once("dialog", (d) => d.accept());
    await page.getByRole("button", { name: "Delete Our team" }).click();
    await expect(page.getByText("Menu item “Our team” deleted.").first()).toBeVisible({ timeout: NAVIGATION_WAIT });
  });

  test("a header item placed under another shows under its parent in the mega menu and on a phone", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/left-menu-settings/create");
    await page.getByRole("combobox", { name: "Menu *" }).selectOption({ label: "Buyers" });
    await page.getByRole("textbox", { name: "Label *" }).fill("Broker listings by resort");
    await page.getByRole("textbox", { name: "Link *" }).fill("/resorts");
    await page.getByRole("combobox", { name: "Parent" }).selectOption({ label: "Buyers › Broker listings" });
    await page.getByRole("button", { name: "Add menu item" }).click();
    await expect(page.getByText("Menu item “Broker listings by resort” created.").first()).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });

    await page.context().clearCookies();
    const under = (scope: ReturnType<Page["locator"]>) =>
      scope
        .getByRole("list", { name: "Broker listings: more" })
        .getByRole("link", { name: "Broker listings by resort" });
    await page.goto("/");
    await expect(under(await openBuyersPanel(page))).toBeVisible();
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/");
    await expect(under(await openBuyersPhoneList(page))).toBeVisible();
    await viewScreen(page, "admin-menus-phone-child");

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/left-menu-settings");
    page.once("dialog", (d) => d.accept());
    await page.getByRole("button", { name: "Delete Broker listings by resort" }).click();
    await expect(page.getByText("Menu item “Broker listings by resort” deleted.").first()).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
  });
});
