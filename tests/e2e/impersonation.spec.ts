import {
  appOrigin,
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  screenshots,
  signIn,
  signInWithForm,
  test,
  waitForHydration,
} from "./fixtures";

/** The admin header's dropdown button and its panel. */
const menu = (page: import("@playwright/test").Page, label: string) => ({
  button: page.getByRole("button", { name: new RegExp(`^${label}`) }),
  panel: page.getByRole("region", { name: label, exact: true }),
});

test.describe("impersonation and the admin notifications", () => {
  test("an administrator logs into the seller's account from a new-registration notification, and leaves", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithForm(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin\/offer-dashboard$/);

    const registrations = menu(page, "New registrations");
    // Signing in and leaving are full page loads: focus opens the panel only once the page has hydrated.
    await waitForHydration(registrations.button);
    await registrations.button.focus();
    await expect(registrations.panel).toBeVisible();
    await expect(registrations.button).toHaveAttribute("aria-expanded", "true");
    const sally = registrations.panel.getByRole("listitem").filter({ hasText: "Sally Seller" });
    await expect(sally).toContainText("Unread:");
    await expectAccessible(page);
    await screenshots(page, "admin-header-notifications");

    await sally.getByRole("button", { name: "Login as Sally Seller" }).click();
    await expect(page).toHaveURL(/\/v2\/profile$/);
    await expect(page.getByText("Success! Logged into user's account successfully.").first()).toBeVisible();
    // The header shows the impersonating state with a way back.
    await expect(page.locator("header[data-header-state]")).toHaveAttribute("data-header-state", "impersonating");
    const bar = page.locator("[data-impersonation-bar]");
    await expect(bar).toContainText("You are signed in as Sally Seller (impersonating)");
    await expect(bar.getByRole("button", { name: "Leave impersonation" })).toBeVisible();
    await expect(page.getByText(DEMO.seller).first()).toBeVisible();
    await expectAccessible(page);
    // The toast covers the bar at 375 px: close it for the picture.
    await page.getByRole("button", { name: "Close notification" }).first().click();
    await screenshots(page, "impersonation-header");

    // The admin area is hidden while impersonating: only a notice and the way back.
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { name: /You are signed in as Sally Seller/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Overview" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^New registrations/ })).toHaveCount(0);
    await page.goto("/admin/tweaks");
    await expect(page.getByRole("heading", { name: "Tweaks" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: /You are signed in as Sally Seller/ })).toBeVisible();

    // Leaving from the public header returns to the admin page the impersonation started from: the offer dashboard,
    // where an administrator lands after signing in.
    await page.goto("/");
    await page.locator("[data-impersonation-bar]").getByRole("button", { name: "Leave impersonation" }).click();
    await expect(page).toHaveURL(/\/admin\/offer-dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Offer dashboard" })).toBeVisible();
    await expect(
      page.getByText(/You are back in your own account \(you were viewing Sally Seller\)/).first(),
    ).toBeVisible();

    // The notification it came from is now read.
    await waitForHydration(registrations.button);
    await registrations.button.focus();
    await expect(
      registrations.panel.getByRole("listitem").filter({ hasText: "Sally Seller" }).first(),
    ).not.toContainText("Unread:");
  });

  test("the dropdowns open on focus, close on blur and Escape, and delete one notification at once", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/offer-dashboard");
    const registrations = menu(page, "New registrations");
    const inactive = menu(page, "Inactive users");
    const listings = menu(page, "Listing notifications");
    const feedback = menu(page, "Feedback");
    const address = menu(page, "Address help");

    // Focus opens; moving focus to the next button closes the first and opens the next (keyboard: Tab).
    await waitForHydration(registrations.button);
    await registrations.button.focus();
    await expect(registrations.panel).toBeVisible();
    await inactive.button.focus();
    await expect(registrations.panel).toBeHidden();
    await expect(inactive.panel).toBeVisible();
    await expect(inactive.panel.getByRole("listitem").filter({ hasText: "Sean Seller" })).toContainText(
      /Last active .* active listings?/,
    );
    // Escape closes and gives focus back to the button.
    await page.keyboard.press("Escape");
    await expect(inactive.panel).toBeHidden();
    await expect(inactive.button).toBeFocused();
    // A click outside closes too; a click on the button opens it (and a second click closes it).
    await feedback.button.click();
    await expect(feedback.panel).toBeVisible();
    await expect(feedback.panel).toContainText("No feedback yet.");
    await page.mouse.click(600, 850);
    await expect(feedback.panel).toBeHidden();
    await feedback.button.click();
    await expect(feedback.panel).toBeVisible();
    await feedback.button.click();
    await expect(feedback.panel).toBeHidden();

    // Height-limited with scrolling.
    await address.button.focus();
    const scroller = address.panel.locator("div.overflow-y-auto");
    await expect(scroller).toHaveCSS("max-height", "288px");
    await expect(scroller).toHaveCSS("overflow-y", "auto");

    // Mark the listing notifications read: the unread count goes to 0.
    await listings.button.focus();
    const markAll = listings.panel.getByRole("button", { name: "Mark all read" });
    if (await markAll.isVisible()) await markAll.click();
    await expect(listings.button).toContainText(/^\D*0 unread/);

    // Delete one registration notification: it disappears at once, and stays gone after a reload.
    await registrations.button.focus();
    const items = registrations.panel.getByRole("listitem");
    const before = await items.count();
    expect(before).toBeGreaterThan(1);
    const victim = items.filter({ hasNotText: "Sally Seller" }).first();
    const victimId = await victim.getAttribute("data-notification-id");
    await victim.getByRole("button", { name: /^Delete notification about/ }).click();
    await expect(registrations.panel.locator(`[data-notification-id="${victimId}"]`)).toHaveCount(0);
    await page.reload();
    // Focus opens the panel once the page has hydrated: focus again until it does.
    await expect(async () => {
      await registrations.button.blur();
      await registrations.button.focus();
      await expect(registrations.panel).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(registrations.panel.getByRole("listitem")).toHaveCount(before - 1);
    await expect(registrations.panel.locator(`[data-notification-id="${victimId}"]`)).toHaveCount(0);
    await expectAccessible(page);

    // At 375 px the panel stays on screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await registrations.button.focus();
    await expect(registrations.panel).toBeVisible();
    const box = await registrations.panel.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  });

  test("tweaks: the inactive period is validated and saved (also without JavaScript)", async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/tweaks");
    await expect(page.getByRole("heading", { level: 1, name: "Tweaks" })).toBeVisible();
    const days = page.getByLabel("Inactive after (days)");
    await days.fill("6");
    await page.getByRole("button", { name: "Save inactive users" }).click();
    await expect(page.getByText("Enter a whole number of days from 7 to 730.")).toBeVisible();
    await days.fill("120");
    await page.getByRole("button", { name: "Save inactive users" }).click();
    await expect(page.getByText("Inactive users period saved: 120 days.").first()).toBeVisible();
    await expect(days).toHaveValue("120");
    // Security saved as it is (off), so the other specs' administrators are not asked for two-factor.
    await expect(page.getByLabel("Require two-factor authentication for administrators")).not.toBeChecked();
    await page.getByRole("button", { name: "Save security" }).click();
    await expect(page.getByText("Security saved: two-factor authentication is optional").first()).toBeVisible();
    // Admin fees: a commission with three decimals is refused in the page; 7.25% is saved and shown again.
    const commission = page.getByLabel("Commission (percent of the price)");
    await commission.fill("7.255");
    await page.getByRole("button", { name: "Save admin fees" }).click();
    await expect(page.getByText("Enter a percent from 0 to 25, with at most two decimals.")).toBeVisible();
    await commission.fill("7.25");
    await page.getByRole("button", { name: "Save admin fees" }).click();
    await expect(
      page.getByText(/Admin fees saved: commission 7\.25% \(at least \$0\), estoppel fee \$150/).first(),
    ).toBeVisible();
    await expect(commission).toHaveValue("7.25");
    await commission.fill("8");
    await page.getByRole("button", { name: "Save admin fees" }).click();
    await expect(page.getByText(/Admin fees saved: commission 8%/).first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-tweaks");

    // Without JavaScript: the server judges the form and answers with the page.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto("/sign-in");
    await noJs.getByLabel("Email").fill(DEMO.admin);
    await noJs.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await noJs.getByRole("button", { name: "Sign in" }).click();
    await noJs.waitForURL(/\/admin\//);
    await noJs.goto("/admin/tweaks");
    await noJs.getByLabel("Inactive after (days)").fill("731");
    await noJs.getByRole("button", { name: "Save inactive users" }).click();
    await expect(noJs.getByText("Enter a whole number of days from 7 to 730.")).toBeVisible();
    await noJs.getByLabel("Inactive after (days)").fill("90");
    await noJs.getByRole("button", { name: "Save inactive users" }).click();
    await expect(noJs.getByText("Inactive users period saved: 90 days.")).toBeVisible();
    await expect(noJs.getByLabel("Inactive after (days)")).toHaveValue("90");
    await context.close();
  });

  test("a buyer cannot log into another account or see the tweaks", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    const origin = appOrigin();
    const res = await page.request.post("/admin/users/impersonate/000000000000", {
      headers: { origin, accept: "application/json" },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).message).toBe("Only administrators can log into another user's account.");
    await page.goto("/admin/tweaks");
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});
