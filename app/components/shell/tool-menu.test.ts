import type { UIMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { listingPageOf } from "./tool-menu";

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
