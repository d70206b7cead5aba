import { agreementOutForSignature, vpm } from "./agreement-setup";
import { DEMO, expect, expectAccessible, screenshots, signIn, TAKE_SCREENSHOTS, test } from "./fixtures";

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
    const { agreementId } = await agreementOutForSignature(page, "132");

    // The buyer's signing page at 375 px: the download link, and View next to it.
    await page.context().clearCookies();
    await signIn(page, DEMO.buyer2);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/v2/profile/agreements/${agreementId}/sign`);
    await expect(page.getByRole("link", { name: "Download the contract (PDF)" })).toBeVisible();
    const view = page.getByRole("button", { name: "View the contract" });
    await view.click();
    const dialog = page.getByRole("dialog", { name: `Contract, agreement ${vpm(agreementId)}` });
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
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/pdf-viewer-dialog-375.png" });

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
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/pdf-viewer-dialog-1280.png" });

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
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/pdf-viewer-error-375.png" });
    await page.unroute("**/contract.pdf?inline=1");
    await page.route("**/contract.pdf?inline=1", (route) => route.fulfill({ status: 404, body: "Not found" }));
    await dialog.getByRole("button", { name: "Try again" }).click();
    await expect(dialog.getByRole("alert")).toContainText("This file is not available to you");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
  });
});
