import { DEMO, DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 3: an administrator edits a resort's annual dues (and sees scores being recomputed). The spec changes
 * Vero Beach's dues by one cent and puts them back at the end, so other specs see the demo values.
 */
test.describe("admin: resort annual dues and end years", () => {
  test("an administrator changes a resort's dues, sees the toast and the new value", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);

    // The admin menu leads there (the sidebar and the phone's menu drawer both hold the link).
    await page.goto("/admin/dashboard");
    await expect(page.locator('a[href="/admin/resorts/annual-dues"]').first()).toHaveText(/Annual dues/);

    await page.goto("/admin/resorts/annual-dues");
    await expect(page.getByRole("heading", { level: 1, name: "Annual dues" })).toBeVisible();
    const table = page.getByRole("table", { name: "Resorts, their dues and end years" });
    await expect(table.getByRole("row")).toHaveCount(18); // the header and 17 resorts (not the interval entry)
    await expect(table).toContainText("Jan 31, 2057");
    await expectAccessible(page);
    await screenshots(page, "admin-resorts-annual-dues");

    const edit = page.getByRole("link", { name: "Edit Vero Beach", exact: true });
    await edit.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/resorts\/annual-dues\/vero-beach\/edit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Edit resort: Vero Beach" })).toBeVisible();
    const dues = page.getByLabel("Annual dues per point (US dollars)");
    const original = await dues.inputValue();
    expect(original).toMatch(/^\d+\.\d\d$/);
    const changed = (Number(original) + 0.01).toFixed(2);

    // Bad input: a clear message, nothing saved.
    await dues.fill("0");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Enter the annual dues per point in dollars, from $0.01 to $50").first()).toBeVisible();
    await expect(dues).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await screenshots(page, "admin-resorts-annual-dues-edit");

    await dues.fill(changed);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/admin\/resorts\/annual-dues$/);
    await expect(
      page.getByText(`(US dollars) ($${original} → $${changed}). Scores are being recomputed.`).first(),
    ).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "Vero Beach" });
    await expect(row).toContainText(`$${changed}`);
    await expectAccessible(page);
    await screenshots(page, "admin-resorts-annual-dues-saved");

    // Put the demo value back.
    await page.goto("/admin/resorts/annual-dues/vero-beach/edit");
    await page.getByLabel("Annual dues per point (US dollars)").fill(original);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`($${changed} → $${original})`).first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Vero Beach" })).toContainText(`$${original}`);
  });

  test("an administrator uploads the company's photo for a resort; it replaces the illustration until removed", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/resorts/annual-dues/hilton-head-island/edit");
    const sharp = (await import("sharp")).default;
    const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#2f7a8a" } })
      .jpeg()
      .toBuffer();
    // A file that is not an image is refused with a clear message.
    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("not an image"),
    });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Photo must be a PNG, JPEG or WebP image.").first()).toBeVisible();
    await page.goto("/admin/resorts/annual-dues/hilton-head-island/edit");
    await page
      .getByLabel("Photo", { exact: true })
      .setInputFiles({ name: "hhi.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/admin\/resorts\/annual-dues$/);
    await expect(page.getByText("Resort “Hilton Head Island” saved: Photo.").first()).toBeVisible();

    await page.goto("/resorts/hilton-head-island");
    const picture = page.getByRole("img", { name: "Photo of Hilton Head Island" });
    await expect(picture).toHaveAttribute("data-photo", "yes");
    const uploaded = picture.locator("img").nth(1);
    await expect(uploaded).toHaveAttribute("src", /^\/media\/resorts\/[a-f0-9]{16}\.webp$/);
    await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await expectAccessible(page);
    await screenshots(page, "resort-with-photo");

    // Removed: the illustration is back.
    await page.goto("/admin/resorts/annual-dues/hilton-head-island/edit");
    await page.getByLabel("Remove the current photo").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/admin\/resorts\/annual-dues$/);
    await page.goto("/resorts/hilton-head-island");
    await expect(page.getByRole("img", { name: /^An illustration of Hilton Head Island/ })).toHaveAttribute(
      "data-photo",
      "no",
    );
  });

  test("without JavaScript the server judges the form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(DEMO.admin);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin\//);
    await page.goto("/admin/resorts/annual-dues/old-key-west/edit");
    const end = page.getByLabel("Contract end year");
    await end.fill("2060");
    await page.getByLabel("Extended end year (optional)").fill("2050");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("The extended end year cannot be before the contract end year.").first()).toBeVisible();
    await context.close();
  });

  test("a writer is sent away", async ({ page }) => {
    await signIn(page, DEMO.writer);
    await page.goto("/admin/resorts/annual-dues");
    await expect(page).not.toHaveURL(/annual-dues/);
  });
});
