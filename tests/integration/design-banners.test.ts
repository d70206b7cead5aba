import { describe, expect, it } from "vitest";
import { headerBanners, settings } from "~/db/schema";
import { bannerForPage, routeFlagsOf, showsHeaderBanner } from "~/modules/content/header-banner";
import { getShellData } from "~/modules/content/shell.server";
import { action as designAction, loader as designLoader } from "~/routes/admin/frontend-design-settings";
import { inArray } from "drizzle-orm";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 32: /admin/frontend-design-settings (settings engine, decision 0064) read by the public shell; the header
// banner on every page or on flagged pages; the home page's plane banner.
const services = await startTestServices();
const { db } = services;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const writerCookie = await sessionCookieFor(services, "writer@example.com");
const PATH = "/admin/frontend-design-settings";

type Fn = (args: never) => unknown;
function call(fn: Fn, init: Parameters<typeof makeRequest>[1] = {}) {
  const request = makeRequest(PATH, init);
  return callRoute(
    ((a: object) => (fn as (x: object) => unknown)({ ...a, pattern: PATH, url: new URL(request.url) })) as never,
    request,
  );
}
const post = (form: Record<string, string>, cookie = adminCookie) =>
  call(designAction as Fn, { method: "POST", form, cookie });
const storedKeys = async () =>
  Object.fromEntries(
    (
      await db
        .select()
        .from(settings)
        .where(inArray(settings.key, ["header_background_colour", "header_text_colour", "footer_text", "site_logo"]))
    ).map((r) => [r.key, r.value]),
  );

describe("/admin/frontend-design-settings", () => {
  it("is for administrators: a writer can neither read nor change it", async () => {
    expect((await call(designLoader as Fn, { cookie: adminCookie })).status).toBe(200);
    const read = await call(designLoader as Fn, { cookie: writerCookie });
    expect([302, 303, 403]).toContain(read.status);
    const before = await storedKeys();
    const write = await post({ intent: "header", header_background: "#ffffff", header_text: "#000000" }, writerCookie);
    expect([302, 303, 403]).toContain(write.status);
    expect(await storedKeys()).toEqual(before);
  });

  it("refuses header colours below AA contrast, naming the ratio, and writes nothing", async () => {
    const before = await storedKeys();
    const res = await post({ intent: "header", header_background: "#777777", header_text: "#ffffff" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/contrast of 4\.48[^"]*at least 4\.5 to 1/);
    expect(await storedKeys()).toEqual(before);
    const notHex = await post({ intent: "header", header_background: "navy", header_text: "#ffffff" });
    expect(notHex.status).toBe(400);
    expect(JSON.stringify(notHex.body)).toContain("as a hex colour");
  });

  it("refuses a logo that is not a media library picture", async () => {
    const res = await post({
      intent: "identity",
      site_name: "Vacation Points Market",
      logo: "https://evil.example/x.png",
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("from the media library");
  });

  it("saves name, logo, colours, footer text and the plane banner, and the public shell shows them", async () => {
    const saves: Record<string, string>[] = [
      { intent: "identity", site_name: "Points Market Test", logo: "/media/library/logo-test.webp" },
      { intent: "header", header_background: "#FDE68A", header_text: "#1E293B" },
      { intent: "footer", footer_text: "Licensed and insured since 2016." },
      { intent: "home", is_show_plane_banner: "on", plane_banner_text: "Fly to the listings" },
    ];
    for (const form of saves) expect((await post(form)).status).toBe(303);
    const shell = await getShellData(makeRequest("/"));
    expect(shell.site.siteName).toBe("Points Market Test");
    expect(shell.design).toEqual({
      logo: "/media/library/logo-test.webp",
      header: { background: "#fde68a", text: "#1e293b" },
      footerText: "Licensed and insured since 2016.",
      plane: { show: true, text: "Fly to the listings" },
    });
    // Switched off again: the home page shows no plane banner.
    expect((await post({ intent: "home", plane_banner_text: "Fly to the listings" })).status).toBe(303);
    expect((await getShellData(makeRequest("/"))).design.plane.show).toBe(false);
  });

  it("falls back to readable colours when a stored pair fails AA (written some other way)", async () => {
    for (const [key, value] of [
      ["header_background_colour", "#ffffff"],
      ["header_text_colour", "#eeeeee"],
    ]) {
      await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    }
    expect((await getShellData(makeRequest("/"))).design.header).toEqual({ background: "#0f172a", text: "#ffffff" });
  });
});

describe("header banner: every page or flagged pages", () => {
  const base = {
    text: "Spring sale on resale contracts",
    callToActionText: "Details",
    backgroundColor: "#0c4a6e",
    textColor: "#ffffff",
    status: "live" as const,
  };

  it("a code route is unflagged; a page's flags come from its data or its handle", () => {
    expect(showsHeaderBanner(undefined)).toBe(false);
    expect(showsHeaderBanner({})).toBe(false);
    expect(showsHeaderBanner({ showHeaderBanner: true })).toBe(true);
    const m = (over: object) => ({
      id: "x",
      pathname: "/",
      params: {},
      loaderData: undefined,
      handle: undefined,
      ...over,
    });
    expect(routeFlagsOf([m({ id: "root" }), m({ id: "home" })])).toBeNull();
    expect(routeFlagsOf([m({}), m({ loaderData: { pageFlags: { showHeaderBanner: true } } })])).toEqual({
      showHeaderBanner: true,
    });
    expect(routeFlagsOf([m({}), m({ handle: { pageFlags: { showHeaderBanner: true } } })])).toEqual({
      showHeaderBanner: true,
    });
  });

  it("shows a flagged-pages banner only on flagged pages, and the latest-started of two there", async () => {
    await db.insert(headerBanners).values({
      ...base,
      title: "Flagged only",
      detailText: "Shown on the pages flagged to show it.",
      showOnAllPages: false,
      startsAt: new Date("2026-01-02T00:00:00Z"),
    });
    let { headerBanners: banners } = await getShellData(makeRequest("/"));
    expect(banners.allPages).toBeNull();
    expect(bannerForPage(banners, null)).toBeNull();
    expect(bannerForPage(banners, { showHeaderBanner: true })?.title).toBe("Flagged only");

    await db.insert(headerBanners).values({
      ...base,
      title: "Everywhere",
      detailText: null,
      callToActionLink: "/listings",
      showOnAllPages: true,
      startsAt: new Date("2026-01-01T00:00:00Z"),
    });
    ({ headerBanners: banners } = await getShellData(makeRequest("/")));
    expect(bannerForPage(banners, null)?.title).toBe("Everywhere");
    expect(bannerForPage(banners, { showHeaderBanner: true })?.title).toBe("Flagged only");
    // The banner without a link carries its title and detail text for the modal.
    expect(banners.flaggedPages).toMatchObject({
      callToActionLink: null,
      detailText: "Shown on the pages flagged to show it.",
    });
  });
});
