import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test as base } from "@playwright/test";
import { type LayoutCheckOptions, layoutProblems } from "./layout-checks";

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
  // Legacy mode: axe.run in the page itself. The default runs each frame partially and then opens a second page to
  // merge the results (a new page, axe injected again, the results copied over): about half of each call's time on
  // a loaded 2-core machine, for frames of other origins that this app does not have (its only frames, the
  // sandboxed mail previews, are excluded below anyway). Decision 0095.
  let builder = new AxeBuilder({ page }).setLegacyMode().withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
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
 * How long a test waits for a client-side navigation to land (a URL, a heading) where the default 7 s has been seen
 * to run out: two browsers and two servers share CI's two cores, and a page's modules load one import level at a time.
 */
export const NAVIGATION_WAIT = 20_000;

/**
 * Screenshots are for a person to look at: taken on a developer's run, skipped in CI (a full-page capture costs
 * 0.3-1.5 s, about 3 minutes over the suite) unless E2E_SCREENSHOTS=1.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1" || !process.env.CI;

/**
 * At 375 px and 1280 px: the layout checks of layout-checks.ts (nothing wider than the screen, no control or table
 * cell cut off or covered by a fixed bar), and screenshots in test-results/screens. Every screen a spec looks at
 * goes through here, so the checks run on every screen the suite visits (issue 13).
 */
export async function screenshots(page: Page, name: string, opts: LayoutCheckOptions = {}) {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const problems = await layoutProblems(page, opts);
    expect(
      problems.map((p) => `${p.what} ${p.problem}`),
      `layout problems on ${name} (${page.url()}) at ${width} px`,
    ).toEqual([]);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Waits until React has hydrated this element (it carries React's props then): a click before that is the browser's
 * own, e.g. a full page load instead of a client-side navigation. On a loaded 2-core machine hydration can end well
 * after the load event.
 */
export async function waitForHydration(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))), {
      timeout: NAVIGATION_WAIT,
    })
    .toBe(true);
}

/**
 * Signs in through the real sign-in form, as a person does, and waits for the page it lands on. For the tests about
 * signing in and about where a role lands; every other test signs in with signIn below.
 */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
}

/** The origin of the server this test's project (lane) drives. */
export function appOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("no baseURL for this project");
  return new URL(baseURL).origin;
}

/**
 * Signs in with the sign-in form's own post (`POST /sign-in`, the action the form submits, as a browser without
 * JavaScript does), in the page's own cookie jar, without loading the sign-in page or the landing page: the page
 * stays where it was, so the test's first goto is its first page load in the browser (decision 0095). The form itself is covered by
 * signInWithForm's tests (auth.spec.ts, auth-flows.spec.ts). Not better-auth's `/api/auth/sign-in/email`: its own
 * per-address limiter answered 429 to a lane signing in test after test.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const origin = appOrigin();
  // The redirect is followed, as a browser does: the landing page's answer is asked for (not drawn), so whatever the
  // first page after signing in does (a notice shown once, favorites merged) is done before the test's first page.
  const res = await page.request.post(`${origin}/sign-in`, {
    form: { email, password, redirectTo: "" },
    headers: { origin },
  });
  const landed = new URL(res.url()).pathname;
  expect(landed, `sign-in as ${email}: ${res.status()} ${(await res.text()).slice(0, 300)}`).not.toMatch(/^\/sign-in/);
  expect(landed, `${email} has a second factor: use signInWithForm`).not.toMatch(/^\/two-factor/);
  expect(res.status(), `sign-in as ${email}, landing on ${landed}`).toBe(200);
}

export const test = base;
