import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 11, the in-page PDF viewer. An agreement is driven to "out for signature" through the UI (as in
 * agreements.spec.ts); the buyer opens the signing page at 375 px, views the contract in the viewer's dialog (pdf.js on
 * a canvas as wide as the phone), goes to the next page, and closes it with Escape.
 */
test.describe("the PDF viewer", () => {
  test("the buyer views the contract on the signing page at 375 px: page 1 of N on a canvas, next page, Escape", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const cents = String(10 + Math.floor(Math.random() * 89));
    const price = `132.${cents}`;

    // The seller lists a contract; an administrator approves it.
    await signIn(page, DEMO.seller2);
    await page.goto("/v2/profile/inventory-for-sale/new");
    await page.getByLabel("Resort").selectOption({ label: "Saratoga Springs (SSR)" });
    await page.getByLabel("Use year").selectOption({ label: "February" });
    await page.getByLabel("Contract points").fill("150");
    await page.getByLabel("Previous (banked)").fill("0");
    await page.getByLabel("Current", { exact: true }).fill("150");
    await page.getByLabel("Next", { exact: true }).fill("150");
    await page.getByLabel("Price per point (US dollars)").fill(price);
    await page.getByRole("button", { name: "Submit for review" }).click();
    const toast = page.locator("[data-toast]").filter({ hasText: /Listing VPM-\d+ was submitted/ });
    await expect(toast).toBeVisible();
    const code = (await toast.textContent())?.match(/VPM-\d+/)?.[0] ?? "";
    // The listing's id, from the seller's own Edit link.
    await page.goto("/v2/profile/inventory-for-sale");
    const edit = await page.getByRole("link", { name: `Edit listing ${code}` }).getAttribute("href", { timeout: 7000 });
    const listingId = edit?.match(/inventory-for-sale\/(\d+)\/edit/)?.[1] ?? "";
    expect(listingId).toMatch(/^\d+$/);
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await page.goto("/admin/pending-listings");
    await page.getByRole("button", { name: `Approve listing ${code}` }).click();
    await expect(page.getByText(`Listing ${code} is approved and live.`)).toBeVisible();

    // The buyer offers the asking price.
    await page.context().clearCookies();
    await signIn(page, DEMO.buyer2);
    await page.goto(`/make-offer/${listingId}`);
    if (await page.getByLabel("Phone number").isVisible()) {
      await page.getByLabel("Phone number").fill("+1 321 555 0144");
      await page.getByLabel("Address line 1").fill("8 Ocean Drive");
      await page.getByLabel("City").fill("Vero Beach");
      await page.getByLabel("State, province or region").fill("FL");
      await page.getByLabel("ZIP or postal code").fill("32963");
      await page.getByRole("button", { name: "Save and continue to my offer" }).click();
    }
    await page.getByLabel("Your price per point (US dollars)").fill(price);
    await page.getByLabel("Names to go on the deed (one a line)").fill("Ben Buyer");
    await page.getByRole("checkbox", { name: /I understand these restrictions/ }).check();
    await page.getByRole("button", { name: "Send my offer", exact: true }).click();
    const sent = page.getByRole("dialog", { name: "Your offer is sent" });
    await expect(sent).toBeVisible();
    await sent.getByRole("link", { name: "See your offer" }).click();
    await expect(page).toHaveURL(/\/v2\/profile\/offers\/\d+$/);
    const offerId = page.url().split("/").pop() ?? "";

    // The seller accepts.
    await page.context().clearCookies();
    await signIn(page, DEMO.seller2);
    await page.goto("/v2/profile/seller-offers");
    await page.getByRole("link", { name: new RegExp(`offer #${offerId}\\)`) }).click();
    await page.getByRole("button", { name: "Accept these terms" }).click();
    await expect(page.getByText("Offer accepted").first()).toBeVisible();

    // The administrator sends the agreement to sign from the list's row action.
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await page.goto(`/admin/agreements?q=${code}`);
    const send = page.getByRole("button", { name: /^Send to sign for agreement #\d+$/ });
    const agreementId = (await send.getAttribute("aria-label"))?.match(/#(\d+)/)?.[1] ?? "";
    expect(agreementId).toMatch(/^\d+$/);
    await send.click();
    await expect(
      page.getByText(`Agreement #${agreementId} was sent to the buyer and the seller to sign.`),
    ).toBeVisible();

    // The buyer's signing page at 375 px: the download link, and View next to it.
    await page.context().clearCookies();
    await signIn(page, DEMO.buyer2);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/v2/profile/agreements/${agreementId}/sign`);
    await expect(page.getByRole("link", { name: "Download the contract (PDF)" })).toBeVisible();
    const view = page.getByRole("button", { name: "View the contract" });
    await view.click();
    const dialog = page.getByRole("dialog", { name: `Contract, agreement #${agreementId}` });
    await expect(dialog).toBeVisible();
    const pageCount = dialog.getByText(/^Page 1 of \d+$/);
    await expect(pageCount).toBeVisible({ timeout: 20_000 });
    const total = Number((await pageCount.textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(1);
    const canvas = dialog.getByRole("img", { name: `Page 1 of ${total} of the contract` });
    await expect(canvas).toBeVisible();
    // The page fits the phone: no wider than the dialog, and something is drawn on it.
    const box = await canvas.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    expect(box?.width ?? 999).toBeLessThanOrEqual(375);
    await expect(dialog.getByRole("region", { name: "Pages of the contract" })).toHaveAttribute("aria-busy", "false");
    const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 128 && d[i + 3] > 0) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(100);
    await expect(dialog.getByRole("link", { name: "Download the contract (PDF)" })).toHaveAttribute(
      "href",
      `/v2/profile/agreements/${agreementId}/contract.pdf`,
    );
    await expect(dialog.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await expectAccessible(page);
    await screenshots(page, "pdf-viewer-page-1");
    // The dialog as the phone shows it (the full-page shots are the page behind it).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: "test-results/screens/pdf-viewer-dialog-375.png" });

    await page.setViewportSize({ width: 375, height: 800 });
    await dialog.getByRole("button", { name: "Next page" }).click();
    await expect(dialog.getByText(`Page 2 of ${total}`, { exact: true })).toBeVisible();
    await expect(dialog.getByRole("img", { name: `Page 2 of ${total} of the contract` })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Previous page" })).toBeEnabled();
    // Zoom in: the page grows past the dialog's width and scrolls sideways, the page itself does not.
    await dialog.getByRole("button", { name: "Zoom in" }).click();
    await expect(dialog.getByText("125%")).toBeVisible();
    await expect
      .poll(
        async () =>
          (await dialog.getByRole("img", { name: `Page 2 of ${total} of the contract` }).boundingBox())?.width ?? 0,
      )
      .toBeGreaterThan((box?.width ?? 0) * 1.2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await dialog.getByRole("button", { name: "Zoom out" }).click();
    await expect(dialog.getByText("100%")).toBeVisible();
    await screenshots(page, "pdf-viewer-page-2");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "test-results/screens/pdf-viewer-dialog-1280.png" });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(view).toBeFocused();

    // A file that cannot be read says so, with a way to try again and the download link still there.
    await page.route("**/contract.pdf?inline=1", (route) =>
      route.fulfill({ status: 200, contentType: "application/pdf", body: "%PDF-1.7 not really a PDF" }),
    );
    await view.click();
    await expect(dialog.getByRole("alert")).toContainText("This file cannot be read as a PDF.");
    await expect(dialog.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Download the contract (PDF)" })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/screens/pdf-viewer-error-375.png" });
    await page.unroute("**/contract.pdf?inline=1");
    await page.route("**/contract.pdf?inline=1", (route) => route.fulfill({ status: 404, body: "Not found" }));
    await dialog.getByRole("button", { name: "Try again" }).click();
    await expect(dialog.getByRole("alert")).toContainText("This file is not available to you");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
  });
});
