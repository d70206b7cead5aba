import { readFileSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { agreementOutForSignature, signContract, vpm } from "./agreement-setup";
import { DEMO, expect, expectAccessible, screenshots, signIn, TAKE_SCREENSHOTS, test } from "./fixtures";

/**
 * Decision 0036, in Chromium: an agreement is sealed through the UI (both parties sign the contract), an
 * administrator writes an addendum from the agreements list's row action, both parties read and sign it (typed
 * signatures), and the sealed addendum's PDF appears on the agreement page; /verify names it.
 */

async function as(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
}

async function signAddendum(page: Page, agreementId: string, initials: string) {
  await page.goto(`/v2/profile/agreements/${agreementId}`);
  await page.getByRole("link", { name: "Read and sign addendum 1" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Sign addendum 1 to agreement ${vpm(agreementId)}` }),
  ).toBeVisible();
  await page.getByLabel("Your initials for this addendum").fill(initials);
  await page.getByLabel("Your password (to confirm it is you)").fill("demopass");
}

test("an administrator writes an addendum to a sealed agreement; both parties sign it and it is sealed", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { code, agreementId } = await agreementOutForSignature(page, "141");
  await as(page, DEMO.buyer2);
  await signContract(page, agreementId, "BB");
  await as(page, DEMO.seller2);
  await signContract(page, agreementId, "SS");

  // The back office writes the addendum from the agreement's row.
  await as(page, DEMO.admin);
  await page.goto(`/admin/agreements?q=${code}&f.stage=`);
  await page.getByLabel(new RegExp(`^Addendum title for Agreement ${vpm(agreementId)}:`)).fill("Target closing date");
  await page
    .getByLabel(new RegExp(`^Addendum text for Agreement ${vpm(agreementId)}:`))
    .fill("## Closing\nThe target closing date becomes June 30.\n- Everything else stays as signed.");
  await page.getByRole("button", { name: `Write an addendum for agreement ${vpm(agreementId)}` }).click();
  await expect(
    page.getByText(`Addendum 1 to agreement ${vpm(agreementId)} was sent to the buyer and the seller to sign.`).first(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: `Withdraw addendum for agreement ${vpm(agreementId)}` })).toBeVisible();

  // The buyer signs on the addendum's page (typed name).
  await as(page, DEMO.buyer2);
  await signAddendum(page, agreementId, "BB");
  await expect(page.getByText("The target closing date becomes June 30.")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "addendum-sign");
  await page.getByRole("button", { name: "Sign the addendum" }).click();
  await expect(page).toHaveURL(new RegExp(`/v2/profile/agreements/${agreementId}$`));
  await expect(page.getByText(/It now waits for the seller's signature/).first()).toBeVisible();

  // The seller signs: sealed; the sealed PDF is on the agreement page.
  await as(page, DEMO.seller2);
  await signAddendum(page, agreementId, "SS");
  await page.getByRole("button", { name: "Sign the addendum" }).click();
  await expect(page.getByText(/Both sides have signed: the addendum is sealed/).first()).toBeVisible({
    timeout: 30_000,
  });
  const addenda = page.getByRole("region", { name: "Addenda" });
  await expect(addenda.getByText("Signed by both; sealed")).toBeVisible();
  const link = addenda.getByRole("link", { name: "Sealed addendum 1 (PDF)" });
  await expect(link).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "addendum-sealed-agreement");

  const download = page.waitForEvent("download");
  await link.click();
  const bytes = readFileSync(await (await download).path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  // Kept beside the screenshots for a person to open (screenshots are not taken in CI, so neither is this).
  if (TAKE_SCREENSHOTS) writeFileSync("test-results/screens/addendum-sealed.pdf", bytes);

  await page.goto("/verify");
  await page
    .getByLabel("Contract PDF")
    .setInputFiles({ name: "addendum.pdf", mimeType: "application/pdf", buffer: bytes });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("heading", { name: "Valid: the file is untouched" })).toBeVisible();
  await expect(page.getByText(new RegExp(`Addendum 1 to agreement ${vpm(agreementId)}, sealed on`))).toBeVisible();
});
