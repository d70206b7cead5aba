import { DEMO, expect, expectAccessible, screenshots, signIn, test } from "./fixtures";

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.describe("user administration", () => {
  test("an admin searches and filters users, creates one above the list and edits it", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    // The sidebar leads to the screen.
    await page.goto("/admin/dashboard");
    await page.getByRole("link", { name: "Users", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-users-list");

    const table = page.getByRole("table", { name: "Users" });
    // Search keeps working with the filters and sort in the query string.
    await page.getByLabel("Search by name, email or user id").fill("seller");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=seller/);
    await expect(table.getByText("seller@example.com")).toBeVisible();
    await expect(table.getByText("buyer@example.com")).toHaveCount(0);
    const filters = page.getByRole("form", { name: "Filter users" });
    await filters.getByLabel("Role", { exact: true }).selectOption("seller");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/f\.role=seller/);
    await expect(page).toHaveURL(/q=seller/);
    await table.getByRole("link", { name: /^Email/ }).click();
    await expect(page).toHaveURL(/sort=email&dir=asc/);
    await expect(table.getByRole("columnheader", { name: /Email/ })).toHaveAttribute("aria-sort", "ascending");
    // Sellers can be impersonated: a Login form posts to the impersonate endpoint.
    await expect(table.getByRole("button", { name: "Login as Sally Seller" })).toBeVisible();

    // The settings cog hides a column and sets the page size, kept in the query string.
    await page.getByText("Table settings").click();
    const settings = page.getByRole("form", { name: "Table settings" });
    await settings.getByLabel("Rows per page").selectOption("10");
    await settings.getByLabel("User id").uncheck();
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(page).toHaveURL(/perPage=10/);
    await expect(table.getByRole("columnheader", { name: "User id" })).toHaveCount(0);
    await expect(table.getByRole("columnheader", { name: /Joined/, includeHidden: true })).toHaveCount(1);
    // At this width the date gives way to the columns that matter more, and shows under each name (decision 0048).
    await expect(table.getByText("Joined (Eastern):").first()).toBeVisible();

    // Administrators have no Login button.
    await page.goto("/admin/users?role=admin");
    await expect(table.getByText("admin@example.com")).toBeVisible();
    await expect(table.getByRole("button", { name: /^Login as/ })).toHaveCount(0);

    // Create a user in the form above the list; a taken email is refused beside its field, the values kept.
    await page.goto("/admin/users");
    const create = page.getByRole("form", { name: "Create a user" });
    await expect(create).toBeVisible();
    await create.getByLabel("Name", { exact: true }).fill("Casey Created");
    await create.getByLabel("Email", { exact: true }).fill("buyer@example.com");
    await create.getByLabel("Role", { exact: true }).selectOption("seller");
    await create.getByLabel("New password", { exact: true }).fill("secret12");
    await create.getByRole("button", { name: "Create user" }).click();
    await expect(create.getByText("Email already exists")).toBeVisible();
    await expect(create.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(create.getByLabel("Name", { exact: true })).toHaveValue("Casey Created");
    await expect(create.getByLabel("Role", { exact: true })).toHaveValue("seller");
    await expectAccessible(page);
    await screenshots(page, "admin-users-create-refused");
    const email = `casey.${stamp()}@example.com`;
    await create.getByLabel("Email", { exact: true }).fill(email);
    // The server never sends the password back (tests/integration/admin-users.test.ts); the box keeps what was typed.
    await create.getByLabel("New password", { exact: true }).fill("secret12");
    await create.getByLabel("Email verified (no pin needed)").check();
    await create.getByRole("button", { name: "Create user" }).click();
    // Hashing the new password takes a while on a busy machine.
    await expect(page.locator("[data-toast]").filter({ hasText: "Casey Created was created." })).toBeVisible({
      timeout: 20_000,
    });

    // Edit it.
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.getByLabel("Search by name, email or user id").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    // The name opens the user's own page.
    await table.getByRole("link", { name: "Casey Created" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Casey Created" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-users-edit");
    await page.getByLabel("Name", { exact: true }).fill("Casey Edited");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Casey Edited's account was updated." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Casey Edited" })).toBeVisible();
    // Suspend with a reason, then lift it.
    await page.getByLabel("Reason for suspending").fill("Testing the suspension");
    await page.getByRole("button", { name: "Suspend account" }).click();
    await expect(page.getByText("Testing the suspension")).toBeVisible();
    await page.getByRole("button", { name: "Lift suspension" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "is no longer suspended" })).toBeVisible();

    // The new account signs in and reads its journal: the administrator's changes are there.
    await page.context().clearCookies();
    await signIn(page, email, "secret12");
    await page.goto("/v2/profile/journal-activity");
    await expect(page.getByRole("heading", { level: 1, name: "Journal activity" })).toBeVisible();
    const journal = page.getByRole("table", { name: "Your account's journal" });
    await expect(journal.getByText("An administrator changed the name to Casey Edited.")).toBeVisible();
    await expect(journal.getByText("An administrator (Alex Admin)").first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "profile-journal-activity");
  });

  test("a deleted user is restored from Deleted users", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto("/admin/users");
    const create = page.getByRole("form", { name: "Create a user" });
    const email = `della.${stamp()}@example.com`;
    await create.getByLabel("Name", { exact: true }).fill("Della Deleted");
    await create.getByLabel("Email", { exact: true }).fill(email);
    await create.getByLabel("New password", { exact: true }).fill("secret12");
    await create.getByRole("button", { name: "Create user" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Della Deleted was created." })).toBeVisible({
      timeout: 20_000,
    });
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole("table", { name: "Users" }).getByRole("link", { name: "Della Deleted" }).click();
    await page.getByRole("button", { name: "Delete account" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.locator("[data-toast]").filter({ hasText: "Della Deleted's account was deleted" })).toBeVisible();

    await page.getByRole("link", { name: "Deleted users" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Deleted users" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-deleted-users");
    await page.getByLabel("Search by name, email or user id").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("button", { name: "Restore Della Deleted" }).click();
    await expect(
      page.locator("[data-toast]").filter({ hasText: "Della Deleted's account was restored" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Restore Della Deleted" })).toHaveCount(0);
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("table", { name: "Users" }).getByText(email)).toBeVisible();
  });

  test("the journal with its tabs and periods, login activity, admins and the admin profile", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.admin);
    // The SPEC's address (its query names are still read): this month's General tab.
    await page.goto("/admin/journal?filter=this-month&selectedTab=general");
    await expect(page.getByRole("heading", { level: 1, name: "Journal" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Category tabs" });
    await expect(tabs.getByRole("link", { name: /^General/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Period")).toHaveValue("this-month");
    await tabs.getByRole("link", { name: /^Impersonation/ }).click();
    await expect(page).toHaveURL(/f\.category=impersonation/);
    await expect(page.getByLabel("Period")).toHaveValue("this-month");
    await expect(page.getByText("Impersonated by Alex Admin").filter({ visible: true }).first()).toBeVisible();
    await tabs.getByRole("link", { name: /^Listings/ }).click();
    await expect(page.getByRole("link", { name: /Listing VPM-\d+ was/ }).first()).toBeVisible();
    await page.getByLabel("Period").selectOption("");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/f\.period=(&|$)/);
    await page.getByLabel("Search by user name, email or user id").fill("seller2@example.com");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/f\.category=listing/);
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows.first()).toContainText("seller2@example.com");
    await expect(page.getByRole("table").getByText("seller@example.com", { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "admin-journal");
    // An entry's own page: who and what, and the values it recorded before and after.
    await rows
      .first()
      .getByRole("link", { name: /Listing VPM-\d+ was/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/journal\/\d+$/);
    await expect(page.getByRole("heading", { name: "Before and after" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recorded data" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-journal-entry");

    await page.goto("/admin/login-activity");
    await expect(page.getByRole("heading", { level: 1, name: "Login activity" })).toBeVisible();
    // This test's own sign-in is the newest row.
    await expect(page.getByRole("table").locator("tbody tr").first()).toContainText(/admin@example.com|Signed in/);
    await page.getByLabel("Result").selectOption("failure");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/f\.result=failure/);
    await expect(page.getByText("Failed: wrong email or password").filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText("Signed in", { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "admin-login-activity");

    await page.goto("/admin/admins");
    await expect(page.getByRole("heading", { level: 1, name: "Admins" })).toBeVisible();
    await expect(page.getByText("You (cannot change your own)")).toBeVisible();
    await expect(page.getByLabel("Staff role for Wren Writer", { exact: true })).toHaveValue("writer");
    await expectAccessible(page);
    await screenshots(page, "admin-admins");

    // The header's Profile button.
    await page.getByRole("navigation", { name: "Admin shortcuts" }).getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Security and two-factor" })).toHaveAttribute(
      "href",
      "/profile/security",
    );
    await expect(page.getByRole("table", { name: "Your recent sign-ins" }).locator("tbody tr").first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-profile");
  });

  test("without JavaScript the create-user form shows in the page and works", async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, DEMO.admin);
    await page.goto("/admin/users");
    const section = page.getByRole("form", { name: "Create a user" });
    const email = `nojs.${stamp()}@example.com`;
    await section.getByLabel("Name", { exact: true }).fill("Noah Nojs");
    await section.getByLabel("Email", { exact: true }).fill(email);
    await section.getByLabel("New password", { exact: true }).fill("secret12");
    await section.getByRole("button", { name: "Create user" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Noah Nojs was created." })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await context.close();
  });

  test("writers and buyers cannot open user administration; a buyer reads their own journal", async ({ page }) => {
    await signIn(page, DEMO.writer);
    // Where the server sends them, asked without loading each page in the browser (decision 0095).
    for (const path of ["/admin/users", "/admin/journal", "/admin/deleted-users"]) {
      const res = await page.request.get(path);
      expect(res.url()).not.toMatch(new RegExp(path));
    }
    await page.goto("/admin/posts");
    await expect(page.getByRole("link", { name: "Login activity" })).toHaveCount(0);
    await page.context().clearCookies();
    await signIn(page, DEMO.buyer);
    await page.goto("/admin/users");
    await expect(page).not.toHaveURL(/\/admin\/users/);
    await page.goto("/v2/profile/journal-activity");
    await expect(
      page.getByRole("table", { name: "Your account's journal" }).getByText("Signed in.").first(),
    ).toBeVisible();
  });
});
