import { copyFileSync, mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, TAKE_SCREENSHOTS, test } from "./fixtures";

/**
 * Issue 10, the make-offer flow as plain pages (JavaScript off): a visitor opens /make-offer/{id}, signs in and comes
 * back, gives the details the contract needs (the address step), sends a low offer and confirms it on the low step,
 * and sees what happens next; the seller counters, the buyer accepts, and both see it accepted. With JavaScript on,
 * the same success page is a modal dialog. The listing is this spec's own (a seller lists it, an administrator
 * approves it), so accepting an offer on it changes no other spec's listing.
 */

const SHOTS = "docs/screenshots";

/** The fixtures' screenshots at 375 and 1280 px, also kept in docs/screenshots for the issue. */
async function keepScreens(page: Page, name: string) {
  await screenshots(page, name);
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const w of [375, 1280]) copyFileSync(`test-results/screens/${name}-${w}.png`, `${SHOTS}/${name}-${w}.png`);
}

async function signInHere(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
}

/**
 * axe runs inside the page, which a page without JavaScript cannot do: the page as served (its scripts taken out)
 * is checked in a page of the same origin that runs JavaScript.
 */
async function expectAccessibleNoJs(browser: Browser, page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const checker = await context.newPage();
  await checker.goto("/api/health");
  await checker.setContent(html, { waitUntil: "load" });
  await expect(checker.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(checker);
  await context.close();
}

let listingId = "";
let offerPath = "";

test.describe("making an offer without JavaScript", () => {
  test.describe.configure({ mode: "serial" });

  test("a seller's new listing is approved (the listing this spec negotiates on)", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.seller);
    await page.goto("/v2/profile/inventory-for-sale/new");
    await page.getByLabel("Resort").selectOption({ label: "Vero Beach (VB)" });
    await page.getByLabel("Use year").selectOption({ label: "October" });
    await page.getByLabel("Contract points").fill("175");
    await page.getByLabel("Previous (banked)").fill("0");
    await page.getByLabel("Current", { exact: true }).fill("175");
    await page.getByLabel("Next", { exact: true }).fill("175");
    await page.getByLabel("Price per point (US dollars)").fill("141.25");
    await page.getByRole("button", { name: "Submit for review" }).click();
    const toast = page.locator("[data-toast]").filter({ hasText: /Listing VPM-\d+ was submitted/ });
    await expect(toast).toBeVisible();
    const code = (await toast.textContent())?.match(/VPM-\d+/)?.[0] ?? "";
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await page.goto("/admin/pending-listings");
    await page.getByRole("button", { name: `Approve listing ${code}` }).click();
    await expect(page.getByText(`Listing ${code} is approved and live.`)).toBeVisible();
    // A visitor finds it in the search, with Make an offer on its card.
    await page.context().clearCookies();
    await page.goto("/listings?resort=VB&sort=age-desc");
    const card = page.getByTestId("listing-card").filter({ hasText: code });
    const makeOffer = card.getByRole("link", { name: /^Make an offer/ });
    await expect(makeOffer).toBeVisible();
    listingId = (await makeOffer.getAttribute("href"))?.match(/\/make-offer\/(\d+)$/)?.[1] ?? "";
    expect(listingId).toMatch(/^\d+$/);
  });

  test("visitor signs in, gives the address, sends a low offer; the seller counters; the buyer accepts", async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    expect(listingId).not.toBe("");
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // A visitor is asked to sign in and comes straight back.
    await page.goto(`/make-offer/${listingId}`);
    await page.getByRole("link", { name: "Sign in to make an offer" }).click();
    await signInHere(page, DEMO.buyer);
    await expect(page).toHaveURL(new RegExp(`/make-offer/${listingId}$`));

    // The address step: bad input is refused with the fields named, then good input is saved.
    const details = page.getByRole("form", { name: "Your details for the contract" });
    await expect(details).toBeVisible();
    await keepScreens(page, "make-offer-address");
    await details.getByLabel("Phone number").fill("555-01");
    await details.getByLabel("Address line 1").fill("12 Palm Way");
    await details.getByLabel("City").fill("Orlando");
    await details.getByLabel("State, province or region").fill("FL");
    await details.getByLabel("ZIP or postal code").fill("3280");
    await details.getByRole("button", { name: "Save and continue to my offer" }).click();
    await expect(page.getByText(/We could not read this phone number/).first()).toBeVisible();
    await expect(page.getByText("Enter a US ZIP code of 5 digits (or ZIP+4).")).toBeVisible();
    await expect(page.getByLabel("City")).toHaveValue("Orlando");
    await expectAccessibleNoJs(browser, page);
    await keepScreens(page, "make-offer-address-errors");
    await page.getByLabel("Phone number").fill("(407) 555-0199");
    await page.getByLabel("ZIP or postal code").fill("32801");
    await page.getByRole("button", { name: "Save and continue to my offer" }).click();

    // The offer form, with the restrictions to acknowledge; a low price asks to confirm.
    const form = page.getByRole("form", { name: "Your offer" });
    await expect(form).toBeVisible();
    await expect(page.getByText("Your details are saved. Now make your offer.")).toBeVisible();
    await expectAccessibleNoJs(browser, page);
    await keepScreens(page, "make-offer-form");
    await form.getByLabel("Your price per point (US dollars)").fill("40");
    await form.getByLabel("Names to go on the deed (one a line)").fill("Bea Buyer");
    await form.getByRole("checkbox", { name: /I understand these restrictions/ }).check();
    await form.getByRole("button", { name: "Send my offer", exact: true }).click();
    await expect(page.getByRole("alertdialog", { name: "This offer is well below the listing's value" })).toBeVisible();
    await expectAccessibleNoJs(browser, page);
    await keepScreens(page, "make-offer-low");
    // The acknowledgement and the price are kept; the buyer sends it as it is.
    await expect(page.getByRole("checkbox", { name: /I understand these restrictions/ })).toBeChecked();
    await page.getByRole("button", { name: "Send my offer as it is" }).click();

    // Success: what happens next, with the way to the offer.
    await expect(page).toHaveURL(new RegExp(`/make-offer/${listingId}\\?sent=\\d+$`));
    const sent = page.getByTestId("offer-sent");
    await expect(sent.getByRole("heading", { name: "Your offer is sent" })).toBeVisible();
    await expect(sent).toContainText("The seller has 48 hours to answer");
    // One confirmation that restates the amount, and no toast besides (issue 27).
    await expect(sent).toContainText("You offered 175 points × $40/pt = $7,000.");
    await expect(page.locator("[data-flash-banner]")).toHaveCount(0);
    await expect(sent.getByRole("link", { name: "Keep browsing listings" })).toHaveAttribute("href", "/listings");
    await expectAccessibleNoJs(browser, page);
    await keepScreens(page, "make-offer-success-nojs");
    const successUrl = page.url();
    await sent.getByRole("link", { name: "See your offer" }).click();
    await expect(page).toHaveURL(/\/v2\/profile\/offers\/\d+$/);
    offerPath = new URL(page.url()).pathname;
    await expect(page.getByText("Waiting for the seller").first()).toBeVisible();

    // With JavaScript on, the same panel (no dialog, no toast) takes the focus.
    const jsContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const jsPage = await jsContext.newPage();
    await signIn(jsPage, DEMO.buyer);
    await jsPage.goto(successUrl);
    const panel = jsPage.getByTestId("offer-sent");
    await expect(panel).toContainText("You offered 175 points × $40/pt = $7,000.");
    await expect(jsPage.getByRole("dialog")).toHaveCount(0);
    await expect.poll(() => jsPage.evaluate(() => document.activeElement?.id)).toBe("sent-title");
    await expectAccessible(jsPage);
    await keepScreens(jsPage, "make-offer-success");

    // The form's all-in total follows the price and who pays as the buyer types (issue 27).
    await jsPage.goto(`/make-offer/${listingId}`);
    const allIn = jsPage.getByTestId("all-in-total");
    await expect(jsPage.getByRole("radio", { name: "The buyer pays the closing costs (customary)" })).toBeChecked();
    await jsPage.getByLabel("Your price per point (US dollars)").fill("100");
    await expect(allIn).toHaveText(/^\$(1[7-9]|2\d),\d{3}/); // $17,500 and the buyer's dues and closing costs
    const atHundred = await allIn.textContent();
    await jsPage.getByLabel("Your price per point (US dollars)").fill("120");
    await expect(allIn).not.toHaveText(atHundred ?? "");
    await expect(jsPage.getByText(/Deposit due at signing/)).toBeVisible();
    const atHundredTwenty = await allIn.textContent();
    await jsPage.getByRole("radio", { name: "The seller pays the closing costs" }).check();
    await expect(allIn).not.toHaveText(atHundredTwenty ?? "");
    await keepScreens(jsPage, "make-offer-all-in");
    await jsContext.close();

    // The seller's profile leads with the offer waiting on them, and its time left.
    await context.clearCookies();
    await page.goto("/sign-in");
    await signInHere(page, DEMO.seller);
    await page.goto("/v2/profile");
    const waiting = page.getByRole("region", { name: /Waiting on you/ });
    const item = waiting.getByRole("listitem").filter({ hasText: "175 points × $40/pt = $7,000" });
    await expect(item).toContainText(/Answer .+'s offer/);
    await expect(item).toContainText(/(1 day \d+ hours?|\d+ hours?) left: until/);
    await expectAccessibleNoJs(browser, page);
    await keepScreens(page, "profile-waiting");

    // The seller's offers list states the terms as the market reads them.
    await page.goto("/v2/profile/seller-offers");
    await expect(page.getByRole("cell", { name: /175 points × \$40\/pt = \$7,000/ })).toBeVisible();
    await keepScreens(page, "seller-offers-terms");

    // The accept step (a disclosure, without JavaScript) shows the price, the estimated net and what comes next.
    await page.goto(offerPath);
    await page.getByText("Accept these terms…").click();
    const confirm = page.getByTestId("accept-confirm");
    await expect(
      confirm.getByRole("heading", { name: /Confirm: accept 175 points × \$40\/pt = \$7,000/ }),
    ).toBeVisible();
    await expect(confirm.getByTestId("seller-net")).toHaveText(/^\$\d/);
    await expect(confirm).toContainText("Broker commission");
    await expect(confirm).toContainText("What happens next");
    await expectAccessibleNoJs(browser, page);
    await keepScreens(page, "offer-accept-step");

    // The seller counters instead, without JavaScript.
    await page.getByLabel("Price per point (US dollars)").fill("120");
    await page.getByRole("button", { name: "Send counter-offer" }).click();
    await expect(page.getByText("Your counter-offer is sent.").first()).toBeVisible();

    // The buyer accepts; both see it accepted.
    await context.clearCookies();
    await page.goto("/sign-in");
    await signInHere(page, DEMO.buyer);
    await page.goto("/v2/profile");
    await expect(
      page
        .getByRole("region", { name: /Waiting on you/ })
        .getByRole("listitem")
        .filter({ hasText: "175 points × $120/pt = $21,000" }),
    ).toContainText("Answer the seller's counter-offer");
    await page.goto(offerPath);
    await page.getByText("Accept these terms…").click();
    await expect(page.getByTestId("accept-confirm").getByTestId("all-in-total")).toBeVisible();
    await page.getByRole("button", { name: "Yes, accept these terms" }).click();
    await expect(page.getByText("Offer accepted").first()).toBeVisible();
    await expect(page.getByText("Accepted", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Go to the purchase agreement VPM-\d{6}/ })).toBeVisible();
    await expectAccessibleNoJs(browser, page);
    await context.clearCookies();
    await page.goto("/sign-in");
    await signInHere(page, DEMO.seller);
    await page.goto(offerPath);
    await expect(page.getByText("Accepted", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Go to the purchase agreement VPM-\d{6}/ })).toBeVisible();
    await context.close();
  });
});
