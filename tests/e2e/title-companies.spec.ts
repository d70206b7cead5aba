import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/** Issue 11: an administrator adds a title company and its closing costs through the resource engine's screens. */
test("an administrator adds a title company and a closing cost row", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  await expect(page.locator('a[href="/admin/companies"]').first()).toHaveText(/Title companies/);
  await expect(page.locator('a[href="/admin/companies/costs"]').first()).toHaveText(/Closing costs/);

  await page.goto("/admin/companies");
  await expect(page.getByRole("heading", { level: 1, name: "Title companies" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Magnolia Coast Title" })).toContainText("Default");
  await expectAccessible(page);
  await screenshots(page, "admin-companies");

  await page.getByRole("link", { name: "Add title company" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add title company" })).toBeVisible();
  await page.getByRole("textbox", { name: /^Name/ }).fill("Everglades Escrow & Title");
  await page.getByLabel("Contact name").fill("Riley Gomez");
  await page.getByLabel("Email").fill("closings@everglades-escrow.example.com");
  await page.getByLabel("Phone").fill("(305) 555-0123");
  await page
    .getByLabel("Wire instructions")
    .fill(
      "Bank: Example National Bank\nRouting (ABA): 000555666 (example)\nAccount: 000123456789 (example)\nReference: agreement number",
    );
  await page.getByLabel("Florida (FL)").check();
  await expectAccessible(page);
  await screenshots(page, "admin-companies-create");
  await page.getByRole("button", { name: "Add title company" }).click();
  await expect(page).toHaveURL(/\/admin\/companies$/);
  await expect(page.getByText("Title company “Everglades Escrow & Title” created.").first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Everglades Escrow" })).toContainText("FL");

  await page.goto("/admin/companies/costs");
  await expect(page.getByRole("heading", { level: 1, name: "Closing costs" })).toBeVisible();
  await page.getByRole("link", { name: "Add closing cost row" }).click();
  await page.getByLabel("Title company").selectOption({ label: "Everglades Escrow & Title" });
  await page.getByLabel("Closing fee").fill("295");
  await page.getByLabel("Recording fee").fill("95");
  await page.getByLabel("Title search").fill("150");
  await page.getByLabel("Estoppel fee").fill("150");
  await page.getByRole("button", { name: "Add closing cost row" }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/costs$/);
  await expect(page.getByText(/Closing cost row “#\d+ \(general\)” created\./).first()).toBeVisible();

  // Filter by the company: its one general row.
  await page.getByLabel("Company", { exact: true }).selectOption({ label: "Everglades Escrow & Title" });
  await page.getByRole("button", { name: "Apply" }).click();
  const rows = page.getByRole("row").filter({ hasText: "Everglades Escrow" });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("$295");
  await expectAccessible(page);
  await screenshots(page, "admin-companies-costs");
  // The buyer's total is an optional column (table settings).
  await page.getByText("Table settings").click();
  await page.getByLabel("Buyer pays").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Everglades Escrow" })).toContainText("$540");
});
