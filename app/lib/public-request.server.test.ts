import { describe, expect, it } from "vitest";
import { createRouteMatcher } from "./public-request.server";

describe("createRouteMatcher: the route id a path lands on, for the metrics (issue 29)", () => {
  const routes = {
    root: { id: "root", path: "" },
    home: { id: "home", parentId: "root", index: true },
    listings: { id: "listings", parentId: "root", path: "listings" },
    listing: { id: "listing", parentId: "root", path: "listings/:id" },
    "api.health": { id: "api.health", parentId: "root", path: "api/health" },
  };
  const routeOf = createRouteMatcher(routes);
  it("names the deepest route, a client navigation's .data included", () => {
    expect(routeOf("/")).toBe("home");
    expect(routeOf("/_root.data")).toBe("home");
    expect(routeOf("/listings")).toBe("listings");
    expect(routeOf("/listings.data")).toBe("listings");
    expect(routeOf("/listings/42")).toBe("listing");
    expect(routeOf("/api/health")).toBe("api.health");
  });
  it("says unmatched for a path no route takes", () => {
    expect(routeOf("/nothing/here/at/all")).toBe("unmatched");
  });
});
