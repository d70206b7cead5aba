import { describe, expect, it } from "vitest";
import { pageMeta } from "~/modules/content/page-meta";
import type { SeoShell } from "./seo";
import { isSeoPath, normalizeSeoPath } from "./seo";
import { applySeo, withSeo } from "./seo-meta";

const at = { pathname: "/harpta", search: "" };
const shell = (over: Partial<SeoShell> = {}): SeoShell => ({
  origin: "https://points.test",
  defaultImage: null,
  entry: null,
  ...over,
});
const find = (tags: object[], key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;

describe("applySeo", () => {
  it("keeps the page's own title and description and adds the canonical, og:url, type, card and a WebPage", () => {
    const tags = applySeo(pageMeta("HARPTA", "Hawaii's withholding on a sale."), shell(), at);
    expect(find(tags, "title", "HARPTA | Vacation Points Market")).toBeDefined();
    expect(find(tags, "name", "description")?.content).toBe("Hawaii's withholding on a sale.");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://points.test/harpta");
    expect(find(tags, "property", "og:url")?.content).toBe("https://points.test/harpta");
    expect(find(tags, "property", "og:type")?.content).toBe("website");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary");
    expect(find(tags, "property", "og:image")).toBeUndefined();
    const ld = tags.find((t) => "script:ld+json" in t) as { "script:ld+json": Record<string, unknown> };
    expect(ld["script:ld+json"]).toMatchObject({
      "@type": "WebPage",
      name: "HARPTA",
      url: "https://points.test/harpta",
    });
    expect(tags.filter((t) => "title" in t)).toHaveLength(1);
  });

  it("lets the entry replace what it fills in, once each, and keeps the rest", () => {
    const entry = {
      title: "HARPTA withholding explained",
      description: null,
      canonical: "/dvc-firpta",
      imagePath: "/media/seo/harpta.webp",
      noindex: true,
    };
    const tags = applySeo(pageMeta("HARPTA", "Hawaii's withholding on a sale."), shell({ entry }), at);
    expect(tags.filter((t) => "title" in t)).toEqual([
      { title: "HARPTA withholding explained | Vacation Points Market" },
    ]);
    expect(find(tags, "property", "og:title")?.content).toBe("HARPTA withholding explained");
    expect(find(tags, "name", "description")?.content).toBe("Hawaii's withholding on a sale.");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://points.test/dvc-firpta");
    expect(find(tags, "property", "og:image")?.content).toBe("https://points.test/media/seo/harpta.webp");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "robots")?.content).toBe("noindex");
  });

  it("keeps a page's own canonical, picture and JSON-LD; the default picture only fills a gap", () => {
    const own = [
      ...pageMeta("Listing", "160 points at Bay Lake Tower."),
      { tagName: "link", rel: "canonical", href: "https://points.test/listing-info/7" },
      { property: "og:image", content: "/media/listings/7.webp" },
      { "script:ld+json": { "@type": "Product" } },
    ];
    const tags = applySeo(own, shell({ defaultImage: "/media/library/default.webp" }), {
      pathname: "/listing/7",
      search: "?x=1",
    });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://points.test/listing-info/7");
    expect(find(tags, "property", "og:image")?.content).toBe("https://points.test/media/listings/7.webp");
    expect(tags.filter((t) => "script:ld+json" in t)).toHaveLength(1);
    const plain = applySeo(pageMeta("Market", "Prices."), shell({ defaultImage: "/media/library/default.webp" }), at);
    expect(find(plain, "property", "og:image")?.content).toBe("https://points.test/media/library/default.webp");
  });

  it("withSeo reads the root's shell from the matches; without it the page's own meta is unchanged", () => {
    const meta = withSeo(() => pageMeta("HARPTA", "Hawaii's withholding."));
    const withRoot = meta({ location: at, matches: [{ id: "root", loaderData: { seo: shell() } }] });
    expect(find(withRoot, "rel", "canonical")).toBeDefined();
    expect(meta({ location: at, matches: [] })).toEqual(pageMeta("HARPTA", "Hawaii's withholding."));
  });
});

describe("SEO addresses", () => {
  it("normalises what is typed and refuses private areas", () => {
    expect(normalizeSeoPath(" Listings/?sort=x#top ")).toBe("/listings");
    expect(normalizeSeoPath("/")).toBe("/");
    expect(isSeoPath("/resorts/bay-lake-tower")).toBe(true);
    expect(isSeoPath("/")).toBe(true);
    for (const p of ["/admin", "/admin/seo", "/api/x", "/v2/profile", "/a b", "//x", "/x/../y"]) {
      expect(isSeoPath(p), p).toBe(false);
    }
  });
});
