import { easternWallTime } from "~/lib/eastern-time";
import {
  DEMO,
  expect,
  expectAccessible,
  NAVIGATION_WAIT,
  screenshots,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";
import { rows as publicRows } from "./route-access/public.rows";

/**
 * Issue 32 (decision 0082): a visitor searches from the tool menu's panel and from /search and opens a result; every
 * public page has its own title and description and valid JSON-LD; the header banner's modal opens and closes with
 * the keyboard; an administrator's header colours are refused below AA and shown once readable.
 */

// Full-page screenshots at two widths and axe take their time on a shared machine.
test.beforeEach(() => test.setTimeout(150_000));

test.describe("site search", () => {
  test("a visitor searches from the tool menu's panel, moves with the arrow keys and opens a resort", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/how-dvc-works");
    await page.getByRole("button", { name: "Tools" }).click();
    await page.getByRole("navigation", { name: "Tools" }).getByRole("button", { name: "Search" }).click();
    const panel = page.getByTestId("search-panel");
    const box = panel.getByRole("searchbox", { name: "Resort, points or use year" });
    await expect(box).toBeFocused();
    // One letter: a message, no request.
    await box.pressSequentially("b");
    await expect(panel).toContainText("Type at least 2 letters or digits to search.");
    await box.pressSequentially("ay lake");
    const resorts = panel.getByRole("region", { name: /^Resorts/ });
    await expect(resorts.getByRole("link", { name: "Bay Lake Tower" })).toBeVisible();
    await expect(resorts.locator("mark").first()).toHaveText(/bay|lake/i);
    await expect(panel.getByRole("region", { name: /^Listings for sale/ })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "search-panel");
    // Down from the box to the first result, down again, up again, Enter.
    await box.press("ArrowDown");
    const first = panel.locator("a[data-search-result]").first();
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(panel.locator("a[data-search-result]").nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(first).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/resorts/bay-lake-tower", { timeout: NAVIGATION_WAIT });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bay Lake Tower");
  });

  test("Escape closes the panel and gives focus back to its button", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/about-us");
    await page.getByRole("button", { name: "Tools" }).click();
    const search = page.getByRole("navigation", { name: "Tools" }).getByRole("button", { name: "Search" });
    await search.click();
    await expect(page.getByTestId("search-panel")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("search-panel")).toHaveCount(0);
    await expect(search).toBeFocused();
  });

  test("the /search page lists results by kind with counts and opens a listing", async ({ page }) => {
    await page.goto("/search?q=x");
    await expect(page.getByRole("alert")).toHaveText("Type at least 2 letters or digits to search.");
    await page.getByRole("searchbox", { name: "Search the site" }).fill("October");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/\/search\?q=October/);
    const listings = page.getByRole("region", { name: /^Listings for sale \(\d+/ });
    await expect(listings).toBeVisible();
    await expect(listings.locator("mark").first()).toHaveText(/october/i);
    await expectAccessible(page);
    await screenshots(page, "search-page");
    const link = listings.locator("a[data-search-result]").first();
    const title = (await link.locator("span").first().innerText()).trim();
    await link.click();
    await page.waitForURL(/\/(listing-info|broker-listings)\/\d+/, { timeout: NAVIGATION_WAIT });
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title.split(",")[0]);
  });
});

test.describe("SEO", () => {
  test("every public page has its own title and description, and its JSON-LD parses", async ({ request }) => {
    const paths = publicRows
      .filter((r) => (r.method ?? "GET") === "GET" && r.expect.anonymous === "allow")
      .map((r) => r.path)
      .filter((p) => !/^\/api\/|\.(svg|xml|txt)$/.test(p));
    const search = await (await request.get("/api/dvc/search/October")).json();
    const listing = search.pages.find((p: { kind: string }) => p.kind === "listing");
    paths.push("/", "/listings", "/search", "/resorts/bay-lake-tower", "/resorts/aulani", listing.url);
    // The pages for signing in are public too, though the route table counts them as visitors' only.
    paths.push("/sign-in", "/sign-up", "/forgot/password");
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    const types = new Map<string, string[]>();
    const problems: string[] = [];
    for (const path of [...new Set(paths)]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const page = await res.text();
      // The head's tags (a page's SVG pictures have <title>s of their own).
      const html = page.slice(0, page.indexOf("</head>"));
      const title = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
      const description = [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]);
      if (title.length !== 1) problems.push(`${path}: ${title.length} titles`);
      if (description.length !== 1) problems.push(`${path}: ${description.length} descriptions`);
      else if (description[0].length < 50)
        problems.push(`${path}: a description of ${description[0].length} characters`);
      if (title[0] && titles.has(title[0])) problems.push(`${path}: the title of ${titles.get(title[0])}`);
      if (description[0] && descriptions.has(description[0]))
        problems.push(`${path}: the description of ${descriptions.get(description[0])}`);
      if (title[0]) titles.set(title[0], path);
      if (description[0]) descriptions.set(description[0], path);
      const found: string[] = [];
      for (const m of page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
        const parsed = JSON.parse(m[1]);
        for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
          if (item["@context"] !== "https://schema.org")
            problems.push(`${path}: JSON-LD without the schema.org context`);
          found.push(item["@type"]);
        }
      }
      types.set(path, found);
      // Decision 0085: one canonical link and one og:url, absolute; a JSON-LD on every page.
      const canonical = [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);
      if (canonical.length !== 1 || !/^https?:\/\//.test(canonical[0]))
        problems.push(`${path}: canonical ${JSON.stringify(canonical)}`);
      if ([...html.matchAll(/<meta property="og:url"/g)].length !== 1) problems.push(`${path}: og:url`);
      if (found.length === 0) problems.push(`${path}: no JSON-LD`);
    }
    expect(problems).toEqual([]);
    expect(types.get("/")).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
    expect(types.get("/resorts/bay-lake-tower")).toEqual(expect.arrayContaining(["Resort", "BreadcrumbList"]));
    expect(types.get(listing.url)).toEqual(expect.arrayContaining(["Product"]));
  });
});

