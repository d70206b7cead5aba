import { DEMO, expect, expectAccessible, NAVIGATION_WAIT, screenshots, signIn, test } from "./fixtures";

/**
 * Issue 30 (decision 0069): /admin/email-templates lists every mail and text message from code. An administrator
 * edits a template's subject, sees the preview change, compares the versions, and restores the default.
 */

const FRAMES = ["iframe"];

test.describe("admin email templates", () => {
  test("an administrator edits a subject, sees the preview follow, compares versions and restores the default", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/email-templates");
    await expect(page.getByRole("heading", { level: 1, name: "Email templates" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "email-changed" });
    await expect(row).toContainText("Default");
    await expectAccessible(page);
    await screenshots(page, "admin-email-templates-list");

    // The row's page: the preview with the sample values, at a phone's and a desktop's width.
    await row.getByRole("link", { name: "email-changed", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "email-changed" })).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText("Vacation Points Market: your email address was changed");
    await expect(page.locator('iframe[title$="at 375 px"]')).toBeVisible();
    await expect(page.frameLocator('iframe[title$="at 640 px"]').getByText("jordan.rivera@example.com")).toBeVisible();
    await expectAccessible(page, { exclude: FRAMES });
    await screenshots(page, "admin-email-templates-preview", { ignore: FRAMES });

    // The form, with the template's variables beside it.
    await page.getByRole("link", { name: "Edit the wording" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Edit template: email-changed/ })).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
    await expect(page.getByRole("complementary", { name: "Variables" })).toContainText("{{ email }}");
    await expectAccessible(page);
    await screenshots(page, "admin-email-templates-form");

    // An unknown variable is refused, and nothing is saved.
    await page.getByLabel("Subject").fill("{{ site }}: {{ mail }} is your new address");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Subject: The template has no variable “mail”.").first()).toBeVisible();

    await page.getByLabel("Subject").fill("{{ site }}: your sign-in address is now {{ email }}");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/Template “email-changed” saved: Subject\./).first()).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
    await expect(page.getByRole("row").filter({ hasText: "email-changed" })).toContainText("Edited");

    // A second save keeps the first as version 1; the page shows what changed between the two.
    await page.goto("/admin/email-templates/email-changed/edit");
    await page.getByLabel("Subject").fill("{{ site }}: {{ email }} is your sign-in address now");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/Template “email-changed” saved/).first()).toBeVisible({ timeout: NAVIGATION_WAIT });
    await page.goto("/admin/email-templates/email-changed");
    await expect(page.getByRole("region", { name: "Preview" })).toContainText(
      "Vacation Points Market: jordan.rivera@example.com is your sign-in address now",
    );
    const changes = page.getByRole("region", { name: /Changes from version 1 to version 2/ });
    await expect(changes).toContainText("Removed: {{ site }}: your sign-in address is now {{ email }}");
    await expect(changes).toContainText("Added: {{ site }}: {{ email }} is your sign-in address now");
    await changes.scrollIntoViewIfNeeded();
    await expectAccessible(page, { exclude: FRAMES });
    await screenshots(page, "admin-email-templates-diff", { ignore: FRAMES });

    // Restore the default from the list: the row is Default again and the preview shows the built-in subject.
    await page.goto("/admin/email-templates?f.edited=yes");
    await page.getByRole("button", { name: "Restore the default wording of email-changed" }).click();
    await expect(page.getByText(/“email-changed” restored to the default wording/).first()).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
    await page.goto("/admin/email-templates/email-changed");
    await expect(page.getByRole("region", { name: "Preview" })).toContainText(
      "Vacation Points Market: your email address was changed",
    );
  });

  test("the next mail of an event uses the edited template; an event switched off sends nothing", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/email-templates/reset-password/edit");
    await page.getByLabel("Subject").fill("{{ site }}: a new password for your account");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/Template “reset-password” saved/).first()).toBeVisible({ timeout: NAVIGATION_WAIT });

    // A visitor asks for a reset link: the mail goes out under the edited subject.
    const visitor = await browser.newPage();
    const askForReset = async () => {
      await visitor.goto("/forgot/password");
      await visitor.getByLabel("Email").fill(DEMO.buyer);
      await visitor.getByRole("button", { name: "Email me a reset link" }).click();
      await expect(visitor.getByRole("status")).toContainText("If an account uses that email");
    };
    await askForReset();
    await page.goto("/admin/mail?q=new+password+for+your+account");
    await expect(page.getByRole("row").filter({ hasText: DEMO.buyer }).first()).toContainText(
      "Vacation Points Market: a new password for your account",
    );

    // The administrator switches the event off: the next request is logged as not sent.
    await page.goto("/admin/email-templates-actions?q=reset-password");
    await expect(page.getByRole("heading", { level: 1, name: "Email template actions" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-email-templates-actions");
    await page.goto("/admin/email-templates-actions/reset-password/edit");
    await expect(page.getByRole("complementary", { name: "Templates this event may send" })).toContainText(
      "reset-password",
    );
    await page.locator("#field-enabled").uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/Event “reset-password” saved/).first()).toBeVisible({ timeout: NAVIGATION_WAIT });
    await expect(page.getByRole("row").filter({ hasText: "reset-password" }).first()).toContainText("Off");

    await askForReset();
    await page.goto("/admin/mail?f.status=skipped");
    await expect(page.getByRole("row").filter({ hasText: DEMO.buyer }).first()).toContainText(
      "a new password for your account",
    );
    await visitor.close();

    // Both back to their defaults, for the specs that follow.
    await page.goto("/admin/email-templates-actions?f.changed=yes");
    await page.getByRole("button", { name: "Restore the default action of reset-password" }).click();
    await expect(page.getByText(/restored to its own template, switched on/).first()).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
    await page.goto("/admin/email-templates?f.edited=yes");
    await page.getByRole("button", { name: "Restore the default wording of reset-password" }).click();
    await expect(page.getByText(/“reset-password” restored to the default wording/).first()).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
  });
});
