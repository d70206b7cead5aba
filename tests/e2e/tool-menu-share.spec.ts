import type { Page } from "@playwright/test";
import {
  DEMO,
  expect,
  expectAccessible,
  screenshots,
  signIn,
  TAKE_SCREENSHOTS,
  test,
  waitForHydration,
} from "./fixtures";

const NOT_LISTING_PAGE = "You are not at single listing page, you cannot share this page.";

/** The first active listing of the search call, as the detail pages name it. */
async function firstListingId(page: Page) {
  const res = await page.request.post("/api/dvc-broker-listings", { data: { page: 1 } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { id: number }[] };
  return body.data[0].id;
}

/** What a visitor sees of a fixed panel or a dialog: the viewport at 375 and 1280 px (beside the full-page shots). */
async function viewportScreens(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}-view-${width}.png` });
  }
  if (original) await page.setViewportSize(original);
}

const toolMenu = (page: Page) => page.getByRole("navigation", { name: "Tools" });

/** From 88rem (1408 px) the tools are a rail in the right gutter, always shown (decision 0049). */
const RAIL_WIDTH = 1440;

test.describe("right-side tool menu", () => {
  test("is on a front-end page with its tools; Contact shows the email, both phones and the hours", async ({
    page,
  }) => {
    await page.setViewportSize({ width: RAIL_WIDTH, height: 900 });
    await page.goto("/about-us");
    const menu = toolMenu(page);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("button", { name: "Print" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "My favorites" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Compare" })).toHaveAttribute("href", "/compare");
    await expect(menu.getByRole("button", { name: "Share with a friend" })).toBeVisible();
    // The rail floats in the gutter beside the page's content, and the page keeps the whole width (issue 13).
    const rail = await menu.boundingBox();
    const content = await page.locator("main .max-w-3xl, main .max-w-7xl").first().boundingBox();
    expect(rail && content && content.x + content.width <= rail.x).toBe(true);
    const main = await page.locator("main").boundingBox();
    expect(main && Math.round(main.x + main.width)).toBe(RAIL_WIDTH);

    const contact = menu.getByRole("button", { name: "Contact" });
    await expect(contact).toHaveAttribute("aria-expanded", "false");
    await contact.click();
    await expect(contact).toHaveAttribute("aria-expanded", "true");
    const panel = page.getByTestId("contact-panel").and(page.getByRole("region", { name: "Contact us" }));
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "hello@vacationpointsmarket.test" })).toHaveAttribute(
      "href",
      "mailto:hello@vacationpointsmarket.test",
    );
    await expect(panel.getByRole("link", { name: "Toll-free (800) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+18005550142",
    );
    await expect(panel.getByRole("link", { name: "Local (407) 555-0186" })).toHaveAttribute("href", "tel:+14075550186");
    await expect(panel).toContainText("Mon-Sat9am-9pm Eastern");
    await expect(panel).toContainText("Sun10am-6pm Eastern");
    await expectAccessible(page);
    await screenshots(page, "tool-menu-contact");
    await viewportScreens(page, "tool-menu-contact");

    // A click elsewhere closes the panel.
    await page.locator("main h1").first().click();
    await expect(panel).toHaveCount(0);
  });

  test("at 1280 px a round Tools button opens the list above it; Escape closes it and focus returns", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/about-us");
    const menu = toolMenu(page);
    const tools = page.getByTestId("tool-menu").getByRole("button", { name: "Tools" });
    await expect(menu).toBeHidden();
    await waitForHydration(tools);
    await tools.focus();
    await page.keyboard.press("Enter");
    await expect(tools).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    const list = await menu.boundingBox();
    const button = await tools.boundingBox();
    expect(list && button && list.y + list.height <= button.y && list.x + list.width <= 1280).toBe(true);
    await expectAccessible(page);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/tool-menu-launcher-open-1280.png" });
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(tools).toBeFocused();
    // Contact from the list: the panel takes the list's place, and Escape goes back to the list's Contact.
    await tools.click();
    await menu.getByRole("button", { name: "Contact" }).click();
    const panel = page.getByTestId("contact-panel");
    await expect(panel).toBeVisible();
    await expect(menu).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(menu.getByRole("button", { name: "Contact" })).toBeFocused();
  });

  test("keyboard: Tab to the menu, Enter opens Contact, Escape closes it and focus returns", async ({ page }) => {
    await page.setViewportSize({ width: RAIL_WIDTH, height: 900 });
    await page.goto("/");
    const contact = toolMenu(page).getByRole("button", { name: "Contact" });
    for (let i = 0; i < 40 && !(await contact.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(contact).toBeFocused();
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("contact-panel").and(page.getByRole("region", { name: "Contact us" }));
    await expect(panel).toBeVisible();
    await expect(panel).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("button", { name: "Close contact panel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(contact).toBeFocused();
    await expect(contact).toHaveAttribute("aria-expanded", "false");
  });

  test("on a phone the tab bar's Tools tab opens the menu above the bar without overflowing", async ({ page }) => {
    test.setTimeout(90_000); // axe over the 60 listings of /listings, twice
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/listings");
    const tabBar = page.getByTestId("mobile-tab-bar");
    const tools = tabBar.getByRole("button", { name: "Tools" });
    const menu = toolMenu(page);
    await expect(tools).toBeVisible();
    await expect(menu).toBeHidden();
    // Nothing floats over the page on a phone: the round Tools button is for wider screens.
    await expect(page.getByTestId("tool-menu").getByRole("button", { name: "Tools" })).toBeHidden();

    await waitForHydration(tools); // a click before React has the tab does nothing (CI, once)
    await tools.click();
    await expect(tools).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    const list = await menu.boundingBox();
    const bar = await tabBar.boundingBox();
    expect(list && list.x >= 0 && list.x + list.width <= 375 && list.y >= 0).toBe(true);
    expect(list && bar && list.y + list.height <= bar.y).toBe(true);
    await expectAccessible(page);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/tool-menu-phone-open-375.png" });
    await menu.getByRole("button", { name: "Contact" }).click();
    const panel = page.getByTestId("contact-panel").and(page.getByRole("region", { name: "Contact us" }));
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("(800) 555-0142");
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await expectAccessible(page);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/tool-menu-contact-phone-375.png" });

    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(menu.getByRole("button", { name: "Contact" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(tools).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("is hidden when printing", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await page.emulateMedia({ media: "print" });
    await expect(toolMenu(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Tools" })).toBeHidden();
  });
});

test.describe("share with a friend", () => {
  test("outside a listing page, Share says the page cannot be shared", async ({ page }) => {
    await page.setViewportSize({ width: RAIL_WIDTH, height: 900 });
    await page.goto("/about-us");
    const share = toolMenu(page).getByRole("button", { name: "Share with a friend" });
    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share with a friend" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("alert")).toHaveText(NOT_LISTING_PAGE);
    await expect(dialog.getByLabel("Your name")).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Browse listings" })).toHaveAttribute("href", "/listings");
    await expectAccessible(page);
    await screenshots(page, "share-not-listing-page");
    await viewportScreens(page, "share-not-listing-page");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();
  });

  test("the share call mails the friend: the message lands in the outbox", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto("/");
    const origin = new URL(page.url()).origin;
    const id = await firstListingId(page);
    const ok = await page.request.post("/api/share-this-listing", {
      data: {
        name: "Jordan Blake",
        email: "e2e-friend@example.org",
        listing_url: `${origin}/listing-info/${id}`,
        message: "Worth a look.",
      },
      headers: { origin },
    });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({
      success: true,
      message: "You have successfully shared this listing with your friend.",
    });
    const missing = await page.request.post("/api/share-this-listing", {
      data: { name: "", email: "e2e-friend@example.org", listing_url: `/listing-info/${id}`, message: "Hi" },
      headers: { origin },
    });
    expect(missing.status()).toBe(400);
    expect((await missing.json()).error).toBe("All fields are required");
    const crossSite = await page.request.post("/api/share-this-listing", {
      data: { name: "Jordan", email: "e2e-friend@example.org", listing_url: `/listing-info/${id}`, message: "Hi" },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);
    expect((await page.request.get("/api/share-this-listing")).status()).toBe(405);

    await signIn(page, DEMO.admin);
    await page.goto("/admin/mail");
    const row = page
      .getByRole("table", { name: "Outgoing messages" })
      .getByRole("row", { name: /e2e-friend@example\.org/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Jordan Blake shared a");
  });

  test("on a listing page: validation toast, then a successful share closes the dialog", async ({ page }) => {
    await page.setViewportSize({ width: RAIL_WIDTH, height: 900 });
    await page.goto("/");
    const id = await firstListingId(page);
    const res = await page.goto(`/listing-info/${id}`);
    expect(res?.status()).toBe(200);

    const share = toolMenu(page).getByRole("button", { name: "Share with a friend" });
    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share with a friend" });
    await expect(dialog.getByLabel("Message")).toHaveValue("I would like to recommend this listing.");
    await expect(dialog.getByLabel("Send to email")).toHaveAttribute("type", "email");
    await dialog.getByRole("button", { name: "Send to my friend" }).click();
    // The toast shows inside the modal dialog (the page behind it is inert), and can be closed there.
    const warning = dialog.locator("[data-toast]").filter({ hasText: "All fields are required" });
    await expect(warning).toBeVisible();
    // Focus on the toast pauses its 7 s timer, so the checks and pictures below (slow on a loaded machine) find it.
    await warning.getByRole("button", { name: "Close notification" }).focus();
    await expect(dialog.getByText("Enter your name.")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "share-dialog-listing");
    await viewportScreens(page, "share-dialog-listing");
    await warning.getByRole("button", { name: "Close notification" }).click();
    await expect(warning).toBeHidden();

    await dialog.getByLabel("Your name").fill("Casey Morgan");
    await dialog.getByLabel("Send to email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Send to my friend" }).click();
    await expect(dialog.getByText("Email address is invalid, enter correct email.")).toBeVisible();

    await dialog.getByLabel("Send to email").fill("listing-friend@example.org");
    await dialog.getByRole("button", { name: "Send to my friend" }).click();
    await expect(page.getByText("You have successfully shared this listing with your friend.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();
    await share.click();
    await expect(dialog.getByLabel("Your name")).toHaveValue("");
  });
});
