import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { sharedRead } from "~/lib/shared-reads.server";
import { type EmbedData, loadEmbeds } from "./embeds.server";
import { type EmbedName, embedsIn } from "./embeds";
import {
  selectFeaturedListings,
  selectPageByRoute,
  selectPublishedPages,
  selectRelatedFaqs,
  selectRelatedPages,
} from "./pages.queries.server";

/**
 * Issue 32 (decision 0078): content pages as data. A page is found by its route (the path without its leading
 * slash); only a published page is shown, anything else is the site's 404.
 */

/** The routes whose content is code (a calculator or the product's data): their row gives the heading and the intro. */
export const CODE_PAGE_ROUTES = [
  "dvc-annual-dues",
  "dvc-firpta",
  "harpta",
  "dvc-financing",
  "buying-vacation-point-calculator",
  "dvc-compare-prices",
  "dvc-expiration-date",
  "dvc-retail-prices",
  "market",
  "resorts",
  "selling/rvc",
] as const;

const ROUTE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,3}$/;

/** A page's route from a path ("/about-us" -> "about-us"), or null when it cannot be one. */
export function routeOfPath(path: string): string | null {
  const route = path.replace(/^\/+|\/+$/g, "");
  return ROUTE.test(route) ? route : null;
}

/** True for a route a page may have: lower-case words joined by hyphens, up to four levels ("selling/how-long"). */
export const isPageRoute = (route: string) => ROUTE.test(route) && route.length <= 120;

export const pathOfRoute = (route: string) => `/${route}`;

export type PageLink = { path: string; title: string; heading: string; description: string };

export type PageView = {
  route: string;
  path: string;
  title: string;
  heading: string;
  description: string;
  metaKeywords: string | null;
  pageType: string;
  imagePath: string | null;
  showHeaderBanner: boolean;
  showFeaturedListings: boolean;
  body: string;
  /** A landing page's hero line and call to action (null on other pages). */
  hero: { text: string | null; ctaLabel: string; ctaHref: string } | null;
  updatedAt: string;
  relatedPages: PageLink[];
  relatedFaqs: { id: number; audience: string; question: string; answer: string }[];
  featuredListings: Awaited<ReturnType<typeof selectFeaturedListings>>;
  embeds: EmbedData;
};

const link = (p: { route: string; title: string; heading: string; description: string }): PageLink => ({
  path: pathOfRoute(p.route),
  title: p.title,
  heading: p.heading,
  description: p.description,
});

/** The published page at `route` with what it shows beside it; NOT_FOUND for a draft or an unknown route. */
export async function getPublishedPage(db: Db, route: string): Promise<PageView> {
  const page = isPageRoute(route) ? await selectPageByRoute(db, route) : null;
  if (!page || !page.published) throw new AppError("NOT_FOUND", "There is no page at this address.");
  const [relatedPages, relatedFaqs, featuredListings, embeds] = await Promise.all([
    selectRelatedPages(db, page.id),
    selectRelatedFaqs(db, page.id),
    page.showFeaturedListings ? selectFeaturedListings(db, page.id) : Promise.resolve([]),
    loadEmbeds(db, embedsIn(page.body)),
  ]);
  return {
    route: page.route,
    path: pathOfRoute(page.route),
    title: page.title,
    heading: page.heading,
    description: page.description,
    metaKeywords: page.metaKeywords,
    pageType: page.pageType,
    imagePath: page.imagePath,
    showHeaderBanner: page.showHeaderBanner,
    showFeaturedListings: page.showFeaturedListings,
    body: page.body,
    hero:
      page.pageType === "landing" && page.ctaLabel && page.ctaHref
        ? { text: page.heroText, ctaLabel: page.ctaLabel, ctaHref: page.ctaHref }
        : null,
    updatedAt: page.updatedAt.toISOString(),
    relatedPages: relatedPages.map(link),
    relatedFaqs,
    featuredListings,
    embeds,
  };
}

/** True when the published page at `route` places embed `name` (so a form it places may be posted to the page). */
export async function publishedPagePlaces(db: Db, route: string, name: EmbedName): Promise<boolean> {
  const page = isPageRoute(route) ? await selectPageByRoute(db, route) : null;
  return !!page?.published && embedsIn(page.body).includes(name);
}

/** Every published page (SPEC `frontend.get-all-pages`), by route. */
export async function listPublishedPages(db: Db) {
  return selectPublishedPages(db);
}

/**
 * What the shell knows of the page at `path` (issue 32): its heading, its related pages and, for a page whose content
 * is code, the intro its row holds. Null when no published page has that route (the code pages then keep their own).
 */
export type PageContext = {
  /** The row of this path, or null (a page with no row: a resort's page, the listings). */
  own: {
    path: string;
    heading: string;
    intro: string | null;
    related: PageLink[];
    /** The row's `show_header_banner`: a banner for flagged pages shows here. */
    showHeaderBanner: boolean;
  } | null;
};

export async function getPageContext(db: Db, path: string): Promise<PageContext> {
  const route = routeOfPath(path);
  const page = route ? await selectPageByRoute(db, route) : null;
  if (!page || !page.published) return { own: null };
  const related = await selectRelatedPages(db, page.id);
  const isCode = (CODE_PAGE_ROUTES as readonly string[]).includes(page.route);
  return {
    own: {
      path: pathOfRoute(page.route),
      heading: page.heading,
      intro: isCode && page.body !== "" ? page.body : null,
      related: related.map(link),
      showHeaderBanner: page.showHeaderBanner,
    },
  };
}

/**
 * The links of the published pages at `paths`, in that order (a path with no published page is left out): the
 * "Related pages" of a page without a row of its own, read by its loader. A shared read (decision 0098).
 */
export async function relatedPageLinks(db: Db, paths: readonly string[]): Promise<PageLink[]> {
  const all = await sharedRead("pages:published-links", async () => (await selectPublishedPages(db)).map(link));
  return paths.map((p) => all.find((l) => l.path === p)).filter((l): l is PageLink => l !== undefined);
}

/** The published page's related pages and FAQs by route (the SPEC calls); NOT_FOUND for no such page. */
export async function getRelatedOf(db: Db, route: string) {
  const page = isPageRoute(route) ? await selectPageByRoute(db, route) : null;
  if (!page || !page.published) throw new AppError("NOT_FOUND", "There is no published page at that route.");
  const [relatedPages, relatedFaqs] = await Promise.all([
    selectRelatedPages(db, page.id),
    selectRelatedFaqs(db, page.id),
  ]);
  return { page, relatedPages, relatedFaqs };
}
