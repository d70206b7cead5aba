import { createStaticHandler, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { withPatternMatching } from "~/lib/public-request.server";
import routeConfig from "./routes";

describe("withPatternMatching: the server's route-pattern matcher (decision 0102)", () => {
  type Entry = { id?: string; path?: string; index?: boolean; children?: Entry[] };
  const tree = () => [{ id: "root", path: "", children: routeConfig as Entry[] }];
  /** Every leaf's full path, `:params` filled with `value` and a splat with two segments. */
  const leafPaths = (entries: Entry[], parent: string, value: string): string[] =>
    entries.flatMap((e) => {
      const path = e.path ? `${parent}/${e.path}` : parent;
      if (e.children?.length) return leafPaths(e.children, path, value);
      return [path.replace(/:[\w-]+\??/g, value).replace(/\*$/, "a/b") || "/"];
    });
  const matched = (handler: ReturnType<typeof createStaticHandler>, path: string) =>
    handler.match(path)?.map((m) => ({ id: m.route.id, params: m.params })) ?? null;

  it("lands every path of the site on the route and params React Router's default matcher gives", () => {
    const routes = tree() as RouteObject[];
    const byDefault = createStaticHandler(routes);
    const { future } = withPatternMatching({ future: {} } as ServerBuild);
    const patterned = createStaticHandler(routes, { future });
    const paths = [
      ...["12", "abc-def", "prices.csv", "a%20b", "export.csv"].flatMap((v) => leafPaths(routes as Entry[], "", v)),
      "/",
      "/nothing/here",
      "/admin",
      "/LISTINGS",
      "/market/prices.csv",
      "/admin/brokers/export.csv",
      "/listing-info/a%2Fb",
    ];
    // Every path with and without a trailing slash; runs of slashes never reach them (collapseSlashes).
    const withSlash = paths.filter((p) => p !== "/").map((p) => `${p}/`);
    const differ = [...paths, ...withSlash].filter(
      (p) => JSON.stringify(matched(byDefault, p)) !== JSON.stringify(matched(patterned, p)),
    );
    expect(paths.length).toBeGreaterThan(1000);
    expect(differ).toEqual([]);
  });
});
