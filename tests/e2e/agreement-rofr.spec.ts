import type { Page } from "@playwright/test";
import { agreementOutForSignature, signContract, vpm } from "./agreement-setup";
import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 11, "ROFR exercised ends the deal": an agreement out for signature (agreement-setup.ts) is signed by both
 * sides, the deposit is received and the contract submitted for ROFR; an administrator records the developer's
 * buy-back on /admin/agreements. The row moves to the ended stage, the back office's deal page shows the ROFR result
 * and the deal ended, the buyer reads that the deposit is refunded, the listing is no longer for sale, and both
 * parties got the buy-back mail (the mail log).
 */

async function as(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
}

test.describe("ROFR exercised", () => {
  test("the developer's buy-back ends the deal: the list, the deal page, the buyer's page, the listing, the mails", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { code, listingId, agreementId } = await agreementOutForSignature(page, "127");
    await as(page, DEMO.buyer2);
    await signContract(page, agreementId, "BB");
    await as(page, DEMO.seller2);
    // The second signature: sealed once the seal job has stored the sealed contract (signContract waits for it).
    await signContract(page, agreementId, "SS");
    await expect(page.getByText("Signed; deposit due").first()).toBeVisible();

    // The back office: deposit received, submitted for ROFR today, then the developer buys it back.
    await as(page, DEMO.admin);
    const list = `/admin/agreements?q=${code}&f.stage=`;
    const step = async (label: string) => {
      await page.getByRole("button", { name: `${label} for agreement ${vpm(agreementId)}` }).click();
      await expect(
        page
          .locator("[data-toast]")
          .filter({ hasText: vpm(agreementId) })
          .first(),
      ).toBeVisible();
    };
    await page.goto(list);
    await step("Deposit received");
    await page.goto(list);
    await page
      .getByLabel(new RegExp(`Submitted on for Agreement ${vpm(agreementId)}`))
      .fill(new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date()));
    await step("Submitted for ROFR");
    await page.goto(list);
    await step("ROFR exercised (buy-back)");
    await expect(
      page.getByText(
        `The developer bought back the contract of agreement ${vpm(agreementId)}: the deal ends, the deposit is refunded.`,
      ),
    ).toBeVisible();

    // The row is in the ended stage, under its tab.
    await page.goto(`/admin/agreements?q=${code}&f.stage=ended`);
    const row = page.getByRole("row").filter({ hasText: `${code}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("ROFR exercised (bought back)");
    await expect(row.getByRole("button", { name: /ROFR/ })).toHaveCount(0);

    // The deal page, opened from the row's page: the ROFR result and the deal ended.
    await row.getByRole("link", { name: /Saratoga Springs/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/agreements/${agreementId}$`));
    const pages = page.getByRole("navigation", { name: new RegExp(`^Pages about Agreement ${vpm(agreementId)}:`) });
    await expect(pages.getByRole("link", { name: "Recorded deed" })).toHaveAttribute(
      "href",
      `/admin/agreements/${agreementId}/deed`,
    );
    await expectAccessible(page);
    await screenshots(page, "admin-agreement-row-links");
    await pages.getByRole("link", { name: "Deal timeline and closing statement" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/agreements/${agreementId}/deal$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Deal: agreement ${vpm(agreementId)}, Saratoga Springs` }),
    ).toBeVisible();
    await expect(page.getByText(/^Exercised .*: the developer bought the contract back \(buy-back\)$/)).toBeVisible();
    const timeline = page.getByRole("region", { name: "Deal timeline" });
    const current = timeline.locator('li[aria-current="step"]');
    await expect(current).toContainText("Bought back by the developer (ROFR exercised)");
    await expect(current).toContainText("The deal ended: the developer bought the contract back");
    await expect(current).toContainText("The buyer's deposit is refunded in full");
    await expect(page.getByText("None: the deal ended without a sale to the buyer.")).toBeVisible();
    // The parties link to their admin user pages; the listing code to the listing's page.
    await expect(page.getByRole("link", { name: "Ben Buyer", exact: true })).toHaveAttribute(
      "href",
      /^\/admin\/users\/[^/]+\/edit$/,
    );
    await expect(page.getByRole("link", { name: "Sean Seller", exact: true })).toHaveAttribute(
      "href",
      /^\/admin\/users\/[^/]+\/edit$/,
    );
    await expect(page.getByRole("link", { name: code, exact: true })).toHaveAttribute(
      "href",
      `/listing-info/${listingId}`,
    );
    const trail = page.getByRole("region", { name: "Audit trail (Eastern time)" });
    await expect(trail.getByRole("columnheader", { name: "User agent" })).toBeVisible();
    await expect(trail.getByRole("row").filter({ hasText: "signed agreement" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^Sealed contract:/ })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-agreement-deal-bought-back");

    // The parties themselves cannot open the back office's deal page.
    for (const party of [DEMO.buyer2, DEMO.seller2]) {
      await as(page, party);
      await page.goto(`/admin/agreements/${agreementId}/deal`);
      await expect(page).not.toHaveURL(/\/deal$/);
    }

    // The buyer's agreement page: bought back, the deposit refunded.
    await as(page, DEMO.buyer2);
    await page.goto(`/v2/profile/agreements/${agreementId}`);
    await expect(page.getByText("ROFR exercised (bought back)").first()).toBeVisible();
    const buyerNow = page.getByRole("region", { name: "Deal timeline" }).locator('li[aria-current="step"]');
    await expect(buyerNow).toContainText("Bought back by the developer (ROFR exercised)");
    await expect(buyerNow).toContainText("Now: Bought back by the developer");
    await expect(buyerNow).toContainText(
      "The developer exercised its right of first refusal and buys the contract on the same terms. Your deposit is refunded in full.",
    );

    // The buyer's listing page keeps its URL with the state and a way back to the deal (issue 27).
    const buyersListing = await page.goto(`/listing-info/${listingId}`);
    expect(buyersListing?.status()).toBe(200);
    const state = page.getByTestId("listing-market-state");
    await expect(state).toContainText("Bought back by Disney (ROFR)");
    await expect(page.getByRole("link", { name: "Go to your purchase agreement" })).toHaveAttribute(
      "href",
      `/v2/profile/agreements/${agreementId}`,
    );
    await as(page, DEMO.seller2);
    await page.goto(`/listing-info/${listingId}`);
    await expect(page.getByRole("link", { name: "Go to your sale agreement" })).toHaveAttribute(
      "href",
      `/v2/profile/agreements/${agreementId}`,
    );

    // The listing is sold: a visitor reads so on its page (no offer, no deal link), and search no longer shows it.
    await page.context().clearCookies();
    const sold = await page.goto(`/listing-info/${listingId}`);
    expect(sold?.status()).toBe(200);
    await expect(state).toContainText("Bought back by Disney (ROFR)");
    await expect(page.getByRole("link", { name: "Make an offer", exact: true })).toHaveCount(0);
    await expect(page.getByTestId("listing-deal-link")).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "listing-bought-back");
    await page.goto("/listings?resort=SSR&sort=age-desc");
    await expect(page.getByTestId("listing-card").first()).toBeVisible();
    await expect(page.getByTestId("listing-card").filter({ hasText: code })).toHaveCount(0);

    // Both parties got the buy-back mail.
    await as(page, DEMO.admin);
    await page.goto(`/admin/mail?q=${encodeURIComponent(`bought back the Saratoga Springs contract ${code}`)}`);
    const mails = page.getByRole("table", { name: "Outgoing messages" }).getByRole("row").filter({ hasText: code });
    await expect(mails).toHaveCount(2);
    await expect(mails.filter({ hasText: DEMO.buyer2 })).toHaveCount(1);
    await expect(mails.filter({ hasText: DEMO.seller2 })).toHaveCount(1);
    await expect(mails.first()).toContainText("agreement-buy-back");
  });
});
