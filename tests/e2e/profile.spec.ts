import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 4 "Profile and settings" end to end. Every test that changes an account signs up a fresh one; the demo
 * accounts are only read.
 */

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

/** Signs up a fresh account and goes to /profile, whatever page sign-up lands on (it may ask to verify first). */
async function signUpFresh(page: Page, role: "buyer" | "seller", name = `Pat ${role}`) {
  const email = `profile-${role}-${unique()}@example.org`;
  await page.goto(`/sign-up/new?role=${role}`);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Create an account", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-up"));
  return email;
}

/** The newest pin mailed to `to`, read from the admin's mail log in a second browser context. */
async function pinFromOutbox(browser: Browser, to: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signIn(admin, DEMO.admin);
    await admin.goto("/admin/mail");
    await admin.getByRole("row").filter({ hasText: to }).first().getByRole("link").first().click();
    const text = await admin.locator("pre").first().textContent();
    const pin = text?.match(/pin is (\d{4})/)?.[1];
    expect(pin, `pin mailed to ${to}`).toMatch(/^\d{4}$/);
    return pin as string;
  } finally {
    await context.close();
  }
}

async function openPreferences(page: Page) {
  await page.getByRole("button", { name: "Edit settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit settings" });
  await expect(dialog.getByTestId("preferences-modal")).toBeVisible();
  return dialog;
}

