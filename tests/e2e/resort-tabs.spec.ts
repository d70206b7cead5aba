import { DEMO, expect, expectAccessible, screenshots, signIn, test, waitForHydration } from "./fixtures";

/**
 * Issue 31: a resort page's overview, rooms, dining and map tabs, each its own URL, working without JavaScript; an
 * administrator's change of a resort's position and dining shows on the page.
 */
test("a visitor switches resort tabs with JavaScript off; each tab passes axe at 375 and 1280 px", async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Without JavaScript: the tabs are plain links, each its own URL, the selected one marked.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 375, height: 800 },
  });
  const nojs = await context.newPage();
  await nojs.goto("/resorts/animal-kingdom");
  const tabs = nojs.getByRole("navigation", { name: "Animal Kingdom Villas: sections" });
  await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(nojs.getByRole("heading", { name: "Price per point, last 12 months" })).toBeVisible();
  // The points box is a GET form to the point calculator with the resort preset.
  const form = nojs.getByTestId("points-form");
  await expect(form).toHaveAttribute("action", "/buying-vacation-point-calculator");
  await expect(form.locator('input[name="resort"]')).toHaveValue("animal-kingdom");

  await tabs.getByRole("link", { name: "Rooms" }).click();
  await expect(nojs).toHaveURL(/\/resorts\/animal-kingdom\/rooms$/);
  await expect(tabs.getByRole("link", { name: "Rooms" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", "page");
  await expect(nojs.getByTestId("resort-rooms").getByRole("link", { name: /deluxe studio stay/i })).toHaveAttribute(
    "href",
    "/buying-vacation-point-calculator?resort=animal-kingdom&room=deluxe-studio",
  );
  await tabs.getByRole("link", { name: "Dining" }).click();
  await expect(nojs).toHaveURL(/\/resorts\/animal-kingdom\/dining$/);
  await expect(nojs.getByTestId("resort-dining")).toContainText("Jiko");
  // From the keyboard: focus the Map tab and follow it.
  await tabs.getByRole("link", { name: "Map" }).focus();
  await nojs.keyboard.press("Enter");
  await expect(nojs).toHaveURL(/\/resorts\/animal-kingdom\/map$/);
  await expect(nojs.getByTestId("resort-coordinates")).toHaveText("28.3547° N, 81.6025° W");
  await expect(
    nojs.getByRole("img", { name: /Map: Animal Kingdom Villas and the \d+ other DVC resorts/ }),
  ).toBeVisible();
  expect((await nojs.goto("/resorts/animal-kingdom/pools"))?.status()).toBe(404);
  await context.close();

  // axe needs JavaScript: each tab again in the ordinary browser (the overview and the map, the two with charts,
  // at 375 and 1280 px; every tab goes through the layout checks at both widths).
  for (const tab of ["", "/rooms", "/dining", "/map"]) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/resorts/animal-kingdom${tab}`);
    await expectAccessible(page);
    if (tab === "" || tab === "/map") {
      await page.setViewportSize({ width: 375, height: 900 });
      await expectAccessible(page);
    }
    await screenshots(page, `resort-tab${tab.replace("/", "-") || "-overview"}`);
  }
});

test("an administrator edits a resort's position and dining and sees them on its page", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.admin);
  await page.goto("/admin/resorts");
  await expect(page.getByRole("heading", { level: 1, name: "Resorts" })).toBeVisible();
  await page.getByRole("link", { name: "Edit Vero Beach", exact: true }).click();
  const lat = page.getByLabel("Latitude");
  // Fields filled before hydration can be reset by it on a loaded machine: wait for the form to be live.
  await waitForHydration(page.getByRole("button", { name: "Save changes" }));
  const original = await lat.inputValue();
  await expectAccessible(page);
  await screenshots(page, "admin-resorts-edit");
  await lat.fill("27.7401");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/Resort “Vero Beach” saved/).first()).toBeVisible();

  // Its dining: the row's count links to the dining list filtered to the resort.
  await page.goto("/admin/resorts/dining/create");
  await waitForHydration(page.getByRole("button", { name: "Add dining place" }));
  await page.getByLabel("Resort").selectOption({ label: "Vero Beach" });
  await page.getByLabel("Name").fill("Test Dune Grill");
  await page.getByLabel("Kind").selectOption({ label: "Quick service" });
  await page.getByRole("button", { name: "Add dining place" }).click();
  await expect(page.getByText(/“Test Dune Grill”/).first()).toBeVisible();
  await expectAccessible(page);

  await page.goto("/resorts/vero-beach/map");
  await expect(page.getByTestId("resort-coordinates")).toHaveText("27.7401° N, 80.38° W");
  await page.goto("/resorts/vero-beach/dining");
  await expect(page.getByTestId("resort-dining")).toContainText("Test Dune Grill");

  // Put the demo data back.
  await page.goto("/admin/resorts/dining?q=Test+Dune+Grill");
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Delete Test Dune Grill" }).click();
  await expect(page.getByText("“Test Dune Grill” deleted.").first()).toBeVisible();
  await page.goto("/admin/resorts");
  await page.getByRole("link", { name: "Edit Vero Beach", exact: true }).click();
  await waitForHydration(page.getByRole("button", { name: "Save changes" }));
  await page.getByLabel("Latitude").fill(original);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/Resort “Vero Beach” saved/).first()).toBeVisible();
});

/** A one-pixel PNG: what the stand-in tile server answers. */
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test("the map tab becomes an interactive map when tiles arrive, and keeps the drawn map when they do not", async ({
  page,
}) => {
  // No tile server reachable (this machine has no network; the route makes it certain): the drawn map stays.
  await page.route("https://tile.openstreetmap.org/**", (route) => route.abort("internetdisconnected"));
  await page.goto("/resorts/animal-kingdom/map");
  const drawn = page.getByTestId("drawn-map");
  await expect(drawn).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByTestId("interactive-map")).toBeHidden();
  await expect(drawn).toBeVisible();

  // A tile server that answers: Leaflet draws the map over the drawn one's place, with a dot per resort.
  await page.unroute("https://tile.openstreetmap.org/**");
  const asked: string[] = [];
  await page.route("https://tile.openstreetmap.org/**", (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
  });
  await page.goto("/resorts/animal-kingdom/map");
  const map = page.getByRole("region", { name: /Interactive map of Animal Kingdom Villas/ });
  await expect(map).toBeVisible();
  await expect(drawn).toBeHidden();
  // The probe asked for the tile that holds the resort at zoom 13 (x 2239, y 3422: see resort-map.test.ts).
  expect(asked).toContain("https://tile.openstreetmap.org/13/2239/3422.png");
  const dots = map.locator("path.leaflet-interactive");
  const neighbours = await page.getByTestId("resort-neighbours").locator("li").count();
  await expect(dots).toHaveCount(neighbours + 1);
  await expect(map.getByText("Animal Kingdom Villas (AKV)")).toBeVisible();
  // The keyboard zooms it: focus the map and press + (again if Leaflet had not bound its keys yet, under load).
  const before = await page.locator(".leaflet-tile").first().getAttribute("src");
  await expect(async () => {
    await map.focus();
    await page.keyboard.press("Equal");
    await expect
      .poll(async () => page.locator(".leaflet-tile").first().getAttribute("src"), { timeout: 2000 })
      .not.toBe(before);
  }).toPass({ timeout: 15_000 });
  await expect(map.getByText("© OpenStreetMap contributors")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "resort-map-interactive");
});
