import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { type LinkProps, MemoryRouter, Route, Routes, Link as RouterLink } from "react-router";
import { describe, expect, it } from "vitest";
import { isPlainPath, Link } from "./link";

/** Both links rendered on the server at the same place: a page two routes deep, where a relative `to` would resolve. */
function both(props: LinkProps, at = "/v2/profile/offers/7") {
  const page = (L: typeof RouterLink) =>
    renderToString(
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="v2/profile">
            <Route path="offers/:offerId" element={<L {...props} />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
  return { ours: page(Link), routers: page(RouterLink) };
}

const plain = [
  "/",
  "/listings",
  "/listings/",
  "/listings?resort=AKV&points=150-250",
  "/blogs/closing-costs#taxes",
  "/search?q=a?b#top",
  "/faq#what?",
  "/resorts/aulani/point-chart",
];
const rewritten = [
  "listings",
  "../seller-offers",
  "./8",
  ".",
  "",
  "?sort=price",
  "#terms",
  "/a//b",
  "/a/./b",
  "/a/../b",
  "/a/..",
  "/a\\b",
  "//elsewhere.example/x",
  "https://elsewhere.example/x",
  "mailto:help@example.com",
  "/x?",
  "/x#",
  "/x?#top",
];

describe("Link on the server", () => {
  it("is the short form in a server build (the comparisons below would otherwise compare React Router's with itself)", () => {
    expect(import.meta.env.SSR).toBe(true);
    expect(Link).not.toBe(RouterLink);
  });

  it("knows the paths React Router writes as they are", () => {
    for (const to of plain) expect(isPlainPath(to), to).toBe(true);
    for (const to of rewritten) expect(isPlainPath(to), to).toBe(false);
    expect(isPlainPath({ pathname: "/listings", search: "?resort=AKV" })).toBe(false);
  });

  it("writes the markup React Router's Link writes, for every kind of `to`", () => {
    for (const to of [...plain, ...rewritten, { pathname: "/listings", search: "?resort=AKV", hash: "#list" }]) {
      const { ours, routers } = both({ to, children: "Go" });
      expect(ours, JSON.stringify(to)).toBe(routers);
    }
  });

  it("keeps the other props, in React Router's order", () => {
    const cases: LinkProps[] = [
      { to: "/listings", className: "btn", "aria-current": "page", children: "Listings" },
      { to: "/terms", target: "_blank", rel: "noopener", title: "Terms", children: "Terms" },
      { to: "/a", style: { color: "red" }, "data-testid": "x", onClick: () => {}, children: "A" } as LinkProps,
      { to: "/a", replace: true, state: { from: "b" }, preventScrollReset: true, viewTransition: true, children: "A" },
      { to: "/a", prefetch: "intent", children: "A" },
      { to: "/a", prefetch: "render", children: "A" },
      { to: "/a", discover: "none", children: "A" },
      { to: "/a", reloadDocument: true, children: "A" },
      { to: "offers/8", relative: "path", children: "A" },
    ];
    for (const props of cases) {
      const { ours, routers } = both(props);
      expect(ours, JSON.stringify(props)).toBe(routers);
    }
    expect(both({ to: "/listings", className: "btn", children: "L" }).ours).toContain(
      '<a class="btn" href="/listings" data-discover="true">L</a>',
    );
  });

  it("is the only Link the app imports (React Router's is imported by this module alone)", () => {
    const root = path.resolve(__dirname, "../..");
    const offenders: string[] = [];
    // This folder holds the module and its test, the two that name React Router's Link.
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && path.dirname(file) !== __dirname) {
          const source = readFileSync(file, "utf8");
          for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"react-router"/g)) {
            if (/(^|[\s,])Link([\s,]|$)/.test(m[1])) offenders.push(path.relative(root, file));
          }
        }
      }
    };
    walk(root);
    expect(offenders, 'import { Link } from "~/components/ui/link"').toEqual([]);
  });
});
