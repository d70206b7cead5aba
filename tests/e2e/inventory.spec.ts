import { DEMO, expect, expectAccessible, screenshots, signIn, test, waitForHydration } from "./fixtures";

test.describe("seller inventory", () => {
  test("a seller lists a contract, the admin approves it, the seller deactivates and activates it", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.seller);
    await page.goto("/v2/profile/inventory-for-sale");
    await expect(page.getByRole("heading", { level: 1, name: "Inventory for sale" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Inventory not for sale" }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "inventory-for-sale");

    // The form explains what is wrong before anything is saved.
    await page.getByRole("link", { name: "List a contract" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "List a contract for sale" })).toBeVisible();
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("Choose a resort.")).toBeVisible();
    await expect(page.getByText("Enter the contract points.")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "inventory-new-errors");

    const cents = String(10 + Math.floor(Math.random() * 89));
    await page.getByLabel("Resort").selectOption({ label: "Bay Lake Tower (BLT)" });
    // Issue 27: the comparable asking prices at the chosen resort, and where the seller's price sits as they type.
    const comparables = page.getByTestId("listing-comparables");
    await expect(comparables).toContainText(/listings? (is|are)? ?for sale at this resort|No other listings/);
    await page.getByLabel("Use year").selectOption({ label: "June" });
    await page.getByLabel("Contract points").fill("160");
    await page.getByLabel("Previous (banked)").fill("400");
    await page.getByLabel("Current", { exact: true }).fill("160");
    await page.getByLabel("Next", { exact: true }).fill("160");
    await page.getByLabel("Price per point (US dollars)").fill(`131.${cents}`);
    await expect(comparables).toContainText("Comparable asking prices: Bay Lake Tower");
    await expect(page.getByTestId("listing-price-position")).toContainText(`Your $131.${cents}/pt is`);
    await screenshots(page, "inventory-new-comparables");
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("Banked points can be at most twice the contract (320).")).toBeVisible();
    await page.getByLabel("Previous (banked)").fill("20");
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page).toHaveURL(/\/v2\/profile\/inventory-for-sale$/);
    const toast = page.locator("[data-toast]").filter({ hasText: /Listing VPM-\d+ was submitted/ });
    await expect(toast).toBeVisible();
    const code = (await toast.textContent())?.match(/VPM-\d+/)?.[0] ?? "";
    expect(code).toMatch(/^VPM-\d+$/);
    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row.getByText("Pending review")).toBeVisible();
    await expect(row.getByText(`$131.${cents}`)).toBeVisible();

    // The administrator approves it.
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await page.goto("/admin/pending-listings");
    await expect(page.getByRole("heading", { level: 1, name: "Pending listings" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-pending-listings");
    await page.getByRole("button", { name: `Approve listing ${code}` }).click();
    await expect(page.getByText(`Listing ${code} is approved and live.`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Approve listing ${code}` })).toHaveCount(0);

    // The seller deactivates it with a reason.
    await page.context().clearCookies();
    await signIn(page, DEMO.seller);
    await page.goto("/v2/profile/inventory-for-sale");
    await expect(page.getByRole("row").filter({ hasText: code }).getByText("Active")).toBeVisible();
    await page.getByRole("button", { name: `Deactivate listing ${code}` }).click();
    const dialog = page.getByRole("dialog", { name: `Deactivate listing ${code}` });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole("button", { name: "Deactivate listing" });
    // Issue 13: no complaint before a try; a try without a reason asks for one.
    await expect(dialog.getByText("Please enter reason")).toHaveCount(0);
    await submit.click();
    await expect(dialog.getByText("Please enter reason")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "inventory-deactivate-modal");
    await dialog.getByLabel("Other").check();
    await dialog.getByLabel("Your reason").fill("Keeping it for a family trip");
    await expect(dialog.getByText("Please enter reason")).toHaveCount(0);
    await submit.click();
    // Back on the list it was deactivated from (issue 13), not the profile overview.
    await expect(page).toHaveURL(/\/v2\/profile\/inventory-for-sale$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Listing ${code} was deactivated (Keeping it for a family trip).`)).toBeVisible();

    // It is in Inventory not for sale; activating puts it back on sale.
    await page.getByRole("link", { name: "Inventory not for sale" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Inventory not for sale" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: code }).getByText("Deactivated")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "inventory-not-for-sale");
    await page.getByRole("button", { name: `Activate listing ${code}` }).click();
    await expect(page).toHaveURL(/\/v2\/profile\/inventory-not-for-sale$/);
    await expect(page.getByText(`Listing ${code} is active again.`)).toBeVisible();
    await page.goto("/v2/profile/inventory-for-sale");
    await expect(page.getByRole("row").filter({ hasText: code }).getByText("Active")).toBeVisible();
  });

  test("the deactivate modal works by keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await signIn(page, DEMO.seller2);
    await page.goto("/v2/profile/inventory-for-sale");
    const opener = page.getByRole("button", { name: /^Deactivate listing / }).first();
    await waitForHydration(opener);
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a buyer cannot open the seller inventory", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/v2/profile/inventory-for-sale");
    await expect(page).not.toHaveURL(/inventory-for-sale/);
    await page.goto("/v2/profile/inventory-for-sale/new");
    await expect(page).not.toHaveURL(/inventory-for-sale/);
  });
});

test("another seller and a buyer are refused on a seller's listing, in the page and in the call", async ({
  browser,
  baseURL,
}) => {
  // Three sign-ins in browsers of their own: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  // The owner's first listing, from the owner's own inventory.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO.seller);
  await owner.goto("/v2/profile/inventory-for-sale");
  const edit = owner.getByRole("link", { name: /^Edit listing VPM-/ }).first();
  const editPath = (await edit.getAttribute("href")) ?? "";
  const id = editPath.match(/inventory-for-sale\/(\d+)\/edit/)?.[1];
  expect(id).toBeTruthy();
  await ownerContext.close();

  for (const who of [DEMO.seller2, DEMO.buyer]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, who);
    const response = await page.goto(editPath);
    expect([403, 404]).toContain(response?.status());
    await expect(page.getByLabel("Price per point (US dollars)")).toHaveCount(0);

    const call = await page.request.post("/listings/update", {
      headers: { origin: baseURL ?? "", accept: "application/json" },
      form: { id: String(id), name: "listing_status_id", value: "9", reason: "2" },
    });
    expect(call.status()).toBe(403);
    await context.close();
  }
});
