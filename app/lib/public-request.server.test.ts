import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { collapseSlashes, createRouteMatcher, withPatternMatching } from "./public-request.server";

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

describe("withPatternMatching (decision 0102)", () => {
  it("turns the matcher on for the server and leaves it out of what the page tells the browser", () => {
    const build = { future: { unstable_enableNodeReadableStream: false } } as unknown as ServerBuild;
    const { future } = withPatternMatching(build);
    expect({ ...future }).toEqual({ unstable_enableNodeReadableStream: false, unstable_routePatternMatching: true });
    expect(JSON.parse(JSON.stringify({ future }))).toEqual({ future: { unstable_enableNodeReadableStream: false } });
  });
});

describe("collapseSlashes: one slash at a time (decision 0102)", () => {
  const run = (originalUrl: string) => {
    const out: { next?: true; status?: number; location?: string } = {};
    collapseSlashes(
      { originalUrl } as never,
      { redirect: (status: number, location: string) => Object.assign(out, { status, location }) } as never,
      () => Object.assign(out, { next: true }),
    );
    return out;
  };
  it("sends a path with a run of slashes or backslashes to its single-slash form, the query kept", () => {
    expect(run("//")).toEqual({ status: 301, location: "/" });
    expect(run("//listings")).toEqual({ status: 301, location: "/listings" });
    expect(run("/listings//?resort=BLT&q=a//b")).toEqual({ status: 301, location: "/listings/?resort=BLT&q=a//b" });
    expect(run("/\\evil.example/x")).toEqual({ status: 301, location: "/evil.example/x" });
    expect(run("/\\/\\evil.example")).toEqual({ status: 301, location: "/evil.example" });
  });
  it("passes every other path on", () => {
    expect(run("/")).toEqual({ next: true });
    expect(run("/listings/?next=//x")).toEqual({ next: true });
    expect(run("http://proxy.example//x")).toEqual({ next: true });
  });
});