test.describe("profile and settings", () => {
  test("profile page: information, photo upload, and a settings toggle that survives a reload", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpFresh(page, "buyer");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Security" }).first()).toHaveAttribute("href", "/profile/security");
    await expectAccessible(page);
    await screenshots(page, "profile");

    // Profile information.
    await page.getByLabel("Phone number").fill("(407) 555-0186");
    await page.getByLabel("Address line 1").fill("1375 Buena Vista Dr");
    await page.getByLabel("City").fill("Lake Buena Vista");
    await page.getByLabel("State or region").fill("FL");
    await page.getByLabel("Postal code").fill("32830");
    await page.getByRole("button", { name: "Save profile information" }).click();
    await expect(
      page.locator("[data-toast]").filter({ hasText: "Your profile information has been saved." }),
    ).toBeVisible();
    await expect(page.getByLabel("City")).toHaveValue("Lake Buena Vista");

    // Photo: a PNG is uploaded, resized and shown on the page and in the sidebar.
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 110, b: 190 } } })
      .png()
      .toBuffer();
    await page.getByLabel("Choose a photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(
      page.locator("[data-toast]").filter({ hasText: "Your profile photo has been updated." }),
    ).toBeVisible();
    const photo = page.getByTestId("profile-photo");
    await expect(photo).toBeVisible();
    // It loads as an image of 256 px (resized by the server), not a broken one.
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
      .toBe(256);
    await expect(page.getByTestId("profile-sidebar-photo").first()).toBeVisible();
    // A text file named .png is refused with a clear message.
    await page
      .getByLabel("Choose a photo")
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
    await page.getByRole("button", { name: "Replace photo" }).click();
    await expect(page.getByText("The file is not a PNG or JPEG image. Choose a PNG or JPEG photo.")).toBeVisible();

    // The preferences modal: a toggle is saved on change with the toast, and is still on after a reload.
    let dialog = await openPreferences(page);
    await expectAccessible(page);
    await screenshots(page, "profile-preferences-modal");
    await expect(dialog.getByText("Administrator settings")).toHaveCount(0);
    const sms = dialog.getByRole("switch", { name: "Text messages" });
    await expect(sms).not.toBeChecked();
    await sms.check();
    await expect(page.locator("[data-toast]").filter({ hasText: "Field has been updated!" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.reload();
    dialog = await openPreferences(page);
    await expect(dialog.getByRole("switch", { name: "Text messages" })).toBeChecked();
    // A text setting is saved when it loses focus.
    await dialog.getByLabel("Salutation").fill("Ms. Rivera");
    await dialog.getByLabel("Salutation").press("Tab");
    await expect(page.locator("[data-toast]").filter({ hasText: "Field has been updated!" }).first()).toBeVisible();
    await page.keyboard.press("Escape");

    // The header's user menu opens the same modal.
    await page.getByRole("button", { name: /account menu/ }).click();
    await page.getByRole("menuitem", { name: "Edit settings" }).click();
    dialog = page.getByRole("dialog", { name: "Edit settings" });
    await expect(dialog.getByLabel("Salutation")).toHaveValue("Ms. Rivera");
  });

  test("changes the email address with the pin sent to the new address", async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const oldEmail = await signUpFresh(page, "buyer");
    await page.goto("/profile");
    await page.getByRole("button", { name: "Change email address" }).click();
    const dialog = page.getByRole("dialog", { name: "Change email address" });
    await dialog.getByLabel("New email address").fill("not-an-email");
    await dialog.getByRole("button", { name: "Send pin" }).click();
    await expect(dialog.getByText("Email address is invalid, enter correct email.")).toBeVisible();
    await dialog.getByLabel("New email address").fill(DEMO.seller);
    await dialog.getByRole("button", { name: "Send pin" }).click();
    await expect(dialog.getByText("Email already exists")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "profile-email-modal");

    const newEmail = `changed-${unique()}@example.net`;
    await dialog.getByLabel("New email address").fill(newEmail);
    await dialog.getByRole("button", { name: "Send pin" }).click();
    await expect(dialog.getByLabel("Pin")).toBeFocused();
    const pin = await pinFromOutbox(browser, newEmail);
    await dialog.getByLabel("Pin").fill(pin === "0000" ? "1111" : "0000");
    await dialog.getByRole("button", { name: "Verify and update" }).click();
    await expect(dialog.getByText("Email pin you provided is wrong.")).toBeVisible();
    await screenshots(page, "profile-email-modal-pin");
    await dialog.getByLabel("Pin").fill(pin);
    await dialog.getByRole("button", { name: "Verify and update" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Email updated successfully!" })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByTestId("current-email")).toHaveText(newEmail);
    expect(newEmail).not.toBe(oldEmail);
  });

  test("the Required page for a fresh seller turns items complete, and asks for address help", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpFresh(page, "seller");
    await page.goto("/required");
    await expect(page.getByRole("heading", { level: 1, name: "Required page" })).toBeVisible();
    await expect(page.getByTestId("required-summary")).toContainText("we still need");
    await expectAccessible(page);
    await screenshots(page, "required-account");

    await page.getByRole("link", { name: /Contact details/ }).click();
    await expect(page).toHaveURL(/tab=contact/);
    await expect(page.getByTestId("required-phone-number")).toHaveAttribute("data-done", "false");
    await expect(page.getByTestId("required-mailing-address")).toContainText("Still needed");
    await screenshots(page, "required-contact");
    await page.getByRole("button", { name: "I need help with my address" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "We have told our team." })).toBeVisible();

    await page.getByRole("link", { name: "Add your phone number" }).click();
    await expect(page).toHaveURL(/\/profile#profile-information/);
    await page.getByLabel("Phone number").fill("407 555 0100");
    await page.getByLabel("Address line 1").fill("100 Main St");
    await page.getByLabel("City").fill("Orlando");
    await page.getByLabel("Postal code").fill("32801");
    await page.getByRole("button", { name: "Save profile information" }).click();
    await expect(
      page.locator("[data-toast]").filter({ hasText: "Your profile information has been saved." }),
    ).toBeVisible();
    await page.goto("/required?tab=contact");
    await expect(page.getByTestId("required-phone-number")).toHaveAttribute("data-done", "true");
    await expect(page.getByTestId("required-mailing-address")).toContainText("Complete");

    await page.goto("/required?tab=listing");
    await expect(page.getByTestId("required-active-listing")).toHaveAttribute("data-done", "false");
    await expect(page.getByRole("link", { name: "List your contract" })).toBeVisible();
  });

  test("a buyer cannot open the Required page", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/required");
    await expect(page).not.toHaveURL(/\/required/);
  });

  for (const who of ["buyer", "seller"] as const) {
    test(`Best Practices for a ${who}`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, DEMO[who]);
      await page.goto("/v2/profile");
      await page.getByTestId("profile-sidebar").getByRole("link", { name: "Best practices guide" }).click();
      await expect(page).toHaveURL(/\/v2\/profile\/best-practices$/);
      await expect(page.getByRole("heading", { level: 1, name: "Best practices guide" })).toBeVisible();
      const sections = page.getByTestId("best-practice");
      expect(await sections.count()).toBeGreaterThanOrEqual(6);
      const firpta = page.getByRole("heading", { name: /FIRPTA/ });
      await expect(firpta).toHaveCount(who === "seller" ? 1 : 0);
      await expectAccessible(page);
      await screenshots(page, `best-practices-${who}`);
    });
  }

  test("the mobile profile: the sidebar collapses into a menu, and the registration progress shows", async ({
    page,
  }) => {
    await signUpFresh(page, "seller");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/v2/profile");
    const progress = page.getByTestId("registration-progress");
    await expect(progress).toBeVisible();
    await expect(progress.locator('[data-step="listing"]')).toHaveAttribute("data-done", "false");
    const menu = page.getByTestId("profile-mobile-menu");
    await expect(menu).toBeVisible();
    const link = menu.getByRole("link", { name: "Best practices guide" });
    await expect(link).toBeHidden();
    await menu.getByText("Profile menu").click();
    await expect(link).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "profile-overview-mobile-menu");
    await link.click();
    await expect(page).toHaveURL(/best-practices$/);
    await expect(menu.getByRole("link", { name: "Best practices guide" })).toBeHidden();
    await expect(menu).toContainText("Best practices guide");
    await page.goto("/v2/profile");
    // "Edit settings" elsewhere opens the preferences modal on /profile.
    await page.locator("#settings").getByRole("link", { name: "Edit settings" }).click();
    await expect(page).toHaveURL(/\/profile#preferences$/);
    await expect(page.getByRole("dialog", { name: "Edit settings" }).getByTestId("preferences-modal")).toBeVisible();
    await screenshots(page, "profile-preferences-modal-mobile");
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto("/v2/profile");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByTestId("profile-sidebar").getByRole("link", { name: "Security" })).toBeVisible();
    await screenshots(page, "profile-overview");
  });

  test("without JavaScript: the password and the email change as plain forms; other sessions are signed out", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = await signUpFresh(page, "seller");
    // A second browser session of the same account, signed out by the password change.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, email, "secret123");
    await other.goto("/profile");
    await expect(other.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();

    await page.goto("/profile");
    await page.getByLabel("Current password").fill("secret123");
    await page.getByLabel("New password", { exact: true }).fill("123");
    await page.getByLabel("Confirm new password").fill("123");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByText("Password should be at least 6 characters.")).toBeVisible();
    await page.getByLabel("Current password").fill("secret123");
    await page.getByLabel("New password", { exact: true }).fill("newsecret9");
    await page.getByLabel("Confirm new password").fill("newsecret9");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/sign-in/);
    await otherContext.close();

    const newEmail = `nojs-${unique()}@example.net`;
    await page.getByLabel("New email address").fill(newEmail);
    await page.getByRole("button", { name: "Send pin" }).click();
    await expect(page.getByText(`Enter the 4-digit pin we sent to ${newEmail}.`)).toBeVisible();
    const pin = await pinFromOutbox(browser, newEmail);
    await page.getByLabel("Pin").fill(pin);
    await page.getByRole("button", { name: "Verify and update" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Email updated successfully!" })).toBeVisible();
    await expect(page.getByTestId("current-email")).toHaveText(newEmail);
    await context.close();
  });

  test("an administrator logs in as a seller from the users list, changes the admin settings and leaves", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = await signUpFresh(page, "seller", "Sam Seller");
    await page.context().clearCookies();

    // The administrator finds the seller on /admin/users and uses Login (POST /admin/users/impersonate/{uniqid}).
    await signIn(page, DEMO.admin);
    await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
    await page.getByRole("button", { name: "Login as Sam Seller" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/v2/profile"));
    await expect(page.getByText("You are signed in as")).toBeVisible();

    await page.goto("/profile");
    const dialog = await openPreferences(page);
    await expect(dialog.getByText("Administrator settings")).toBeVisible();
    await dialog.getByLabel("Allowed open offers").fill("3");
    await dialog.getByLabel("Allowed open offers").press("Tab");
    await expect(page.locator("[data-toast]").filter({ hasText: "Field has been updated!" })).toBeVisible();
    await dialog.getByRole("switch", { name: "Completed survey" }).check();
    await dialog.getByLabel("Adjusted commission text").fill("Reduced commission for this seller: 6.9%");
    await dialog.getByLabel("Adjusted commission text").press("Tab");
    await expect(page.locator("[data-toast]").filter({ hasText: "Commission text has been updated!" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "profile-preferences-modal-admin");
    await page.keyboard.press("Escape");
    await page.reload();
    const again = await openPreferences(page);
    await expect(again.getByLabel("Allowed open offers")).toHaveValue("3");
    await expect(again.getByRole("switch", { name: "Completed survey" })).toBeChecked();
    await page.keyboard.press("Escape");

    // Leaving returns the administrator to the users list, in their own account again.
    await page.getByRole("button", { name: "Leave impersonation" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/users");
    await expect(page.getByText("You are signed in as")).toHaveCount(0);
    // The journal names both: the changes were made by the administrator in the seller's account.
    await page.goto("/admin/journal?filter=today&selectedTab=impersonation");
    await expect(page.getByRole("main")).toContainText("Sam Seller");
  });
});
