import { expect, test } from "./fixtures";

/**
 * Decision 0116: a page is sent with the routes its links and forms lead to, so React Router's discovery after
 * hydration finds nothing new and does not render the page a second time. Each page's question to `/__manifest` is
 * answered with routes the page already had; a link followed afterwards still navigates in the page.
 */
for (const path of ["/", "/listings", "/resorts/old-key-west", "/how-dvc-works"]) {
  test(`${path}: the manifest it is sent with holds every route its links discover`, async ({ page }) => {
    const discovered = page.waitForResponse((r) => new URL(r.url()).pathname === "/__manifest");
    const response = await page.goto(path);
    const html = (await response?.text()) ?? "";
    const sent = /window\.__reactRouterManifest = ([\s\S]*?);\n/.exec(html)?.[1];
    const sentIds = Object.keys(JSON.parse(sent ?? "{}").routes ?? {});
    const answer = Object.keys(await (await discovered).json());
    expect(answer.length).toBeGreaterThan(0);
    expect(answer.filter((id) => !sentIds.includes(id))).toEqual([]);
  });
}

test("a link to a route the page was sent with navigates without a page load", async ({ page }) => {
  await page.goto("/listings");
  await expect(page.locator("form[data-live=true]")).toBeAttached(); // hydrated
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.locator("a[href^='/listing-info/']").first().click();
  await expect(page).toHaveURL(/\/listing-info\/\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
