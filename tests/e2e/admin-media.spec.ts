import sharp from "sharp";
import { DEMO, expect, expectAccessible, NAVIGATION_WAIT, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 30, decision 0067: the media library. An administrator uploads a picture at /admin/media, gives it alt
 * text, places it in a Best Practices Guide section from the rich-text editor's picker, and members then read the
 * section with the picture and its alt text.
 */

const ALT = "A lagoon pool at sunset";

test.describe("media library", () => {
  test("upload, alt text, pick into rich text, and the saved section shows the picture with its alt", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = `Lagoon ${stamp}`;
    const png = await sharp({
      create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 140, b: 190 } },
    })
      .png()
      .toBuffer();

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/media");
    await expect(page.getByRole("heading", { level: 1, name: "Media library" })).toBeVisible();

    // Upload: a text file named .png is refused by its content, then the real picture goes in.
    await page.getByRole("link", { name: "Add picture" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add picture" })).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
    await expect(page.getByText("at most 10 MB").first()).toBeVisible();
    await page.getByLabel("Picture").setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture at all"),
    });
    await page.getByRole("button", { name: "Add picture" }).click();
    await expect(page.getByText("The file must be a PNG, JPEG or WebP image.").first()).toBeVisible();

    await page.getByLabel("Picture").setInputFiles({ name: `${title}.png`, mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Add picture" }).click();
    await expect(page).toHaveURL(/\/admin\/media$/, { timeout: NAVIGATION_WAIT });
    await expect(page.getByText(`Picture “${title}” created.`).first()).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("640 × 400 px");
    // The thumbnail is the 25% size, served as WebP.
    const thumb = row.getByRole("img");
    await expect(thumb).toHaveAttribute("src", /^\/media\/library\/[a-f0-9]{16}-25\.webp$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await expectAccessible(page);
    await screenshots(page, "admin-media");

    // Alt text on the edit form.
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Edit picture: ${title}` })).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
    await page.getByLabel("Alt text").fill(ALT);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`Picture “${title}” saved: Alt text.`).first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText(ALT);

    // A guide section: the picture is placed from the library's picker, with the keyboard.
    const section = `Pool pictures ${stamp}`;
    await page.goto("/admin/best-practices/create");
    await expect(page.getByRole("heading", { level: 1, name: "Add guide section" })).toBeVisible();
    await page.getByLabel("Title").fill(section);
    const editor = page.getByRole("textbox", { name: "Text" });
    await editor.click();
    await page.keyboard.type("Our favourite pool:");
    await page.getByRole("button", { name: "Picture from the media library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose a picture from the media library" });
    await expect(picker).toBeVisible();
    const search = picker.getByLabel("Search pictures");
    await expect(search).toBeFocused();
    await picker.getByLabel("Size").selectOption("50");
    await search.fill(stamp);
    const choice = picker.getByRole("button", { name: `Choose ${title} ${ALT} · 320 × 200` });
    await expect(choice).toBeVisible();
    await expect(picker.getByRole("status")).toHaveText("1 picture.");
    await expectAccessible(page);
    await screenshots(page, "admin-media-picker");
    await choice.focus();
    await page.keyboard.press("Enter");
    await expect(picker).toBeHidden();
    const placed = editor.getByRole("img", { name: ALT });
    await expect(placed).toHaveAttribute("src", /^\/media\/library\/[a-f0-9]{16}-50\.webp$/);
    await page.getByRole("button", { name: "Add guide section" }).click();
    await expect(page.getByText(`Guide section “${section}” created.`).first()).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });

    // Members (a buyer) read the section with the picture (served, 320 px wide: the 50% size) and its alt text.
    await page.context().clearCookies();
    await signIn(page, DEMO.buyer);
    await page.goto("/v2/profile/best-practices");
    const shown = page.getByTestId("best-practice").filter({ hasText: section }).getByRole("img", { name: ALT });
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute("width", "320");
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  });
});
