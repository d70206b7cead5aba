import { DEMO, expect, expectAccessible, signIn, TAKE_SCREENSHOTS, test, waitForHydration } from "./fixtures";

/** The header's account menu, the tab bar's sub-menus and the shell dialog, without a UI library. */
test.describe("shell popups", () => {
  test("the account menu works from the keyboard and closes on Escape, outside presses and navigation", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.buyer);
    await page.goto("/");
    const button = page.getByRole("button", { name: /account menu/ });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await waitForHydration(button);
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("menu", { name: "Account" });
    await expect(menu.getByRole("menuitem", { name: "My profile" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Edit settings" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
    await page.keyboard.press("ArrowDown"); // wraps round
    await expect(menu.getByRole("menuitem", { name: "My profile" })).toBeFocused();
    await expectAccessible(page);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/account-menu-open-1280.png" });
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await expect(menu).toBeVisible();
    await page.getByRole("heading", { level: 1 }).first().click();
    await expect(menu).toHaveCount(0);

    await button.click();
    await menu.getByRole("menuitem", { name: "My profile" }).click();
    await expect(page).toHaveURL(/\/v2\/profile$/);
    await expect(menu).toHaveCount(0);
  });

  test("at 375 px a tab's pages and the dialog trap focus, close on Escape and the backdrop, and give focus back", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const bar = page.getByTestId("mobile-tab-bar");
    const buyers = bar.getByRole("button", { name: "Buyers" });
    await buyers.click();
    await expect(buyers).toHaveAttribute("aria-expanded", "true");
    const pages = page.getByRole("list", { name: "Buyers pages" });
    await expect(pages.getByRole("link")).toHaveCount(3);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/tab-bar-buyers-open-375.png" });
    await page.keyboard.press("Escape");
    await expect(pages).toHaveCount(0);
    await expect(buyers).toHaveAttribute("aria-expanded", "false");
    await expect(buyers).toBeFocused();

    const more = bar.getByRole("button", { name: "More" });
    await more.click();
    const dialog = page.getByRole("dialog", { name: "All pages" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    // Focus stays inside the modal however far one tabs.
    for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/shell-dialog-375.png" });
    // A press on the backdrop (above the bottom sheet) closes it; focus goes back to More.
    await page.mouse.click(187, 20);
    await expect(dialog).toHaveCount(0);
    await expect(more).toBeFocused();

    // Opened on a phone and then seen on a wide screen, the dialog is centred (it is not inside the tab bar).
    await more.click();
    await expect(dialog).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(2);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/shell-dialog-1280.png" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
  });
});
