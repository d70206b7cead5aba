import { DEMO, DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 10, special requests: a buyer files one, a seller's new listing that meets it is approved, and the buyer is
 * emailed (read from the mail log). The request names Vero Beach at most $99.xx a point with a price no demo or
 * other spec's listing has, so only this spec's listing meets it.
 */
test.describe("special requests", () => {
  test("a buyer files a request, a new listing meets it, and the buyer is emailed", async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const cents = String(10 + Math.floor(Math.random() * 89));

    // A visitor reads how it works and is asked to sign in.
    await page.goto("/special-request");
    await expect(page.getByRole("heading", { level: 1, name: "Special request" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to file a request" })).toBeVisible();

    await signIn(page, DEMO.buyer2);
    await page.goto("/special-request");
    // Nothing named: the server says what to do.
    await page.getByRole("button", { name: "File my request" }).click();
    await expect(page.getByText("Name at least one thing you are looking for").first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "special-request-form");

    await page.getByRole("checkbox", { name: "Vero Beach" }).check();
    await page.getByLabel("Smallest number of points (optional)").fill("150");
    await page.getByLabel("Largest number of points (optional)").fill("170");
    await page.getByLabel("Most you would pay per point, in dollars (optional)").fill(`99.${cents}`);
    await page.getByRole("button", { name: "File my request" }).click();
    await expect(page).toHaveURL(/\/my-special-requests\/\d+$/);
    const id = page.url().split("/").pop();
    await expect(page.getByRole("heading", { level: 1, name: `Special request #${id}` })).toBeVisible();
    await expect(page.getByText(`Vero Beach; 150 to 170 points; at most $99.${cents} a point`)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "special-request-detail");
    await page.goto("/my-special-requests");
    await expect(page.getByRole("link", { name: new RegExp(`^#${id}: Vero Beach`) })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "my-special-requests");

    // A seller lists a Vero Beach contract at that price; an administrator approves it.
    await page.context().clearCookies();
    await signIn(page, DEMO.seller2);
    await page.goto("/v2/profile/inventory-for-sale/new");
    await page.getByLabel("Resort").selectOption({ label: "Vero Beach (VB)" });
    await page.getByLabel("Use year").selectOption({ label: "February" });
    await page.getByLabel("Contract points").fill("160");
    await page.getByLabel("Previous (banked)").fill("0");
    await page.getByLabel("Current", { exact: true }).fill("160");
    await page.getByLabel("Next", { exact: true }).fill("160");
    await page.getByLabel("Price per point (US dollars)").fill(`99.${cents}`);
    await page.getByRole("button", { name: "Submit for review" }).click();
    const toast = page.locator("[data-toast]").filter({ hasText: /Listing VPM-\d+ was submitted/ });
    await expect(toast).toBeVisible();
    const code = (await toast.textContent())?.match(/VPM-\d+/)?.[0] ?? "";
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await page.goto("/admin/pending-listings");
    await page.getByRole("button", { name: `Approve listing ${code}` }).click();
    await expect(page.getByText(`Listing ${code} is approved and live.`)).toBeVisible();

    // The match job mails the buyer (the mail log shows it); the request's page lists the listing.
    await expect(async () => {
      await page.goto(`/admin/mail?q=${encodeURIComponent(DEMO.buyer2)}`);
      await expect(
        page.getByRole("link", { name: "A Vero Beach contract that meets your request was just listed" }).first(),
      ).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await page.goto(`/admin/special-requests/${id}`);
    await expect(page.getByText(code)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-special-request");

    // The offers log is reachable from the header's shortcut.
    await page.getByRole("navigation", { name: "Admin shortcuts" }).getByRole("link", { name: /Offers logs/i }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Offers logs" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-offers-logs");
  });

  test("without JavaScript a buyer files a request and closes it", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(DEMO.buyer);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
    await page.goto("/special-request");
    await page.getByLabel("Smallest number of points (optional)").fill("300");
    await page.getByLabel("Largest number of points (optional)").fill("200");
    await page.getByRole("button", { name: "File my request" }).click();
    await expect(page.getByText("The largest number of points cannot be below the smallest.").first()).toBeVisible();
    await page.getByLabel("Largest number of points (optional)").fill("400");
    await page.getByRole("checkbox", { name: "June" }).check();
    await page.getByRole("button", { name: "File my request" }).click();
    await expect(page).toHaveURL(/\/my-special-requests\/\d+$/);
    await page.getByRole("radio", { name: "I found a contract" }).check();
    await page.getByRole("button", { name: "Close request" }).click();
    await expect(page.getByText("Closed: Found a contract")).toBeVisible();

    // A search on /listings becomes a request with one button.
    await page.goto("/listings?points=150-250&uy=Jun");
    await page.getByRole("button", { name: "Alert me about new matches" }).click();
    await expect(page).toHaveURL(/\/my-special-requests\/\d+$/);
    await expect(page.getByText("Any resort; 150 to 250 points; June use year")).toBeVisible();
    await page.getByRole("button", { name: "Close request" }).click();
    await context.close();
  });
});
