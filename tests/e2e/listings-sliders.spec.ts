import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test } from "./fixtures";

const minPoints = (page: Page) => page.getByRole("slider", { name: "Minimum contract points" });
const cardPoints = async (page: Page) =>
  (await page.getByTestId("contract-points").allTextContents()).map((t) => Number(t.replace(/\D/g, "")));

test("the sliders span the data's bounds, and the keyboard moves the minimum contract points", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listings");
  await expect(page.locator("form[data-live=true]")).toBeAttached();
  for (const name of ["contract points", "price per point", "total price", "score", "current-year points percentage"]) {
    await expect(page.getByRole("slider", { name: `Minimum ${name}` })).toBeVisible();
    await expect(page.getByRole("slider", { name: `Maximum ${name}` })).toBeVisible();
  }
  const slider = minPoints(page);
  const lo = Number(await slider.getAttribute("min"));
  const hi = Number(await slider.getAttribute("max"));
  expect(lo).toBeGreaterThan(0);
  expect(hi).toBeGreaterThan(lo);
  await expect(slider).toHaveValue(String(lo));
  const before = await cardPoints(page);
  expect(Math.min(...before)).toBeGreaterThanOrEqual(lo);

  await slider.focus();
  await page.keyboard.press("PageUp");
  await page.keyboard.press("ArrowRight");
  const moved = Number(await slider.inputValue());
  expect(moved).toBeGreaterThan(lo);
  await expect(page.locator("output[for='f-points-lo f-points-hi']")).toHaveText(`${moved} to ${hi}`);
  await expect(page).toHaveURL(new RegExp(`/listings\\?points=${moved}-$`));
  await expect(page.getByLabel("Min").first()).toHaveValue(String(moved));
  // The smallest contract on the page once the new results are in.
  await expect.poll(async () => Math.min(...(await cardPoints(page)))).toBeGreaterThanOrEqual(moved);
  expect((await cardPoints(page)).length).toBeGreaterThan(0);

  // The minimum handle cannot pass the maximum.
  const max = page.getByRole("slider", { name: "Maximum contract points" });
  await max.focus();
  await page.keyboard.press("Home");
  await expect(max).toHaveValue(String(moved));
  await expect(page).toHaveURL(new RegExp(`/listings\\?points=${moved}-${moved}$`));

  // Clear resets the sliders.
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(minPoints(page)).toHaveValue(String(lo));
  await expect(max).toHaveValue(String(hi));
  await expect(page.getByLabel("Min").first()).toHaveValue("");
});

test("a handle moved while the previous results arrive keeps its value, and its search is sent", async ({ page }) => {
  // The page's clock is ours, so the results can arrive inside the second change's 350 ms pause.
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listings");
  await expect(page.locator("form[data-live=true]")).toBeAttached();
  const heading = page.locator("#results-heading");
  const everything = await heading.textContent();
  // The first search's answer is held until the second change has been made.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    /\/listings\.data\?.*points=/,
    async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    },
    { times: 1 },
  );

  const min = minPoints(page);
  const max = page.getByRole("slider", { name: "Maximum contract points" });
  await min.focus();
  await page.keyboard.press("PageUp");
  const sent = page.waitForRequest(/\/listings\.data\?.*points=/);
  await page.clock.runFor(400);
  await sent;
  const moved = Number(await min.inputValue());
  await max.focus();
  await page.keyboard.press("Home");
  await expect(max).toHaveValue(String(moved));
  release();
  await expect(heading).not.toHaveText(everything ?? ""); // the first search's results are shown
  await expect(max).toHaveValue(String(moved));
  await expect(page.getByLabel("Max").first()).toHaveValue(String(moved));

  await page.clock.runFor(400); // the pause ends: the whole form is sent
  await expect(page).toHaveURL(new RegExp(`/listings\\?points=${moved}-${moved}$`));
  await expect(page.locator("output[for='f-points-lo f-points-hi']")).toHaveText(`${moved} to ${moved}`);
  await expect.poll(async () => (await cardPoints(page)).every((p) => p === moved)).toBe(true);
});

test("Back during a change's pause drops the change: the earlier page is shown with its own values", async ({
  page,
}) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listings");
  await expect(page.locator("form[data-live=true]")).toBeAttached();
  const min = minPoints(page);
  const lo = await min.inputValue();
  await min.focus();
  await page.keyboard.press("PageUp");
  await page.clock.runFor(400);
  const moved = await min.inputValue();
  await expect(page).toHaveURL(new RegExp(`/listings\\?points=${moved}-$`));
  await expect(page.getByLabel("Min").first()).toHaveValue(moved);

  // A second move, and Back inside its 350 ms pause: the move is not sent when the pause would have ended.
  await page.keyboard.press("PageUp");
  expect(Number(await min.inputValue())).toBeGreaterThan(Number(moved));
  await page.goBack();
  await expect(page).toHaveURL(/\/listings$/);
  await page.clock.runFor(400);
  await expect(page).toHaveURL(/\/listings$/);
  await expect(min).toHaveValue(lo);
  await expect(page.getByLabel("Min").first()).toHaveValue("");
});

test("without JavaScript the sliders filter through Apply, and untouched sliders add nothing", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listings");
  // Untouched sliders: the clean URL.
  await page.getByRole("checkbox", { name: "Dec" }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/listings\?uy=Dec$/);
  await page.getByRole("checkbox", { name: "Dec" }).uncheck();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/listings$/);

  const slider = minPoints(page);
  const lo = Number(await slider.getAttribute("min"));
  const hi = Number(await slider.getAttribute("max"));
  const target = Math.round((lo + hi) / 4 + lo / 2);
  await slider.fill(String(target));
  await expect(page.locator("output[for='f-points-lo f-points-hi']")).toHaveText(`${lo} to ${hi}`); // no JS: as loaded
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/listings\\?points=${target}-$`));
  await expect(page.locator("output[for='f-points-lo f-points-hi']")).toHaveText(`${target} to ${hi}`);
  const points = await cardPoints(page);
  expect(points.length).toBeGreaterThan(0);
  for (const p of points) expect(p).toBeGreaterThanOrEqual(target);

  // The maximum score handle, with the keyboard: a half-open range on the other side.
  const score = page.getByRole("slider", { name: "Maximum score" });
  await score.focus();
  await page.keyboard.press("PageDown");
  const scoreMax = await score.inputValue();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/listings\\?points=${target}-&score=-${scoreMax}$`));
  await context.close();
});

test("the sliders are accessible and fit at 375 and 1280 px", async ({ page }) => {
  test.setTimeout(60_000); // axe over 60 cards on a busy machine
  await page.goto("/listings?points=100-300&price=10000-");
  await expect(minPoints(page)).toHaveValue("100");
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByText("Filter and sort").click();
  await minPoints(page).focus();
  await screenshots(page, "listings-sliders");
  await expectAccessible(page);
});
