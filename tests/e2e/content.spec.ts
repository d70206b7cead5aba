import { expect, expectAccessible, screenshots, test } from "./fixtures";

const CONTENT_PAGES: [path: string, h1: RegExp][] = [
  ["/resale-restrictions", /DVC resale restrictions/],
  ["/dvc-annual-dues", /DVC annual dues/],
  ["/how-dvc-works", /How DVC works/],
  ["/selling-fees-associated", /Fees of selling a DVC contract/],
  ["/dvc-firpta", /FIRPTA withholding/],
  ["/harpta", /HARPTA withholding/],
  ["/about-us", /About /],
  ["/privacy-policy", /Privacy policy/],
  ["/terms-and-conditions", /Terms and conditions/],
  ["/resorts", /Disney Vacation Club resorts/],
];

test.describe("content pages", () => {
  for (const [path, h1] of CONTENT_PAGES) {
    test(`${path} answers 200 with its heading and is accessible`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("navigation", { name: "Related pages" })).toBeVisible();
      expect(await page.title()).not.toBe("");
      await expectAccessible(page);
    });
  }

  test("menu anchors exist", async ({ page }) => {
    await page.goto("/how-dvc-works");
    await expect(page.locator("#closing")).toContainText("60-90 days");
    await expect(page.locator("#booking")).toContainText("11 months");
    await expect(page.locator("#closing ol > li")).toHaveCount(8);
    await page.goto("/about-us");
    await expect(page.locator("#licensing")).toContainText("licensed");
    await expect(page.locator("#escrow")).toContainText("$1,000");
    await expect(page.locator("#contact")).toContainText("Mon-Sat");
  });

  test("annual dues shows the 2022 table, current dues and the worked example", async ({ page }) => {
    await page.goto("/dvc-annual-dues");
    await expect(page.getByRole("table", { name: /2022 dues/ })).toContainText("$11.94");
    const current = page.getByRole("table", { name: /Annual dues per point, with the year and source/ });
    await expect(current).toContainText("/pt for 2026");
    await expect(current).toContainText("Ask us for this resort's current dues");
    // Issue 27: an estimate says it is one, and a buyer asks through a real form (a contact message).
    await expect(current).toContainText("(our estimate)");
    await expect(page.getByText("$858", { exact: true })).toBeVisible();
    await current.getByRole("link", { name: "Ask us for this resort's current dues" }).first().click();
    const form = page.locator("#ask-dues");
    await expect(form.getByLabel("Resort")).not.toHaveValue("");
    await form.getByLabel("Your name").fill("Dana Buyer");
    await form.getByLabel("Email").fill("dana.buyer@example.org");
    await form.getByRole("button", { name: "Ask about the dues" }).click();
    await expect(page.getByText("We will find out this year's dues for you")).toBeVisible();
  });

  test("policies show their date", async ({ page }) => {
    for (const path of ["/privacy-policy", "/terms-and-conditions"]) {
      await page.goto(path);
      await expect(page.getByText("Last updated November 22, 2026")).toBeVisible();
    }
    await page.goto("/privacy-policy");
    await expect(page.getByText("my-favorite-listings")).toBeVisible();
  });

  test("screenshots of guide pages", async ({ page }) => {
    await page.goto("/how-dvc-works");
    await screenshots(page, "content-how-dvc-works");
    await page.goto("/dvc-annual-dues");
    await screenshots(page, "content-dvc-annual-dues");
    await page.goto("/selling-fees-associated");
    await screenshots(page, "content-selling-fees");
  });
});

