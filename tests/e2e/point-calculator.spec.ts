import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 31, decision 0073: a visitor prices a stay across a season boundary without JavaScript and follows the
 * contract size to listings; an administrator imports point data as CSV and the calculator prices with it.
 */
const NEXT = new Date().getUTCFullYear() + 1;

test.describe("point calculator", () => {
  test("a visitor prices a stay across a season boundary (no JavaScript) and follows it to listings", async ({
    browser,
    page: withJs,
  }) => {
    test.setTimeout(60_000); // two browsers, axe and screenshots at two widths
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/buying-vacation-point-calculator");
    await expect(page.getByRole("heading", { level: 1, name: "DVC point calculator" })).toBeVisible();
    await page.getByLabel("Resort", { exact: true }).selectOption({ label: "Villas at Grand Californian" });
    await page.getByLabel("Room type", { exact: true }).selectOption({ label: "Deluxe Studio" });
    await page.getByLabel("View", { exact: true }).selectOption({ label: "Standard" });
    // The demo calendar: Adventure until September 30, Choice from October 1.
    await page.getByLabel("Check-in", { exact: true }).fill(`${NEXT}-09-28`);
    await page.getByLabel("Check-out", { exact: true }).fill(`${NEXT}-10-03`);
    await page.getByRole("button", { name: "Price the stay" }).click();
    await expect(page).toHaveURL(/checkIn=\d{4}-09-28/);
    const nights = page.getByRole("table", { name: /Points per night/ });
    await expect(nights.getByRole("row")).toHaveCount(7); // header, 5 nights, total
    await expect(nights).toContainText("Adventure");
    await expect(nights).toContainText("Choice");
    await expect(page.getByTestId("chart-source")).toContainText("Demo chart:");
    await expect(page.getByRole("table", { name: /other resorts/ })).toContainText("Bay Lake Tower");
    // axe runs in the page: the same answer (its URL) with JavaScript on is checked and photographed.
    await withJs.goto(page.url());
    await expectAccessible(withJs);
    await screenshots(withJs, "point-calculator-stay");

    const size = (await page.getByTestId("contract-size").innerText()).replace(/\D/g, "");
    await page.getByRole("link", { name: /See VGC listings of/ }).click();
    await expect(page).toHaveURL(/\/listings\?resort=VGC&points=\d+-\d+/);
    const [min, max] = (new URL(page.url()).searchParams.get("points") ?? "").split("-").map(Number);
    expect(min).toBeLessThanOrEqual(Number(size));
    expect(max).toBeGreaterThanOrEqual(Number(size));
    await context.close();
  });

  test("an administrator imports point data as CSV and the calculator prices with it", async ({ page }) => {
    test.setTimeout(60_000);
    const stay = `resort=aulani&room=deluxe-studio&view=standard&checkIn=${NEXT}-09-14&checkOut=${NEXT}-09-16`;
    await page.goto(`/buying-vacation-point-calculator?${stay}`);
    await expect(page.getByTestId("stay-total")).not.toHaveText("60 points");

    await signIn(page, DEMO.admin);
    await page.goto("/admin/vacation-point-calculator/point-data/import");
    // No id: the row names its combination, which has demo points already, so the import updates them.
    const header = "Resort,Room type,View,Season,Chart year,Sunday-Thursday,Friday-Saturday,Demo data";
    await page
      .getByLabel("Or paste the CSV text")
      .fill(`${header}\nAulani,Deluxe Studio,Standard,Adventure,${NEXT},30,30,no`);
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByRole("status").filter({ hasText: /1/ })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Would be updated" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "point-data-import-check");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("cell", { name: "Updated", exact: true })).toBeVisible();

    await page.goto(`/buying-vacation-point-calculator?${stay}`);
    await expect(page.getByTestId("stay-total")).toHaveText("60 points");
  });
});
