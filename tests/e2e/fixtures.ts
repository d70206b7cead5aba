import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test as base } from "@playwright/test";

export { expect };

export const DEMO_PASSWORD = "demopass";
export const DEMO = {
  admin: "admin@example.com",
  writer: "writer@example.com",
  seniorWriter: "senior.writer@example.com",
  seller: "seller@example.com",
  seller2: "seller2@example.com",
  buyer: "buyer@example.com",
  buyer2: "buyer2@example.com",
} as const;

/** Axe must find no serious or critical violation on a page. */
export async function expectAccessible(page: Page, opts: { exclude?: string[] } = {}) {
  // A toast sliding in is half transparent; judge it once its transition has ended.
  await page
    .locator("[data-toast]")
    .evaluateAll((els) => Promise.all(els.flatMap((el) => el.getAnimations({ subtree: true }).map((a) => a.finished))));
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  // axe cannot enter a sandboxed iframe (the mail log shows messages in one): exclude it explicitly.
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

/**
 * Screenshots are for a person to look at: taken on a developer's run, skipped in CI (a full-page capture costs
 * 0.3-1.5 s, about 3 minutes over the suite) unless E2E_SCREENSHOTS=1.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1" || !process.env.CI;

/** At 375 px and 1280 px: nothing wider than the screen, and screenshots in test-results/screens. */
export async function screenshots(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing may push the page wider than the screen.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${page.url()} is wider than ${width} px`).toBeLessThanOrEqual(width);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Signs in through the real sign-in form. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
}

export const test = base;
