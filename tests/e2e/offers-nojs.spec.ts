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
    await expect(sent.getByRole("link", { name: "Keep browsing listings" })).toHaveAttribute("href", "/listings");
    await expectAccessibleNoJs(browser, page);
    await keepScreens(page, "make-offer-success-nojs");
    const successUrl = page.url();
    await sent.getByRole("link", { name: "See your offer" }).click();
    await expect(page).toHaveURL(/\/v2\/profile\/offers\/\d+$/);
    offerPath = new URL(page.url()).pathname;
    await expect(page.getByText("Waiting for the seller").first()).toBeVisible();

    // With JavaScript on, the same page is a modal dialog that takes the focus.
    const jsContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const jsPage = await jsContext.newPage();
    await signIn(jsPage, DEMO.buyer);
    await jsPage.goto(successUrl);
    const dialog = jsPage.getByRole("dialog", { name: "Your offer is sent" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("The seller has 48 hours to answer");
    await expect.poll(() => jsPage.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await expectAccessible(jsPage);
    await keepScreens(jsPage, "make-offer-success");
    await jsPage.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(jsPage.getByTestId("offer-sent")).toBeVisible();
    await jsContext.close();

    // The seller counters, without JavaScript.
    await context.clearCookies();
    await page.goto("/sign-in");
    await signInHere(page, DEMO.seller);
    await page.goto(offerPath);
    await page.getByLabel("Price per point (US dollars)").fill("120");
    await page.getByRole("button", { name: "Send counter-offer" }).click();
    await expect(page.getByText("Your counter-offer is sent.").first()).toBeVisible();

    // The buyer accepts; both see it accepted.
    await context.clearCookies();
    await page.goto("/sign-in");
    await signInHere(page, DEMO.buyer);
    await page.goto(offerPath);
    await page.getByRole("button", { name: "Accept these terms" }).click();
    await expect(page.getByText("Offer accepted").first()).toBeVisible();
    await expect(page.getByText("Accepted", { exact: true }).first()).toBeVisible();
    await expectAccessibleNoJs(browser, page);
    await context.clearCookies();
    await page.goto("/sign-in");
    await signInHere(page, DEMO.seller);
    await page.goto(offerPath);
    await expect(page.getByText("Accepted", { exact: true }).first()).toBeVisible();
    await context.close();
  });
});
