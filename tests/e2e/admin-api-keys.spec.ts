import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 33: an administrator issues an API key at /admin/apis, sees its secret once, a partner reads the listings feed
 * with it, and once revoked the key is refused.
 */
test("an administrator issues a key, the partner reads the feed with it, and a revoked key is refused", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Partner ${Date.now().toString(36)}`;
  await signIn(page, DEMO.admin);
  await page.goto("/admin/apis");
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  const form = page.getByRole("form", { name: "Issue a key" });
  // Nothing chosen to read: refused with the field's message, nothing issued.
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Requests a minute").fill("30");
  await form.getByRole("button", { name: "Issue the key" }).click();
  await expect(page.getByText("Choose what the key may read.").first()).toBeVisible();
  await form.getByLabel("May read active listings").check();
  await form.getByRole("button", { name: "Issue the key" }).click();
  const secret = page.getByTestId("revealed-value");
  await expect(secret).toHaveValue(/^vpm_/);
  const value = await secret.inputValue();
  // A success, so no error box above it.
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, "admin-api-key-issued");

  // The partner's call.
  const ok = await request.get("/api/v1/listings", { headers: { authorization: `Bearer ${value}` } });
  expect(ok.status()).toBe(200);
  expect((await ok.json()).data.length).toBeGreaterThan(0);
  expect((await request.get("/api/v1/market/prices", { headers: { authorization: `Bearer ${value}` } })).status()).toBe(
    403,
  );

  // Shown once: the list, opened again, has the prefix and its use, never the secret.
  await page.goto(`/admin/apis?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("revealed-value")).toHaveCount(0);
  await expect(page.getByText(value.slice(0, 12)).first()).toBeVisible();
  expect(await page.content()).not.toContain(value);

  // Revoked (after the confirmation): the next call is refused.
  await page.locator(`summary[aria-label="Revoke the key ${name}…"]`).click();
  await page.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(page.getByText(`API key “${name}” revoked.`).first()).toBeVisible();
  const refused = await request.get("/api/v1/listings", { headers: { authorization: `Bearer ${value}` } });
  expect(refused.status()).toBe(401);
});
