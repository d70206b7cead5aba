import type { Browser } from "@playwright/test";
import { easternWallTime } from "~/lib/eastern-time";
import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 30, decision 0068: an administrator schedules a header banner in Eastern time; the engine's scheduled job
 * makes it live, and an anonymous visitor (whose home page the page cache kept from before) sees it and opens its
 * details with the keyboard, and without JavaScript.
 */

/** The current minute as US Eastern wall-clock time (`YYYY-MM-DDTHH:mm`), as an administrator would type it. */
const easternNow = () => easternWallTime(new Date());

const TITLE = "Summer points sale";
const TEXT = "Resale contracts at Aulani from $120 per point this week.";
const DETAIL = "Prices are set by the sellers. The sale ends on Sunday at midnight, Eastern time.";

async function anonymousHome(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/");
  return { context, page };
}

test.describe("header banners", () => {
  test("an administrator schedules a banner that starts now; the job makes it live on every public page", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    // The home page as an anonymous visitor sees it, kept by the page cache (decision 0042): no banner yet.
    const before = await anonymousHome(browser);
    await expect(before.page.locator("[data-header-banner]")).toHaveCount(0);
    await before.context.close();

    await signIn(page, DEMO.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/banners");
    await expect(page.getByRole("heading", { level: 1, name: "Header banners" })).toBeVisible();
    await page.getByRole("link", { name: "Add banner" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add banner" })).toBeVisible();
    // The time fields name their zone.
    await expect(page.getByLabel("Starts")).toHaveAttribute("type", "datetime-local");
    await expect(page.getByText("Eastern time").first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-banners-form");

    // Unreadable colours are refused with the reason, and nothing is saved.
    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel("Banner text").fill(TEXT);
    await page.locator("#field-callToActionText").fill("See the details");
    await page.getByLabel("Detail text").fill(DETAIL);
    await page.getByLabel("Text colour").fill("#9ca3af");
    await page.getByLabel("Background colour").fill("#ffffff");
    await page.locator("#field-status").selectOption("scheduled");
    await page.getByLabel("Starts").fill(easternNow());
    await page.getByRole("button", { name: "Add banner" }).click();
    await expect(page.getByText(/must be at least 4\.5 to 1/).first()).toBeVisible();

    // The refused form comes back with what was typed; then the colours are put right.
    await expect(page.getByLabel("Text colour")).toHaveValue("#9ca3af");
    await page.getByLabel("Text colour").fill("#ffffff");
    await page.getByLabel("Background colour").fill("#0c4a6e");
    await page.getByLabel("Starts").fill(easternNow());
    await expect(page.getByLabel("Text colour")).toHaveValue("#ffffff");
    await page.getByRole("button", { name: "Add banner" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/banners");
    await expect(page.getByText(`Banner “${TITLE}” created.`).first()).toBeVisible();

    // The worker runs the start job within seconds: the list shows the banner live.
    await expect
      .poll(
        async () => {
          await page.goto("/admin/banners");
          return page.getByRole("row", { name: new RegExp(TITLE) }).innerText();
        },
        { timeout: 30_000, intervals: [1000] },
      )
      .toContain("Live");
    await expectAccessible(page);
    await screenshots(page, "admin-banners-list");

    // An anonymous visitor: the cached home page moved on with the job's change.
    const after = await anonymousHome(browser);
    const banner = after.page.getByRole("region", { name: "Announcement" });
    await expect(banner).toContainText(TEXT);
    const cta = banner.getByRole("button", { name: "See the details" });
    await cta.focus();
    await after.page.keyboard.press("Enter");
    const dialog = after.page.getByRole("dialog", { name: TITLE });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(DETAIL);
    await expectAccessible(after.page);
    await screenshots(after.page, "public-header-banner-dialog");
    await after.page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(cta).toBeFocused();
    await screenshots(after.page, "public-header-banner");
    await after.context.close();

    // Without JavaScript the call to action is a disclosure that shows the same details.
    const nojs = await anonymousHome(browser, false);
    const plain = nojs.page.getByRole("region", { name: "Announcement" });
    await expect(plain.getByText(DETAIL)).toBeHidden();
    await plain.getByText("See the details").click();
    await expect(plain.getByText(DETAIL)).toBeVisible();
    await nojs.context.close();

    // Back to draft: the banner leaves the site (and the next spec's pages).
    await page.getByRole("link", { name: TITLE, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Edit banner: ${TITLE}` })).toBeVisible();
    await page.locator("#field-status").selectOption("draft");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`Banner “${TITLE}” saved`).first()).toBeVisible();
    const gone = await anonymousHome(browser);
    await expect(gone.page.locator("[data-header-banner]")).toHaveCount(0);
    await gone.context.close();
  });

  test("an administrator ticks the resorts that have a room type, searching the list with the keyboard", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/vacation-point-calculator/rooms");
    await expect(page.getByRole("heading", { level: 1, name: "Room types" })).toBeVisible();
    const cabinRow = () =>
      page.getByRole("row").filter({ has: page.getByRole("link", { name: "Cabin", exact: true }) });
    const cabin = cabinRow();
    await expect(cabin).toContainText("Cabins at Fort Wilderness, Copper Creek Villas & Cabins");
    await expectAccessible(page);
    await screenshots(page, "admin-rooms-list");

    await page.getByRole("link", { name: "Cabin", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit room type: Cabin" })).toBeVisible();
    const group = page.getByRole("group", { name: "Resorts that have this room" });
    await expect(group.getByRole("checkbox", { name: "Copper Creek Villas & Cabins" })).toBeChecked();
    await expectAccessible(page);
    await screenshots(page, "admin-rooms-form");

    // Narrow the list by typing, tick with the space bar, untick Copper Creek the same way.
    await group.getByRole("searchbox").fill("aulani");
    await expect(group.getByRole("checkbox")).toHaveCount(1);
    await group.getByRole("checkbox", { name: "Aulani" }).focus();
    await page.keyboard.press("Space");
    await expect(group.getByText("3 of 17 chosen, 1 shown")).toBeVisible();
    await group.getByRole("searchbox").fill("copper");
    await group.getByRole("checkbox", { name: "Copper Creek Villas & Cabins" }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/Room type “Cabin” saved: .*added Aulani; removed Copper Creek/).first()).toBeVisible();
    await expect(cabinRow()).toContainText("Aulani, Cabins at Fort Wilderness");
  });
});
