import { expect, expectAccessible, screenshots, test } from "./fixtures";

// Issue 31: the payment calculator and a withholding calculator, used with JavaScript off (GET forms, results
// rendered by the server). axe needs JavaScript, so the result's URL is then checked in a page that has it.

test.describe("finance and tax calculators without JavaScript", () => {
  test("a visitor works out a monthly payment and the closing costs on /dvc-financing", async ({
    page: jsPage,
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/dvc-financing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Financing a resale DVC contract");
    await expect(page.getByTestId("demo-lenders-note")).toContainText("Demo data");
    await page.getByLabel("Contract points").fill("150");
    await page.getByLabel("Price per point").fill("120");
    await page.getByLabel("Resort (for the closing costs)").selectOption({ label: "Animal Kingdom Villas" });
    await page.getByLabel("Down payment", { exact: true }).fill("10");
    await page.getByLabel("Interest rate (APR)").fill("7.99");
    await page.getByLabel("Term", { exact: true }).fill("10");
    await page.getByRole("button", { name: "Calculate the payment" }).click();
    await expect(page).toHaveURL(/points=150/);
    // $18,000, 10% down, $16,200 at 7.99% over 120 months.
    await expect(page.getByTestId("monthly-payment")).toHaveText("$196.47");
    await expect(page.getByTestId("closing-cost-estimate")).toContainText("Florida deed stamps");
    const url = page.url();
    await context.close();
    await jsPage.goto(url);
    await expect(jsPage.getByTestId("monthly-payment")).toHaveText("$196.47");
    await expectAccessible(jsPage);
    await screenshots(jsPage, "finance-payment-calculator");
  });

  test("a foreign seller of an Aulani contract sees both FIRPTA and HARPTA on /harpta", async ({
    page: jsPage,
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/harpta");
    await page.getByLabel("Sale price").fill("16200");
    await page.getByLabel("Closing date").fill("2026-06-01");
    await page.getByLabel("The seller is a foreign person for US tax (FIRPTA)").check();
    await page.getByRole("button", { name: "Calculate the withholding" }).click();
    await expect(page).toHaveURL(/price=16200/);
    await expect(page.getByTestId("withheld-harpta")).toHaveText("− $1,174.50");
    await expect(page.getByTestId("withheld-firpta")).toHaveText("− $2,430");
    const url = page.url();
    await context.close();
    await jsPage.goto(url);
    await expect(jsPage.getByTestId("withheld-firpta")).toBeVisible();
    await expectAccessible(jsPage);
    await screenshots(jsPage, "finance-harpta-calculator");
  });
});
