import path from "node:path";
import { loadSigningIdentity } from "~/lib/pdf-seal.server";
import { renderContractPdf } from "~/modules/contracts/contracts-pdf.server";
import { sealContract } from "~/modules/contracts/contracts-seal.server";
import { contractInput } from "../integration/contracts-helpers";
import { expect, expectAccessible, screenshots, test } from "./fixtures";

/**
 * /verify in the browser: the upload form, without and with JavaScript. The files are made here with the module and
 * the server's own certificate (created once in its DATA_DIR, shared through the file). A file sealed with it but
 * not on record (no agreement has stored it) and an edited copy are refused; the accepted case needs a sealed
 * contract on record, which the signing flow stores (tests/integration/contracts-verify.test.ts covers it).
 */
async function files(baseURL: string | undefined) {
  // scripts/e2e-server.mjs keeps each server's data in a folder named after its port.
  const port = new URL(baseURL ?? "http://localhost:3100").port;
  const identity = await loadSigningIdentity({ dataDir: path.resolve(`tests/.tmp/e2e-data-${port}`) });
  const pdf = await renderContractPdf(contractInput());
  const sealed = await sealContract({
    pdfBytes: pdf,
    identity,
    signers: [],
    auditTrail: [],
    agreementNumber: "VPM-000042",
  });
  const edited = Buffer.from(sealed.bytes);
  edited[Math.floor(edited.length / 2)] ^= 0x01;
  return { draft: Buffer.from(pdf), sealed: Buffer.from(sealed.bytes), edited };
}

test("explains what it checks and judges uploaded files", async ({ page, baseURL }) => {
  const f = await files(baseURL);
  await page.goto("/verify");
  await expect(page.getByRole("heading", { level: 1, name: "Verify a contract" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What we check" })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "verify");

  const upload = async (name: string, buffer: Buffer, mimeType = "application/pdf") => {
    await page.getByLabel("Contract PDF").setInputFiles({ name, mimeType, buffer });
    await page.getByRole("button", { name: "Check the file" }).click();
  };

  await upload("edited.pdf", f.edited);
  await expect(page.getByRole("heading", { name: "Not valid" })).toBeVisible();
  await expect(page.getByText("This file was changed after it was sealed.")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "verify-edited");

  await upload("sealed-not-on-record.pdf", f.sealed);
  await expect(page.getByText(/carries our seal but does not match any contract we sealed/)).toBeVisible();

  await upload("draft.pdf", f.draft);
  await expect(page.getByText("This file was not sealed by Vacation Points Market.")).toBeVisible();

  await upload("notes.pdf", Buffer.from("just some text, not a PDF"), "application/pdf");
  await expect(page.getByRole("alert")).toHaveText("This is not a PDF.");
  await expect(page.getByLabel("Contract PDF")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the form posts and the answer is on the page", async ({ page, baseURL }) => {
    const f = await files(baseURL);
    await page.goto("/verify");
    await page
      .getByLabel("Contract PDF")
      .setInputFiles({ name: "edited.pdf", mimeType: "application/pdf", buffer: f.edited });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByText("This file was changed after it was sealed.")).toBeVisible();
  });
});

test("the keyboard reaches the file input and the button", async ({ page }) => {
  await page.goto("/verify");
  await page.getByLabel("Contract PDF").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Check the file" })).toBeFocused();
});
