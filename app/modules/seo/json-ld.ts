import { href } from "react-router";

/**
 * JSON-LD for the public pages (issue 32, decision 0082): schema.org objects built from the page's own data. Safe
 * for the browser: pure functions of their arguments.
 */

type Crumb = { name: string; path: string };

/** BreadcrumbList: Home, then each crumb, as absolute addresses. */
export function breadcrumbJsonLd(origin: string, crumbs: Crumb[]) {
  const all = [{ name: "Home", path: href("/") }, ...crumbs];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: all.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: new URL(c.path, origin).toString(),
    })),
  };
}

/**
 * The home page's Organization and WebSite, the site's search as a SearchAction (/search?q=...), so a search engine
 * can offer a search box for the site.
 */
export function siteJsonLd(s: { origin: string; siteName: string; logo: string | null; email: string; phone: string }) {
  const home = new URL(href("/"), s.origin).toString();
  return [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${home}#organization`,
      name: s.siteName,
      url: home,
      logo: new URL(s.logo ?? "/favicon.svg", s.origin).toString(),
      ...(s.email || s.phone
        ? {
            contactPoint: {
              "@type": "ContactPoint",
              contactType: "customer service",
              ...(s.email ? { email: s.email } : {}),
              ...(s.phone ? { telephone: s.phone } : {}),
              areaServed: "US",
            },
          }
        : {}),
    },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      "@id": `${home}#website`,
      name: s.siteName,
      url: home,
      publisher: { "@id": `${home}#organization` },
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${new URL(href("/search"), s.origin)}?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}

/** A resort's page: a Resort (a LodgingBusiness and Place) with its place and, when on record, its map position. */
export function resortJsonLd(
  origin: string,
  r: {
    name: string;
    slug: string;
    location: string;
    summary: string;
    latitude: number | null;
    longitude: number | null;
    image: string;
  },
) {
  const url = new URL(href("/resorts/:resort", { resort: r.slug }), origin).toString();
  return [
    {
      "@context": "https://schema.org",
      "@type": "Resort",
      name: r.name,
      url,
      description: r.summary || undefined,
      image: new URL(r.image, origin).toString(),
      address: { "@type": "PostalAddress", addressLocality: r.location, addressCountry: "US" },
      ...(r.latitude !== null && r.longitude !== null
        ? { geo: { "@type": "GeoCoordinates", latitude: r.latitude, longitude: r.longitude } }
        : {}),
    },
    breadcrumbJsonLd(origin, [
      { name: "Resorts", path: href("/resorts") },
      { name: r.name, path: href("/resorts/:resort", { resort: r.slug }) },
    ]),
  ];
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so the text can never close the script. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