test.describe("resorts", () => {
  test("/resorts lists 17 resorts and the interval entry", async ({ page }) => {
    await page.goto("/resorts");
    const cards = page
      .getByRole("list")
      .filter({ has: page.getByRole("link", { name: "Animal Kingdom Villas", exact: true }) });
    await expect(cards.getByRole("heading", { level: 3 })).toHaveCount(17);
    await expect(page.locator("dd", { hasText: "January 31, 2042, or January 31, 2057 if extended" })).toBeVisible();
    await expect(page.locator("dd", { hasText: "/pt for 2026" }).first()).toBeVisible();
    // Each resort card has its picture (the illustration, loaded: never a broken image).
    const pictures = page.getByTestId("resort-picture");
    await expect(pictures).toHaveCount(17);
    await pictures.first().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        pictures
          .first()
          .locator("img")
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: "How exchange works" })).toHaveAttribute(
      "href",
      "/resorts/interval-resorts",
    );
    await screenshots(page, "resorts-index");
  });

  test("/resorts/animal-kingdom shows facts and restrictions", async ({ page }) => {
    const res = await page.goto("/resorts/animal-kingdom");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Animal Kingdom Villas");
    await expect(page.locator("#overview")).toContainText("2057");
    await expect(page.locator("#booking")).toContainText("Cannot book Riviera");
    await expect(page.locator("#booking")).toContainText("No Disney, Concierge or Adventurer Collections");
    // Its listings for sale, and the way to all of them in the search.
    const forSale = page.getByRole("region", { name: "For sale now" });
    await expect(page.getByTestId("resort-for-sale-summary")).toContainText(
      /\d+ AKV contracts? (is|are) listed, at \$/,
    );
    await expect(forSale.getByTestId("listing-card").first()).toContainText("Animal Kingdom");
    await expectAccessible(page);
    await screenshots(page, "resort-animal-kingdom");
    await forSale.getByRole("link", { name: /AKV listings|See it in the search/ }).click();
    await expect(page).toHaveURL(/\/listings\?resort=AKV/);
    await expect(page.getByTestId("listing-card").first()).toContainText("Animal Kingdom");
  });

  test("/resorts/riviera says resale contracts book only Riviera", async ({ page }) => {
    await page.goto("/resorts/riviera");
    await expect(page.getByText("Resale Riviera contracts book only Riviera.")).toBeVisible();
    await expect(page.locator("#booking")).not.toContainText("Cannot book Riviera");
    await expectAccessible(page);
  });

  test("longer closing note for Aulani, none for Animal Kingdom", async ({ page }) => {
    await page.goto("/resorts/aulani");
    await expect(page.getByText("Closings take longer at Aulani.")).toBeVisible();
    await page.goto("/resorts/animal-kingdom");
    await expect(page.getByText(/Closings take longer/)).toHaveCount(0);
  });

  test("a resort page shows its illustration, and public pages show facts with sources, never internal notes", async ({
    page,
  }) => {
    // Issue 13: Aulani has no uploaded photo, so its page shows the illustration drawn from its data, with an alt.
    await page.goto("/resorts/aulani");
    const picture = page.getByRole("img", { name: /^An illustration of Aulani: .*palm trees/ });
    await expect(picture).toBeVisible();
    const art = picture.locator("img").first();
    await expect(art).toHaveAttribute("src", /^\/resorts\/aulani\/illustration\.svg\?v=\d+$/);
    await expect
      .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const svg = await page.request.get((await art.getAttribute("src")) ?? "");
    expect(svg.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(await svg.text()).toContain('<title id="aaul-title">Aulani, illustrated</title>');
    // Its end year is shown with its source; its dues are not known, and the page says so plainly.
    await expect(page.locator("#overview")).toContainText("January 31, 2062");
    await expect(page.locator("#overview")).toContainText("Source: Contract end dates published by DVC resale brokers");
    await expect(page.locator("#overview")).toContainText("Ask us for this resort's current dues");
    await expectAccessible(page);
    // A resort with dues on record shows the figure with its year and source.
    await page.goto("/resorts/grand-californian");
    await expect(page.locator("#overview")).toContainText(/\$\d+\.\d\d\/pt for 2026/);
    await expect(page.locator("#overview")).toContainText("Source: Our estimate, from the published 2022 dues");
    // No internal notes on any public page that shows these facts (end years the admin marks unverified included).
    const INTERNAL = /\bunverified\b|not published|not on record/i;
    const vgcListing = await page.request.get("/listings?resort=VGC");
    const listingHref = /href="(\/listing-info\/\d+)"/.exec(await vgcListing.text())?.[1];
    expect(listingHref).toBeTruthy();
    for (const path of ["/resorts", "/resorts/aulani", "/resorts/grand-californian", "/dvc-annual-dues", listingHref]) {
      await page.goto(path as string);
      await expect(page.locator("main"), path).not.toContainText(INTERNAL);
    }
  });

  test("/resorts/interval-resorts explains exchange", async ({ page }) => {
    const res = await page.goto("/resorts/interval-resorts");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/exchange resorts/);
    await expectAccessible(page);
  });

  test("an unknown resort is a 404", async ({ page }) => {
    const res = await page.goto("/resorts/no-such-resort");
    expect(res?.status()).toBe(404);
  });
});

test("/sitemap.xml lists pages and resorts as absolute URLs", async ({ request, baseURL }) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/xml");
  const xml = await res.text();
  const origin = new URL(baseURL ?? "http://localhost").origin;
  expect(xml).toContain(`<loc>${origin}/resorts/animal-kingdom</loc>`);
  expect(xml).toContain(`<loc>${origin}/resale-restrictions</loc>`);
  expect(xml).toContain(`<loc>${origin}/</loc>`);
  // 18 resort pages, and the rooms, dining and map tabs of the 17 DVC resorts (issue 31).
  expect(xml.match(/<loc>[^<]*\/resorts\/[^<]+<\/loc>/g)).toHaveLength(18 + 17 * 3);
  expect(xml).toContain(`<loc>${origin}/resorts/animal-kingdom/map</loc>`);
});
