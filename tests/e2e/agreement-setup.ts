import type { Page } from "@playwright/test";
import { DEMO, expect, signIn } from "./fixtures";

/** An agreement's number as every page shows it (formatAgreementNumber): VPM- and the id on six digits. */
export const vpm = (id: string | number) => `VPM-${String(id).padStart(6, "0")}`;

/**
 * The signed-in person's mailing address on /profile (a contract prints it: sending refuses without one, decision
 * 0056). `null` clears it.
 */
export async function setMailingAddress(page: Page, line1: string | null) {
  await page.goto("/profile");
  const form = page.locator("#profile-information");
  await form.getByLabel("Address line 1").fill(line1 ?? "");
  await form.getByLabel("City").fill(line1 ? "Savannah" : "");
  await form.getByLabel("State or region").fill(line1 ? "GA" : "");
  await form.getByLabel("Postal code").fill(line1 ? "31401" : "");
  await form.getByRole("button", { name: "Save profile information" }).click();
  await expect(page.locator("[data-toast]").first()).toBeVisible();
}

/**
 * Issue 11: an agreement out for signature, made through the UI: the demo seller 2 lists a Saratoga Springs contract
 * at `dollars`.xx a point (the cents random, so reruns do not collide), an administrator approves it, the demo buyer 2
 * offers the asking price, the seller accepts, and the administrator sends the agreement to sign.
 */
export async function agreementOutForSignature(page: Page, dollars: string) {
  const cents = String(10 + Math.floor(Math.random() * 89));
  const price = `${dollars}.${cents}`;

  // The seller lists a contract; an administrator approves it.
  await signIn(page, DEMO.seller2);
  // The contract prints the seller's mailing address.
  await setMailingAddress(page, "45 Magnolia Court");
  await page.goto("/v2/profile/inventory-for-sale/new");
  await page.getByLabel("Resort").selectOption({ label: "Saratoga Springs (SSR)" });
  await page.getByLabel("Use year").selectOption({ label: "February" });
  await page.getByLabel("Contract points").fill("150");
  await page.getByLabel("Previous (banked)").fill("0");
  await page.getByLabel("Current", { exact: true }).fill("150");
  await page.getByLabel("Next", { exact: true }).fill("150");
  await page.getByLabel("Price per point (US dollars)").fill(price);
  await page.getByRole("button", { name: "Submit for review" }).click();
  const toast = page.locator("[data-toast]").filter({ hasText: /Listing VPM-\d+ was submitted/ });
  await expect(toast).toBeVisible();
  const code = (await toast.textContent())?.match(/VPM-\d+/)?.[0] ?? "";
  // The listing's id, from the seller's own Edit link.
  await page.goto("/v2/profile/inventory-for-sale");
  const edit = await page.getByRole("link", { name: `Edit listing ${code}` }).getAttribute("href", { timeout: 7000 });
  const listingId = edit?.match(/inventory-for-sale\/(\d+)\/edit/)?.[1] ?? "";
  expect(listingId).toMatch(/^\d+$/);
  await page.context().clearCookies();
  await signIn(page, DEMO.admin);
  await page.goto("/admin/pending-listings");
  await page.getByRole("button", { name: `Approve listing ${code}` }).click();
  await expect(page.getByText(`Listing ${code} is approved and live.`)).toBeVisible();

  // The buyer offers the asking price.
  await page.context().clearCookies();
  await signIn(page, DEMO.buyer2);
  await page.goto(`/make-offer/${listingId}`);
  if (await page.getByLabel("Phone number").isVisible()) {
    await page.getByLabel("Phone number").fill("+1 321 555 0144");
    await page.getByLabel("Address line 1").fill("8 Ocean Drive");
    await page.getByLabel("City").fill("Vero Beach");
    await page.getByLabel("State, province or region").fill("FL");
    await page.getByLabel("ZIP or postal code").fill("32963");
    await page.getByRole("button", { name: "Save and continue to my offer" }).click();
  }
  await page.getByLabel("Your price per point (US dollars)").fill(price);
  await page.getByLabel("Names to go on the deed (one a line)").fill("Ben Buyer");
  await page.getByRole("checkbox", { name: /I understand these restrictions/ }).check();
  await page.getByRole("button", { name: "Send my offer", exact: true }).click();
  const sent = page.getByTestId("offer-sent");
  await expect(sent).toBeVisible();
  await sent.getByRole("link", { name: "See your offer" }).click();
  await expect(page).toHaveURL(/\/v2\/profile\/offers\/\d+$/);
  const offerId = page.url().split("/").pop() ?? "";

  // The seller accepts.
  await page.context().clearCookies();
  await signIn(page, DEMO.seller2);
  await page.goto("/v2/profile/seller-offers");
  await page.getByRole("link", { name: new RegExp(`offer #${offerId}\\)`) }).click();
  await page.getByText("Accept these terms…").click();
  await page.getByRole("button", { name: "Yes, accept these terms" }).click();
  await expect(page.getByText("Offer accepted").first()).toBeVisible();

  // The administrator sends the agreement to sign from the list's row action.
  await page.context().clearCookies();
  await signIn(page, DEMO.admin);
  await page.goto(`/admin/agreements?q=${code}`);
  const send = page.getByRole("button", { name: /^Send to sign for agreement VPM-\d+$/ });
  const agreementId = (await send.getAttribute("aria-label"))?.match(/VPM-(\d+)/)?.[1]?.replace(/^0+/, "") ?? "";
  expect(agreementId).toMatch(/^\d+$/);
  await send.click();
  await expect(
    page.getByText(`Agreement ${vpm(agreementId)} was sent to the buyer and the seller to sign.`),
  ).toBeVisible();
  return { code, listingId, agreementId };
}

/**
 * The signed-in party signs the contract on its page: the initials of the four sections, the seller's section 3
 * answer (not a foreign person; a Hawaii resident when asked), the password again. The second signature seals the
 * contract before it answers: give it time on a busy machine.
 */
export async function signContract(page: Page, agreementId: string, initials: string) {
  await page.goto(`/v2/profile/agreements/${agreementId}/sign`);
  for (const n of [1, 2, 3, 4]) await page.getByLabel(`Your initials for section ${n}`).fill(initials);
  const foreign = page.getByRole("group", { name: /Are you a foreign person for US tax/ });
  if (await foreign.count()) await foreign.getByRole("radio", { name: "No" }).check();
  const resident = page.getByRole("group", { name: /Are you a resident of/ });
  if (await resident.count()) await resident.getByRole("radio", { name: "Yes" }).check();
  await page.getByLabel("Your password (to confirm it is you)").fill("demopass");
  await page.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(page.getByText(new RegExp(`You signed agreement ${vpm(agreementId)}`)).first()).toBeVisible({
    timeout: 30_000,
  });
  if (await page.getByText(/Both sides have signed: the contract is being sealed/).count()) {
    await waitUntilSealed(page, agreementId);
  }
}

/**
 * Both have signed: the seal job (the server's worker) stores the sealed contract within a few seconds; the agreement
 * page then reads "Signed; deposit due".
 */
export async function waitUntilSealed(page: Page, agreementId: string) {
  await expect(async () => {
    await page.goto(`/v2/profile/agreements/${agreementId}`);
    await expect(page.getByText("Signed; deposit due").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}
