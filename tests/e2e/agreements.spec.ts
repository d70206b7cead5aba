import { agreementOutForSignature, vpm } from "./agreement-setup";
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
    const { code, listingId, agreementId } = await agreementOutForSignature(page, "131");

    // The deed upload: a file that only says it is a PDF is refused; the page is linked from the list.
    await page.getByRole("link", { name: "Upload deed" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/agreements/${agreementId}/deed$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Recorded deed: agreement ${vpm(agreementId)}` }),
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
    await expect(
      page.getByRole("heading", { level: 1, name: `Deposit for agreement ${vpm(agreementId)}` }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "No deposit is due" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "deposit-form-not-yet");

    // The administrator cancels with a reason; the listing is for sale again.
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await page.goto(`/admin/agreements?q=${code}`);
    await page.getByRole("textbox", { name: /^Reason for Agreement VPM-/ }).fill("The buyer withdrew before signing");
    await page.getByRole("button", { name: `Cancel for agreement ${vpm(agreementId)}` }).click();
    await expect(
      page.getByText(`Agreement ${vpm(agreementId)} is cancelled; listing ${code} is for sale again.`),
    ).toBeVisible();
    await page.context().clearCookies();
    await page.goto(`/listing-info/${listingId}`);
    await expect(page.getByRole("link", { name: "Make an offer" }).first()).toBeVisible();
  });
});
