import type { UIMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { opensElsewhere } from "./clicks";
import { isSidePanel, listingPageOf } from "./tool-menu";

const match = (over: Partial<UIMatch>): UIMatch => ({
  id: "x",
  pathname: "/",
  params: {},
  loaderData: undefined,
  handle: undefined,
  ...over,
});

describe("listingPageOf", () => {
  it("finds the match flagged as a listing page and its id", () => {
    const matches = [
      match({ id: "root" }),
      match({ id: "layout", handle: {} }),
      match({
        id: "listing-info",
        pathname: "/listing-info/42",
        params: { id: "42" },
        handle: { listingPage: true },
        loaderData: { listing: { title: "BWV 150 points" } },
      }),
    ];
    expect(listingPageOf(matches)).toEqual({ id: 42, url: "/listing-info/42", title: "BWV 150 points" });
  });

  it("is null on other pages and for an id that is not a positive whole number", () => {
    expect(listingPageOf([match({ id: "root" }), match({ id: "about-us", pathname: "/about-us" })])).toBeNull();
    for (const id of ["abc", "0", "-1", "1.5"]) {
      expect(listingPageOf([match({ params: { id }, handle: { listingPage: true } })]), id).toBeNull();
    }
  });

  it("is null when the listing could not be loaded (the not-found page shows instead)", () => {
    expect(
      listingPageOf([match({ pathname: "/listing-info/9", params: { id: "9" }, handle: { listingPage: true } })]),
    ).toBeNull();
  });

  it("names the listing by its id when the page's data has no title", () => {
    const page = listingPageOf([
      match({
        pathname: "/broker-listings/7",
        params: { id: "7" },
        handle: { listingPage: true },
        loaderData: { listing: {} },
      }),
    ]);
    expect(page).toEqual({ id: 7, url: "/broker-listings/7", title: "Listing 7" });
  });
});

describe("isSidePanel", () => {
  it("is true for the panels beside the list (contact, search, FAQs), false for the modals and for nothing open", () => {
    expect(["contact", "search", "faqs"].every((a) => isSidePanel(a as "faqs"))).toBe(true);
    for (const a of ["share", "favorites", null] as const) expect(isSidePanel(a), String(a)).toBe(false);
  });
});

describe("opensElsewhere", () => {
  const click = { metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, button: 0 };
  it("turns a plain click (and Enter, which clicks) into the panel", () => {
    expect(opensElsewhere(click)).toBe(false);
  });
  it("leaves a click with a modifier key or another mouse button to the browser (a new tab or window)", () => {
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) {
      expect(opensElsewhere({ ...click, [key]: true }), key).toBe(true);
    }
    expect(opensElsewhere({ ...click, button: 1 })).toBe(true);
  });
});
