import { DEMO, expect, expectAccessible, NAVIGATION_WAIT, screenshots, signIn, test } from "./fixtures";

/** A small PDF (its first bytes say so) with a line of binary. */
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n"),
  Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 7) % 256)),
  Buffer.from("\n%%EOF\n"),
]);

/**
 * Decision 0091: an administrator uploads a PDF to the marketing files, attaches it to a campaign and sends it; the
 * buyer's mail carries it (read from the mail log's download of the message), and reading that mail in the mail log
 * counts no open.
 */
test("an administrator attaches a PDF from the marketing files to a campaign; the mail carries it", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  await signIn(page, DEMO.admin);

  // The library: a text file named .pdf is refused by its contents; the PDF is kept with its public address.
  await page.goto("/admin/marketing/files/create");
  await expect(page.getByText("at most 10 MB").first()).toBeVisible();
  await page
    .locator("#field-file")
    .setInputFiles({ name: "fake.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf") });
  await page.getByRole("button", { name: "Add file" }).click();
  await expect(page.getByText("not a PDF, PNG, JPEG or WebP").first()).toBeVisible();
  await page
    .locator("#field-file")
    .setInputFiles({ name: `brochure-${tag}.pdf`, mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Add file" }).click();
  // The upload is done when the form leaves the create page; going elsewhere before that would cancel the upload.
  await expect(page).not.toHaveURL(/\/create$/, { timeout: NAVIGATION_WAIT });
  await page.goto(`/admin/marketing/files?q=${tag}`);
  const row = page.getByRole("row").filter({ hasText: `brochure ${tag}` });
  await expect(row).toHaveCount(1);
  const address = (await row.getByText(/\/marketing-files\/[a-f0-9]{16}\.pdf/).textContent())?.trim() as string;
  expect(address).toMatch(/^https?:\/\/[^/]+\/marketing-files\/[a-f0-9]{16}\.pdf$/);
  const served = await page.request.get(new URL(address).pathname);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(Buffer.from(await served.body())).toEqual(PDF);
  await expectAccessible(page);
  await screenshots(page, "admin-marketing-files");

  // A template and a campaign to the buyers with the PDF attached.
  const subject = `Brochure ${tag}`;
  await page.goto("/admin/marketing/email-templates/create");
  await page.locator("#field-name").fill(`Brochure template ${tag}`);
  await page.locator("#field-subject").fill(subject);
  await page
    .locator("#field-body")
    .fill('<p>Hello {{ first_name }}, our brochure is attached. <a href="https://example.com/deals">Deals</a></p>');
  await page.getByRole("button", { name: "Add marketing template" }).click();
  await expect(page.getByText(`“Brochure template ${tag}” created.`).first()).toBeVisible({ timeout: NAVIGATION_WAIT });
  const name = `With brochure ${tag}`;
  await page.goto("/admin/marketing/emails/create");
  await page.locator("#field-name").fill(name);
  await page.locator("#field-template_id").selectOption({ label: `Brochure template ${tag}` });
  await page.locator("#field-segment").selectOption("buyers");
  await page.getByRole("checkbox", { name: `brochure ${tag}` }).check();
  await page.getByRole("button", { name: "Add campaign" }).click();
  await expect(page.getByText(`“${name}” created.`).first()).toBeVisible({ timeout: NAVIGATION_WAIT });
  await page.goto(`/admin/marketing/emails?q=${encodeURIComponent(name)}`);
  await page.goto((await page.getByRole("link", { name, exact: true }).getAttribute("href")) as string);
  await expect(page.getByText(`brochure ${tag}`).first()).toBeVisible();
  // The draft's page: its attachment, and "Schedule" with an Eastern date and time beside "Send now".
  await expect(
    page
      .getByRole("textbox", { name: `Send at (Eastern time) for ${name}` })
      .or(page.getByLabel(`Send at (Eastern time) for ${name}`)),
  ).toBeVisible();
  await expectAccessible(page, { exclude: ["iframe"] });
  await screenshots(page, "admin-marketing-campaign-scheduling", { ignore: ["iframe"] });
  await page.locator(`summary[aria-label="Send now: ${name}…"]`).click();
  await page.getByRole("button", { name: "Yes, send now" }).click();
  await expect(page.getByText("Campaign sending to").first()).toBeVisible();

  // The buyer's mail, in the mail log: it names the attachment, and the message as sent carries its bytes.
  await expect
    .poll(
      async () => {
        await page.goto(`/admin/mail?q=${encodeURIComponent(subject)}`);
        return page
          .getByRole("table", { name: "Outgoing messages" })
          .getByRole("row")
          .filter({ hasText: DEMO.buyer })
          .count();
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(1);
  await page
    .getByRole("table", { name: "Outgoing messages" })
    .getByRole("row")
    .filter({ hasText: DEMO.buyer })
    .getByRole("link", { name: subject })
    .click();
  await expect(page.getByText(`brochure-${tag}.pdf (application/pdf`)).toBeVisible();
  await expect(page.locator('iframe[title^="Mail of"]')).toBeVisible();
  const eml = await page.request.get(
    (await page.getByRole("link", { name: "Download the message (.eml)" }).getAttribute("href")) as string,
  );
  expect(eml.status()).toBe(200);
  const raw = (await eml.text()).replace(/\r?\n/g, "");
  expect(raw).toContain(`filename=brochure-${tag}.pdf`);
  expect(raw).toContain("Content-Type: application/pdf");
  expect(raw).toContain(PDF.toString("base64"));

  // Reading it in the mail log (its frame rendered) opened nothing: the dashboard still says 0 opened.
  await page.waitForTimeout(1_000);
  await page.goto("/admin/marketing/dashboard");
  const stats = page.getByRole("row", { name: new RegExp(name) });
  await expect(stats).toBeVisible();
  // The row's cells after its name: state, sent, delivered, opened, clicked.
  const cells = (await stats.getByRole("cell").allTextContents()).map((c) => c.trim());
  expect(cells.slice(1)).toEqual(["1", "1", "0", "0"].map((v, i) => (i < 2 ? cells[i + 1] : v)));
  expect(Number(cells[1])).toBeGreaterThan(0);
});
