import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/** Issue 11: the administrator edits the contract's section 2, previews it, saves it, and restores the default. */
const EDITED = `This addendum is part of agreement {{ agreement_number }} for {{ points }} points at {{ resort_name }}.

## Resale restrictions
{% for r in restrictions %}- {{ r.title }}
{% endfor %}
## Membership extras
Direct-purchase extras do not pass to a resale buyer.`;

test("an administrator edits section 2, previews it, saves it and restores the default", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  await expect(page.locator('a[href="/admin/contract-sections"]').first()).toHaveText(/Contract sections/);

  await page.goto("/admin/contract-sections");
  await expect(page.getByRole("heading", { level: 1, name: "Contract sections" })).toBeVisible();
  await expect(
    page.getByText("A sealed contract never changes: its signed PDF is kept as it was sealed."),
  ).toBeVisible();
  const s2 = page.getByRole("region", { name: "Section 2: Resale addendum" });
  await expect(s2.getByLabel("Text")).toHaveValue(/This addendum is part of agreement/);
  await s2.getByText("The variables this section may use").click();
  await expect(s2.getByText("The resort's code (AKV, BLT ...)")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-contract-sections");

  // A bad template is refused next to the field.
  await s2.getByLabel("Text").fill("Hello {{ nope }}");
  await s2.getByRole("button", { name: "Save section 2" }).click();
  await expect(s2.getByText("The template has no variable “nope”.")).toBeVisible();

  await s2.getByLabel("Text").fill(EDITED);
  await s2.getByRole("button", { name: "Preview" }).click();
  const preview = s2.getByTestId("contract-section-2-preview");
  await expect(preview).toContainText("for 160 points at Bay Lake Tower at Disney's Contemporary Resort.");
  await expect(preview.getByRole("listitem").first()).toHaveText("No Disney, Concierge or Adventurer Collections");
  await expect(preview.getByRole("heading", { level: 4, name: "Resale restrictions" })).toBeVisible();
  await expect(s2.getByLabel("Text")).toHaveValue(EDITED);
  await expectAccessible(page);
  await s2.scrollIntoViewIfNeeded();
  await screenshots(page, "admin-contract-sections-preview");

  await s2.getByRole("button", { name: "Save section 2" }).click();
  await expect(
    page.getByText("Contract section 2 (Resale addendum) saved. Agreements sent from now on use this text.").first(),
  ).toBeVisible();
  const saved = page.getByRole("region", { name: "Section 2: Resale addendum" });
  await expect(saved.getByText("Edited", { exact: true })).toBeVisible();
  await expect(saved.getByLabel("Text")).toHaveValue(EDITED);
  await expectAccessible(page);

  // Leave the default in place for the other tests.
  await saved.getByRole("button", { name: "Restore the default" }).click();
  await expect(
    page.getByText("Contract section 2 (Resale addendum) is back to the default text.").first(),
  ).toBeVisible();
  const restored = page.getByRole("region", { name: "Section 2: Resale addendum" });
  await expect(restored.getByText("Default text", { exact: true })).toBeVisible();
  await expect(restored.getByLabel("Text")).toHaveValue(/Membership extras that the developer offers/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the preview and a refused save work as plain posts", async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto("/admin/contract-sections");
    const s1 = page.getByRole("region", { name: "Section 1: Purchase agreement" });
    await s1.getByLabel("Text").fill("Agreement {{ agreement_number }} for {{ points }} points.");
    await s1.getByRole("button", { name: "Preview" }).click();
    const again = page.getByRole("region", { name: "Section 1: Purchase agreement" });
    await expect(again.getByTestId("contract-section-1-preview")).toHaveText("Agreement VPM-000123 for 160 points.");
    await expect(again.getByLabel("Text")).toHaveValue("Agreement {{ agreement_number }} for {{ points }} points.");
    await again.getByLabel("Text").fill("{% if harpta_applies %}Hawaii");
    await again.getByRole("button", { name: "Save section 1" }).click();
    await expect(page.getByText(/The template cannot be read:/)).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Section 1: Purchase agreement" }).getByText("Default text"),
    ).toBeVisible();
  });
});
