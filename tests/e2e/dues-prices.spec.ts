import { expect, expectAccessible, screenshots, test } from "./fixtures";

// Issue 31: the dues and prices pages.

test("the dues calculator works without JavaScript: a GET form whose answer is a URL", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/dvc-annual-dues#calculator");
  const form = page.locator("#calculator");
  await form.getByLabel("Resort").selectOption({ label: "Animal Kingdom Villas" });
  await form.getByLabel("Points in the contract").fill("150");
  await form.getByLabel("Closing month (optional)").selectOption({ label: "May" });
  await form.getByRole("button", { name: "Calculate the dues" }).click();
  await expect(page).toHaveURL(/resort=AKV&points=150/);
  await expect(page.locator("#dues-result")).toContainText("150 points at Animal Kingdom Villas");
  await expect(form.getByRole("table", { name: /Dues year by year/ })).toContainText("Total");
  await expect(form.getByText("The buyer reimburses the seller")).toBeVisible();
  // Bad input: the form again with the field's message.
  await form.getByLabel("Points in the contract").fill("0");
  await form.getByRole("button", { name: "Calculate the dues" }).click();
  await expect(form.getByText(/whole number from 1 to 2,000/)).toBeVisible();
  await context.close();
});

// The direct prices page (two plain tables) is covered by the integration test.
test("the dues, compare and expiration pages are accessible at 375 and 1280 px", async ({ page }) => {
  test.setTimeout(60_000);
  for (const [path, name] of [
    ["/dvc-annual-dues?resort=OKW&points=200&month=9", "dues-calculator"],
    ["/dvc-compare-prices?resort=AKV&points=150", "compare-prices"],
    ["/dvc-expiration-date", "expiration-date"],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expectAccessible(page);
    await screenshots(page, `dues-prices-${name}`);
  }
});
