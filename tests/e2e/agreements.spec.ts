import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 11, the agreement pages. A seller lists a Saratoga Springs contract, an administrator approves it, a buyer
 * offers the asking price and the seller accepts: the agreement. The administrator sends it to sign from
 * /admin/agreements; the buyer's agreement page shows the deal timeline with "Your signature is needed" as the
 * current step (signing screens come later). The deposit form says no deposit is due yet, the deed upload refuses a
 * file that is not a PDF, and the administrator cancels with a reason: the listing is for sale again.
 */
test.describe("agreement pages", () => {
  test("from an accepted offer to the timeline, the deposit form, the deed upload and a cancellation", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const cents = String(10 + Math.floor(Math.random() * 89));
    const price = `131.${cents}`;

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

    // The deed upload: a file that only says it is a PDF is refused; the page is linked from the list.
    await page.getByRole("link", { name: "Upload deed" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/agreements/${agreementId}/deed$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Recorded deed: agreement #${agreementId}` }),
    ).toBeVisible();
    await page.getByLabel("Deed (PDF)").setInputFiles({
      name: "deed.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><body>not a deed</body></html>"),
    });
    await page.getByRole("button", { name: "Upload the deed" }).click();
    await expect(page.getByText("That file is not a PDF: upload the recorded deed as a PDF.").first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-agreement-deed");

    // The buyer's agreement page: the timeline, the current step "Your signature is needed".
    await page.context().clearCookies();
    await signIn(page, DEMO.buyer2);
    await page.goto(`/v2/profile/agreements/${agreementId}`);
    const timeline = page.getByRole("region", { name: "Deal timeline" });
    await expect(timeline.getByRole("list")).toBeVisible();
    const current = timeline.locator('li[aria-current="step"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText("Contract signed by both");
    await expect(current).toContainText("Your signature is needed");
    await expect(timeline.locator("li").first()).toContainText("Offer accepted");
    await expect(timeline).toContainText(/Expected dates are estimates (from|typical)/);
    await expect(page.getByRole("heading", { name: "Closing statement (estimate)" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Buyer's side" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Seller's side" })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "agreement-buyer");

    // The deposit form: nothing due before both sign.
    await page.goto(`/profile/deposit-form/${agreementId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Deposit for agreement #${agreementId}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No deposit is due" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "deposit-form-not-yet");

    // The administrator cancels with a reason; the listing is for sale again.
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await page.goto(`/admin/agreements?q=${code}`);
    await page.getByRole("textbox", { name: /^Reason for Agreement #/ }).fill("The buyer withdrew before signing");
    await page.getByRole("button", { name: `Cancel for agreement #${agreementId}` }).click();
    await expect(
      page.getByText(`Agreement #${agreementId} is cancelled; listing ${code} is for sale again.`),
    ).toBeVisible();
    await page.context().clearCookies();
    await page.goto(`/listing-info/${listingId}`);
    await expect(page.getByRole("link", { name: "Make an offer" }).first()).toBeVisible();
  });
});
