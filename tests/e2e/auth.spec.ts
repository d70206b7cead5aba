import {
  DEMO,
  expect,
  expectAccessible,
  screenshots,
  signIn,
  signInWithForm,
  test,
  waitForHydration,
} from "./fixtures";

test.describe("joining and signing in", () => {
  for (const role of ["buyer", "seller"] as const) {
    test(`signs up as a ${role}, is asked for the email pin, and can go on to the profile area`, async ({ page }) => {
      const email = `new-${role}-${Date.now()}@example.org`;
      await page.goto("/sign-up");
      await expectAccessible(page);
      await page.getByRole("link", { name: role === "buyer" ? /I want to buy/ : /I want to sell/ }).click();
      await expect(page).toHaveURL(new RegExp(`/sign-up/new\\?role=${role}`));
      await expect(page.getByRole("radio", { name: role === "buyer" ? "Buy points" : "Sell points" })).toBeChecked();
      await page.getByLabel("Full name").fill(`New ${role}`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("secret123");
      await page.getByRole("button", { name: "Create an account", exact: true }).click();
      await expect(page).toHaveURL(/\/register\/action\/verify-email-message$/);
      await expect(page.getByText(email).first()).toBeVisible();
      await page.getByRole("link", { name: "go to my account" }).click();
      await expect(page).toHaveURL(/\/v2\/profile$/);
      await expect(page.getByText(email).first()).toBeVisible();
      await expect(page.locator("header[data-header-state]")).toHaveAttribute("data-header-state", role);
    });
  }

  test("shows the SPEC's messages for a taken email and a short password", async ({ page }) => {
    await page.goto("/sign-up/new?role=buyer");
    await page.getByLabel("Full name").fill("Copy Cat");
    await page.getByLabel("Email").fill(DEMO.buyer);
    await page.getByLabel("Password").fill("secret123");
    await page.getByRole("button", { name: "Create an account", exact: true }).click();
    await expect(page.getByText("Email already exists")).toBeVisible();

    await page.getByLabel("Email").fill("broken-email");
    await page.getByLabel("Password").fill("123");
    // The server checks the form (decision 0072) and shows each message beside its field.
    await page.getByRole("button", { name: "Create an account", exact: true }).click();
    await expect(page.getByText("Email address is invalid, enter correct email.")).toBeVisible();
    await expect(page.getByText("Password should be at least 6 characters.")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "sign-up-errors");
  });

  test("the sign-up form works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/sign-up/new?role=seller");
    await page.getByLabel("Full name").fill("No Script");
    await page.getByLabel("Email").fill(`noscript-${Date.now()}@example.org`);
    await page.getByLabel("Password").fill("secret123");
    await page.getByRole("button", { name: "Create an account", exact: true }).click();
    await expect(page).toHaveURL(/\/register\/action\/verify-email-message$/);
    await context.close();
  });

  const landings: [string, RegExp][] = [
    [DEMO.admin, /\/admin\/offer-dashboard$/],
    [DEMO.writer, /\/admin\/posts$/],
    [DEMO.seniorWriter, /\/admin\/posts$/],
    [DEMO.seller, /\/v2\/profile$/],
    [DEMO.seller2, /\/v2\/profile$/],
    [DEMO.buyer, /\/v2\/profile$/],
    [DEMO.buyer2, /\/v2\/profile$/],
  ];
  for (const [email, landing] of landings) {
    test(`${email} signs in and lands on the right page`, async ({ page }) => {
      await signInWithForm(page, email);
      await expect(page).toHaveURL(landing);
      await expect(page.getByText("Welcome back.")).toBeVisible();
      await expectAccessible(page);
    });
  }

  test("a wrong password gets a clear message and no session", async ({ page }) => {
    await page.goto("/sign-in");
    await expectAccessible(page);
    await screenshots(page, "sign-in");
    await page.getByLabel("Email").fill(DEMO.buyer);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("That email and password do not match an account.");
    await page.goto("/v2/profile");
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fv2%2Fprofile/);
  });

  test("logging out ends the session", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/");
    // The account menu's code arrives while the page hydrates (lazy-account-menus.tsx): a click before it does nothing.
    const menu = page.getByRole("button", { name: /account menu/ });
    await waitForHydration(menu);
    await menu.click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.getByText("You are signed out.")).toBeVisible();
    await page.goto("/v2/profile");
    await expect(page).toHaveURL(/\/sign-in/);
  });
});
