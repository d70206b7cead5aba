import { DEMO, expect, expectAccessible, screenshots, signInWithForm, test } from "./fixtures";

test.describe("offer dashboard settings", () => {
  test("an administrator sets the dashboard's starting tab and extra columns; the dashboard opens that way", async ({
    page,
  }) => {
    // Two accessibility checks and two screenshot sets at two widths: 31-32 s on a loaded 2-core machine.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithForm(page, DEMO.admin);
    await page.waitForURL((url) => url.pathname === "/admin/offer-dashboard");
    await page.getByRole("link", { name: "Dashboard defaults" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Offer dashboard settings" })).toBeVisible();

    // A bad number is refused with its message, and nothing changes.
    await page.getByLabel("Only offers of the last (days)").fill("99999");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Enter a whole number of days from 0 to 3,650.")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-od-settings");

    await page.getByLabel("Only offers of the last (days)").fill("0");
    await page.getByLabel("Opens on the tab").selectOption({ label: "Waiting for the seller" });
    await page.getByLabel("Expires").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/offer-dashboard");
    await expect(page.getByText(/Offer dashboard settings saved: it opens on Waiting for the seller/)).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Status tabs" });
    await expect(tabs.getByRole("link", { name: /^Waiting for the seller \d+/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // A column in the table; at this width it gives way to the columns that matter more and shows under each
    // offer's number (decision 0048).
    await expect(page.getByRole("columnheader", { name: /Expires/, includeHidden: true })).toHaveCount(1);
    await expect(
      page
        .getByRole("table")
        .getByText(/^Expires/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    // "All" still shows every offer.
    await tabs.getByRole("link", { name: /^All \d+/ }).click();
    await expect(tabs.getByRole("link", { name: /^All/ })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    await screenshots(page, "admin-offer-dashboard-tabs");

    // Put the defaults back for the other tests.
    await page.goto("/admin/od-settings");
    await page.getByLabel("Opens on the tab").selectOption({ label: "All offers" });
    await page.getByLabel("Expires").uncheck();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/offer-dashboard");
  });
});
