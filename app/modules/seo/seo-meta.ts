import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "~/modules/content/page-meta";
import type { SeoShell } from "./seo";

/**
 * Every public page's `meta` through /admin/seo (issue 32, decision 0085). A page's own `meta` says its title and
 * description; `withSeo` then lets this address's SEO entry replace what it fills in, and adds what every page
 * needs and few wrote: the canonical link (the entry's, the page's own, else the address itself), `og:url`,
 * `og:type`, `og:site_name`, the preview picture (the entry's, the page's, else the SEO default) with its Twitter
 * card, `robots: noindex` when the entry asks, and a schema.org WebPage when the page gives no JSON-LD of its own.
 * Safe for the browser (client navigations run `meta` there too).
 */

type MetaArgsLike = {
  location: { pathname: string; search: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
};

/** Wraps a route's `meta`: `export const meta = withSeo(({ loaderData }: Route.MetaArgs) => pageMeta(...))`. */
export function withSeo<A extends MetaArgsLike>(meta: (args: A) => MetaDescriptor[]) {
  return (args: A): MetaDescriptor[] => applySeo(meta(args), seoOf(args.matches), args.location);
}

function seoOf(matches: MetaArgsLike["matches"] | undefined): SeoShell | null {
  // A `meta` called on its own (a test, a route without the root) has no matches: the page's own meta stands.
  const root = matches?.find((m) => m?.id === "root")?.loaderData as { seo?: SeoShell } | undefined;
  return root?.seo ?? null;
}

const isTitle = (d: MetaDescriptor) => "title" in d;
const byName = (name: string) => (d: MetaDescriptor) => "name" in d && d.name === name;
const byProperty = (property: string) => (d: MetaDescriptor) => "property" in d && d.property === property;
const isCanonical = (d: MetaDescriptor) => "tagName" in d && d.tagName === "link" && d.rel === "canonical";
const isJsonLd = (d: MetaDescriptor) => "script:ld+json" in d;

function contentOf(tags: MetaDescriptor[], match: (d: MetaDescriptor) => boolean): string | null {
  const d = tags.find(match) as { content?: unknown; title?: unknown; href?: unknown } | undefined;
  const v = d?.content ?? d?.title ?? d?.href;
  return typeof v === "string" ? v : null;
}

/** `tags` with `match`'s descriptor replaced by `next` (added when missing; removed when `next` is null). */
function put(tags: MetaDescriptor[], match: (d: MetaDescriptor) => boolean, next: MetaDescriptor | null) {
  const rest = tags.filter((d) => !match(d));
  return next ? [...rest, next] : rest;
}

export function applySeo(
  own: MetaDescriptor[],
  seo: SeoShell | null,
  location: { pathname: string; search: string },
): MetaDescriptor[] {
  if (!seo || !location) return own;
  const absolute = (url: string) => new URL(url, seo.origin).toString();
  const entry = seo.entry;
  let tags = own;
  if (entry?.title) {
    tags = put(tags, isTitle, { title: `${entry.title} | ${SITE_NAME}` });
    tags = put(tags, byProperty("og:title"), { property: "og:title", content: entry.title });
  }
  if (entry?.description) {
    tags = put(tags, byName("description"), { name: "description", content: entry.description });
    tags = put(tags, byProperty("og:description"), { property: "og:description", content: entry.description });
  }
  const canonical = absolute(
    entry?.canonical ?? contentOf(tags, isCanonical) ?? `${location.pathname}${location.search}`,
  );
  tags = put(tags, isCanonical, { tagName: "link", rel: "canonical", href: canonical });
  tags = put(tags, byProperty("og:url"), { property: "og:url", content: canonical });
  if (!tags.some(byProperty("og:type"))) tags = [...tags, { property: "og:type", content: "website" }];
  tags = put(tags, byProperty("og:site_name"), { property: "og:site_name", content: SITE_NAME });
  const image = entry?.imagePath ?? contentOf(tags, byProperty("og:image")) ?? seo.defaultImage;
  tags = put(tags, byProperty("og:image"), image ? { property: "og:image", content: absolute(image) } : null);
  tags = put(tags, byName("twitter:card"), {
    name: "twitter:card",
    content: image ? "summary_large_image" : "summary",
  });
  if (entry?.noindex) tags = put(tags, byName("robots"), { name: "robots", content: "noindex" });
  if (!tags.some(isJsonLd)) {
    const title = contentOf(tags, byProperty("og:title")) ?? contentOf(tags, isTitle) ?? SITE_NAME;
    const description = contentOf(tags, byName("description"));
    tags = [
      ...tags,
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "WebPage",
          name: title,
          url: canonical,
          ...(description ? { description } : {}),
          isPartOf: { "@type": "WebSite", name: SITE_NAME, url: absolute("/") },
        },
      },
    ];
  }
  return tags;
}