test.describe("SEO manager", () => {
  test("a writer gives a page its own search title and preview picture; visitors' pages carry them", async ({
    page,
    request,
  }) => {
    await signIn(page, DEMO.writer);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/seo");
    await expect(page.getByRole("heading", { level: 1, name: "SEO manager" })).toBeVisible();
    await page.goto("/admin/seo/create");
    await page.locator("#field-path").fill("/admin/users");
    await page.locator("#field-title").fill("Resale checklist: 12 checks before you offer");
    await page.getByRole("button", { name: "Add SEO entry" }).click();
    await expect(page.locator("#field-path")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/Enter a public page.s address/).first()).toBeVisible();
    await page.locator("#field-path").fill("/dvc-checklist");
    await page
      .getByLabel("Description")
      .fill("Twelve checks before you offer on a resale DVC contract: dues, use year, ROFR.");
    await page.getByRole("button", { name: "Add SEO entry" }).click();
    await expect(page.getByRole("link", { name: "/dvc-checklist", exact: true })).toBeVisible({
      timeout: NAVIGATION_WAIT,
    });
    await expectAccessible(page);
    await screenshots(page, "admin-seo");
    const html = await (await request.get("/dvc-checklist")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>Resale checklist: 12 checks before you offer | Vacation Points Market</title>");
    expect(head).toContain('content="Twelve checks before you offer on a resale DVC contract: dues, use year, ROFR."');
    await page.goto("/admin/seo/defaults");
    await expect(page.getByRole("heading", { level: 1, name: "SEO defaults" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("header banner and design settings", () => {
  test("the banner's modal opens and closes with the keyboard", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const TITLE = "Owners' spring checklist";
    const DETAIL = "Bank unused points before the banking deadline: eight months into your use year.";
    await signIn(page, DEMO.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/banners/create");
    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel("Banner text").fill("Points expire at the end of their use year unless banked.");
    await page.locator("#field-callToActionText").fill("Read the checklist");
    await page.getByLabel("Detail text").fill(DETAIL);
    await page.locator("#field-status").selectOption("scheduled");
    await page.getByLabel("Starts").fill(easternWallTime(new Date()));
    await page.getByRole("button", { name: "Add banner" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/banners");
    await expect
      .poll(
        async () => {
          await page.goto("/admin/banners");
          return page.getByRole("row", { name: new RegExp(TITLE) }).innerText();
        },
        { timeout: 30_000, intervals: [1000] },
      )
      .toContain("Live");

    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto("/resorts");
    const cta = visitor
      .getByRole("region", { name: "Announcement" })
      .getByRole("button", { name: "Read the checklist" });
    await waitForHydration(cta);
    await cta.focus();
    await visitor.keyboard.press("Enter");
    const dialog = visitor.getByRole("dialog", { name: TITLE });
    await expect(dialog).toContainText(DETAIL);
    await expectAccessible(visitor);
    await screenshots(visitor, "search-seo-banner-dialog");
    await visitor.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(cta).toBeFocused();
    await context.close();

    // Back to draft, so the next specs' pages have no banner.
    await page.getByRole("link", { name: TITLE, exact: true }).click();
    await page.locator("#field-status").selectOption("draft");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`Banner “${TITLE}” saved`).first()).toBeVisible();
  });

  test("an administrator's header colours: refused below AA, shown on the public header once readable", async ({
    page,
    browser,
  }) => {
    await signIn(page, DEMO.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/frontend-design-settings");
    await expect(page.getByRole("heading", { level: 1, name: "Front-end design" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-frontend-design-settings");
    const header = page.getByRole("region", { name: "Header colours" });
    await header.getByLabel("Header background").fill("#9ca3af");
    await header.getByLabel("Header text").fill("#ffffff");
    await header.getByRole("button", { name: "Save header colours" }).click();
    await expect(page.getByText(/must be at least 4\.5 to 1/).first()).toBeVisible();
    await header.getByLabel("Header background").fill("#1e3a8a");
    await header.getByRole("button", { name: "Save header colours" }).click();
    await expect(page.getByText(/Header colours saved/).first()).toBeVisible();

    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto("/about-us");
    await expect(visitor.locator("header[data-header-state]")).toHaveCSS("background-color", "rgb(30, 58, 138)");
    await context.close();
    // Back to the default colours.
    await page.goto("/admin/frontend-design-settings");
    await page.getByRole("region", { name: "Header colours" }).getByLabel("Header background").fill("#0f172a");
    await page
      .getByRole("region", { name: "Header colours" })
      .getByRole("button", { name: "Save header colours" })
      .click();
    await expect(page.getByText(/Header colours saved/).first()).toBeVisible();
  });
});
