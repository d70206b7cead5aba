import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 32 (decision 0078): the content pages are rows of the pages table. The pages that were code answer at their
 * old addresses with their old headings; an administrator edits one at /admin/frontend-pages and visitors see it;
 * a question related to a page shows in the page's side column.
 */

/** The engine's list of checkboxes of a many-to-many field, which scrolls on its own when it is long. */
const SCROLLING_TICK_LIST = "fieldset .overflow-y-auto";

const MOVED: [path: string, h1: string][] = [
  ["/about-us", "About Vacation Points Market"],
  ["/how-dvc-works", "How DVC works"],
  ["/privacy-policy", "Privacy policy"],
  ["/resale-restrictions", "DVC resale restrictions"],
  ["/selling-fees-associated", "Fees of selling a DVC contract"],
  ["/terms-and-conditions", "Terms and conditions"],
];

test.describe("content pages as data", () => {
  test("each moved page renders at its old address with its old heading, sections and components", async ({ page }) => {
    test.setTimeout(120_000);
    for (const [path, h1] of MOVED) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(h1);
      await expect(page.getByRole("navigation", { name: "Related pages" }), path).toBeVisible();
    }
    // The components the texts place: the commission table, the worked example, the resale rules, the contacts.
    await page.goto("/selling-fees-associated");
    await expect(page.getByRole("table", { name: "Typical seller costs" })).toContainText("Our broker commission");
    await expect(page.getByRole("complementary", { name: "Low closing costs" })).toContainText("Seller receives");
    await expectAccessible(page);
    await screenshots(page, "content-pages-selling-fees");
    await page.goto("/resale-restrictions");
    await expect(page.getByRole("table", { name: "Resale restrictions by date" })).toContainText("2019");
    await page.goto("/about-us#contact");
    await expect(page.locator("#contact")).toContainText("Mon-Sat");
    await expect(page.locator("#escrow")).toContainText("$1,000");
    await expectAccessible(page);
    await screenshots(page, "content-pages-about-us");
    await page.goto("/how-dvc-works");
    await expect(page.locator("#closing ol > li")).toHaveCount(8);
    await expect(page.getByRole("table", { name: "Use years at a glance" })).toBeVisible();
    await screenshots(page, "content-pages-how-dvc-works");
  });

  test("an address with no published page is the not-found page with a 404", async ({ page }) => {
    const res = await page.goto("/a-page-nobody-wrote");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("an administrator edits a page's heading and text; the public page shows them and keeps its components", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/frontend-pages");
    await expect(page.getByRole("heading", { level: 1, name: "Front-end pages" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-frontend-pages-list");
    await page.getByRole("link", { name: "Edit About us", exact: true }).click();
    await page.waitForURL(/\/admin\/frontend-pages\/\d+\/edit$/, { timeout: 30_000 });
    await expect(page.locator("#field-heading")).toHaveValue("About Vacation Points Market", { timeout: 15_000 });
    await expectAccessible(page);
    // The relations' tick lists scroll inside their own box (the check reads a box's hidden rows as covered).
    await screenshots(page, "admin-frontend-pages-edit", { ignore: [SCROLLING_TICK_LIST] });

    await page.locator("#field-heading").fill("About our brokerage");
    // A change in the editor: the text is saved from the editor, with the component it places.
    // The editor is loaded once the page is interactive: its toolbar shows then.
    await expect(page.getByRole("toolbar").first()).toBeVisible({ timeout: 20_000 });
    const editor = page.getByRole("textbox", { name: "Text" });
    await editor.getByText("Outside opening hours").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" We answer within one business day.");
    await page.getByRole("button", { name: /Save/ }).click();
    await page.waitForURL((url) => url.pathname === "/admin/frontend-pages");

    const visitor = await browser.newContext();
    const pub = await visitor.newPage();
    await pub.goto("/about-us");
    await expect(pub.getByRole("heading", { level: 1 })).toHaveText("About our brokerage");
    await expect(pub.getByText("We answer within one business day.")).toBeVisible();
    await expect(pub.locator("#contact")).toContainText("Mon-Sat");
    await expect(pub.locator('[data-embedded="contact-details"] a[href^="mailto:"]')).toBeVisible();
    await visitor.close();

    // Put the heading back for the specs that follow in this lane.
    await page.goto("/admin/frontend-pages");
    await page.getByRole("link", { name: "Edit About us", exact: true }).click();
    await page.waitForURL(/\/admin\/frontend-pages\/\d+\/edit$/, { timeout: 30_000 });
    await page.locator("#field-heading").fill("About Vacation Points Market");
    await page.getByRole("button", { name: /Save/ }).click();
    await page.waitForURL((url) => url.pathname === "/admin/frontend-pages");
  });

  test("a question related to a page shows in the page's side column", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/related-faqs/create");
    await page.getByLabel("Question").fill("Who pays the estoppel fee when a DVC contract is sold?");
    await expect(page.getByRole("toolbar").first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole("textbox", { name: "Answer" }).click();
    await page.keyboard.type("The seller usually pays it, about $150, at closing.");
    await page.locator("#field-audience").selectOption("seller");
    await page.getByRole("checkbox", { name: "Fees of selling a DVC contract" }).check();
    await expectAccessible(page);
    await screenshots(page, "admin-related-faqs-form", { ignore: [SCROLLING_TICK_LIST] });
    await page.getByRole("button", { name: "Add question" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/related-faqs");

    await page.goto("/selling-fees-associated");
    const side = page.getByRole("complementary", { name: "More on this subject" });
    await expect(side.getByRole("heading", { name: "Questions people ask" })).toBeVisible();
    await side.getByText("Who pays the estoppel fee when a DVC contract is sold?").click();
    await expect(side.getByText("The seller usually pays it, about $150, at closing.")).toBeVisible();
    await expect(side.getByRole("link", { name: "FIRPTA withholding for foreign sellers" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "content-pages-side-column");
  });

  test("a landing page opens with its hero and one call to action", async ({ page }) => {
    await page.goto("/sell-your-dvc-contract");
    await expect(
      page.getByRole("heading", { level: 1, name: "Sell your Disney Vacation Club contract" }),
    ).toBeVisible();
    const cta = page.getByRole("link", { name: "List your contract", exact: true });
    await expect(cta).toHaveAttribute("href", "/sign-up/new?role=seller");
    await expect(page.getByRole("heading", { level: 2, name: "What selling here costs" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "landing-page");
    await cta.click();
    await expect(page).toHaveURL(/\/sign-up\/new\?role=seller$/);
  });
});
