import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, TAKE_SCREENSHOTS, test, waitForHydration } from "./fixtures";

/**
 * The tool menu's FAQs panel (SPEC section 2 "Right-side tool menu ... related FAQs", issue 32). The demo seed links
 * the seller FAQs on selling costs to /selling-fees-associated (app/db/seed/content/faqs.ts `relatedRoutes`).
 */
/** The list hides below the rail's width while a panel is open: the item is found hidden too (its aria-expanded). */
const faqsItem = (page: Page) =>
  page.getByTestId("tool-menu").getByRole("link", { name: "FAQs for this page", exact: true, includeHidden: true });
const faqsPanel = (page: Page) =>
  page.getByTestId("faqs-panel").and(page.getByRole("region", { name: "FAQs for this page" }));

test.describe("tool menu: FAQs for this page", () => {
  test("lists the page's questions; one opens its answer; Escape closes the panel and focus returns", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/selling-fees-associated");
    const tools = page.getByTestId("tool-menu").getByRole("button", { name: "Tools" });
    await waitForHydration(tools);
    await tools.focus();
    await page.keyboard.press("Enter");
    const faqs = faqsItem(page);
    // aria-expanded is set once the page is interactive: from then on the link opens the panel.
    await expect(faqs).toHaveAttribute("aria-expanded", "false");
    await faqs.focus();
    await page.keyboard.press("Enter");

    const panel = faqsPanel(page);
    await expect(panel).toBeFocused();
    await expect(page).toHaveURL(/\/selling-fees-associated$/);
    await expect(faqs).toHaveAttribute("aria-expanded", "true");
    await expect(faqs).toHaveAttribute("aria-controls", (await panel.getAttribute("id")) ?? "");
    await expect(panel.getByRole("heading", { name: "Questions sellers ask" })).toBeVisible();
    const question = panel.locator("summary", { hasText: "What does it cost to sell my contract?" });
    await expect(question).toBeVisible();
    await expect(panel.locator("summary")).toHaveCount(3);
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(panel.getByText("the estoppel fee, about $150")).toBeVisible();
    await expect(panel.getByRole("link", { name: "See all buyer and seller FAQs" })).toHaveAttribute("href", "/faqs");
    await expectAccessible(page);
    await screenshots(page, "tool-menu-faqs");

    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(faqs).toBeFocused();
    await expect(faqs).toHaveAttribute("aria-expanded", "false");
  });

  test("on a phone, from the Tools tab: a page with none says so and links to every FAQ", async ({ page }) => {
    test.setTimeout(60_000); // axe over the 60 listings of /listings
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/listings");
    await page.getByTestId("mobile-tab-bar").getByRole("button", { name: "Tools" }).click();
    const faqs = faqsItem(page);
    await expect(faqs).toHaveAttribute("aria-expanded", "false");
    await faqs.click();
    const panel = faqsPanel(page);
    await expect(panel.getByText("No questions are linked to this page yet.")).toBeVisible();
    const all = panel.getByRole("link", { name: "See all buyer and seller FAQs" });
    await expect(all).toHaveAttribute("href", "/faqs");
    const box = await panel.boundingBox();
    const bar = await page.getByTestId("mobile-tab-bar").boundingBox();
    expect(box && bar && box.x >= 0 && box.x + box.width <= 375 && box.y + box.height <= bar.y).toBe(true);
    await expectAccessible(page);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: "test-results/screens/tool-menu-faqs-none-phone-375.png" });

    await all.click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(page.getByTestId("faq-list")).toBeVisible();
    await expect(panel).toHaveCount(0);
  });
});

test.describe("tool menu: FAQs without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the rail's FAQs item is a plain link to every FAQ", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 }); // the rail, shown without JavaScript (decision 0049)
    await page.goto("/selling-fees-associated");
    const faqs = faqsItem(page);
    await expect(faqs).toHaveAttribute("href", "/faqs");
    await expect(faqs).not.toHaveAttribute("aria-expanded", /.*/);
    await faqs.click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(page.getByTestId("faq-list")).toBeVisible();
  });
});
