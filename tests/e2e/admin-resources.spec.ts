import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 9: the admin resource engine, through the browser: brokers (list, create with a refusal first, edit, search,
 * table settings, delete) and quick facts (order, and the Quick facts menu showing the result).
 */
test.describe("admin resources", () => {
  test("an administrator adds, edits and deletes a broker", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    // The sidebar lists it (inside the Listings group).
    await page.goto("/admin/dashboard");
    await expect(page.locator('a[href="/admin/brokers"]').first()).toHaveText(/Brokers/);
    await page.goto("/admin/brokers");
    await expect(page.getByRole("heading", { level: 1, name: "Brokers" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-brokers");

    await page.getByRole("link", { name: "Add broker" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add broker" })).toBeVisible();
    await page.getByLabel("Name").fill("Seaside Points Brokerage");
    await page.getByLabel("Website").fill("seaside");
    await page.getByRole("button", { name: "Add broker" }).click();
    // The browser's own check catches the address first; the server's answer shows once it is a URL of another kind.
    await page.getByLabel("Website").fill("ftp://seaside.example");
    await page.getByRole("button", { name: "Add broker" }).click();
    await expect(
      page.getByText("Enter the website as a full address, like https://example.com.").first(),
    ).toBeVisible();
    await expect(page.getByLabel("Website")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await screenshots(page, "admin-brokers-create-refused");

    await page.getByLabel("Website").fill("https://seaside.example");
    await page.getByLabel("Commission text").fill("7% of the sale price, paid at closing");
    await page.getByRole("button", { name: "Add broker" }).click();
    await expect(page).toHaveURL(/\/admin\/brokers$/);
    await expect(page.getByText("Broker “Seaside Points Brokerage” created.").first()).toBeVisible();

    await page.getByRole("searchbox").fill("Seaside");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByRole("link", { name: "Edit Seaside Points Brokerage" }).click();
    await page.getByLabel("Active (shown in the listing filters)").uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(
      page.getByText("Broker “Seaside Points Brokerage” saved: Active (shown in the listing filters).").first(),
    ).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Seaside" })).toContainText("Inactive");

    // The table settings cog shows an optional column.
    await page.getByText("Table settings").click();
    await page.getByLabel("Commission text").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("columnheader", { name: "Commission text" })).toBeVisible();

    page.once("dialog", (d) => d.accept());
    await page.getByRole("button", { name: "Delete Seaside Points Brokerage" }).click();
    await expect(page.getByText("Broker “Seaside Points Brokerage” deleted.").first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Seaside" })).toHaveCount(0);
  });

  test("quick facts: reorder, and the Quick facts menu follows", async ({ page }) => {
    // A long list at 375 px with axe, two screenshots, an import and the public menu: 30 s is too close on CI's lanes.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/quick-facts");
    await expect(page.getByRole("heading", { level: 1, name: "Quick facts" })).toBeVisible();
    await expect(page.getByText(/\d+ \(counted from data\)/).first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-quick-facts");
    await page.getByRole("button", { name: "Move Open since up" }).click();
    await expect(page.getByText("Quick fact “Open since” moved up.").first()).toBeVisible();
    await page.getByRole("button", { name: "Move Open since down" }).click();
    await expect(page.getByText("Quick fact “Open since” moved down.").first()).toBeVisible();
    await page.goto("/admin/quick-facts/import");
    await page.getByLabel("Or paste the CSV text").fill("Fact,Title\nopen_since,X\nno_such_key,Y");
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByRole("alert")).toContainText("problem");
    await expect(
      page
        .getByRole("cell", { name: "Unknown column “Fact”." })
        .or(page.getByRole("cell", { name: /no_such_key|Choose which quick fact/ }).first()),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-quick-facts-import-report");
  });

  test("contact messages: a message's own page marks it read; Mark as unread puts it back", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    // A visitor asks about a listing (the demo has no messages).
    await page.goto("/listing-info/2");
    const form = page.getByRole("region", { name: "Ask about this listing" });
    await form.getByLabel("Your name").fill("Morgan Visitor");
    await form.getByLabel("Email").fill("morgan@example.net");
    await form.getByLabel("Your question").fill("Has the seller banked any points this use year?");
    await form.getByRole("button", { name: "Send my question" }).click();
    await expect(form.getByTestId("question-sent")).toContainText("Your question was sent");
    await signIn(page, DEMO.admin);
    await page.goto("/admin/contact-messages?f.isRead=no");
    await expect(page.getByRole("heading", { level: 1, name: "Contact messages" })).toBeVisible();
    const first = page.getByRole("table", { name: "Contact messages" }).locator("tbody tr").first();
    const subjectLink = first.getByRole("link").first();
    const subject = (await subjectLink.innerText()).trim();
    await subjectLink.click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText("Message", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-contact-message");
    await page.getByRole("button", { name: `Mark as unread: ${subject}` }).click();
    await expect(page.getByText("The message is marked as unread.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/contact-messages$/);
  });
});
