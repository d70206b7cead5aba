import { z } from "zod";
import type { Db } from "~/db/client.server";
import { getMenus, type MenuLink } from "./content.server";
import { getHeaderBanners } from "./header-banner.server";
import { FOOTER_MENUS, HEADER_MENUS } from "./menus";
import { getRelatedOf, listPublishedPages, pathOfRoute, routeOfPath } from "./pages.server";

/**
 * SPEC section 7 "Front end content" (issue 32, decision 0078): the answers of the `frontend.*` calls, in the SPEC's
 * names (a page's fields as SPEC section 3 spells them: route, title, image_1, page_type, meta_keywords, description,
 * show_header_banner, page_heading; an FAQ's title and description).
 */

/** `page_route`: the page's route or path ("about-us", "/about-us"). */
export const PageRouteSchema = z.object({
  page_route: z
    .string({ error: "Send page_route: the page's path, like about-us." })
    .trim()
    .min(1, "Send page_route: the page's path, like about-us.")
    .max(200, "page_route is at most 200 characters.")
    .transform((v, ctx) => {
      const route = routeOfPath(v.startsWith("http") ? safePath(v) : v);
      if (!route) {
        ctx.addIssue({ code: "custom", message: "page_route must be a page's path, like about-us." });
        return z.NEVER;
      }
      return route;
    }),
});

function safePath(v: string) {
  try {
    return new URL(v).pathname;
  } catch {
    return "";
  }
}

type PageSummary = Awaited<ReturnType<typeof listPublishedPages>>[number];

const pageShape = (
  p: Pick<PageSummary, "route" | "title" | "heading" | "description">,
  extra?: Partial<PageSummary>,
) => ({
  route: p.route,
  url: pathOfRoute(p.route),
  title: p.title,
  page_heading: p.heading,
  description: p.description,
  ...(extra
    ? {
        id: extra.id,
        image_1: extra.imagePath ?? null,
        page_type: extra.pageType,
        updated_at: extra.updatedAt?.toISOString(),
      }
    : {}),
});

/** `frontend.get-all-pages`: `{ pages }`, every published page. */
export async function getAllPagesAnswer(db: Db) {
  const pages = await listPublishedPages(db);
  return { pages: pages.map((p) => pageShape(p, p)) };
}

const menuShape = (m: MenuLink): { label: string; href: string; description: string | null; children: unknown[] } => ({
  label: m.label,
  href: m.href,
  description: m.description,
  children: m.children.map(menuShape),
});

/** `frontend.get-left-menu`: `{ menu }`, the header's menus (Buyers, Sellers, Quick facts) by key. */
export async function getLeftMenuAnswer(db: Db) {
  const menus = await getMenus(db);
  return {
    menu: Object.fromEntries(
      HEADER_MENUS.map((h) => [h.value, { label: h.label, items: (menus[h.value] ?? []).map(menuShape) }]),
    ),
  };
}

/** `frontend.get-right-menu`: `{ right_side_menu_items }`, the footer's link groups (spec deviations) for that page. */
export async function getRightMenuAnswer(db: Db, input: { page_route: string }) {
  const menus = await getMenus(db);
  return {
    page_route: input.page_route,
    right_side_menu_items: FOOTER_MENUS.map((f) => ({
      menu: f.value,
      label: f.label,
      items: (menus[f.value] ?? []).map(menuShape),
    })),
  };
}

/** `frontend.get-header-banner`: `{ headerBanner }`, the live banner in SPEC section 3's fields, or null. */
export async function getHeaderBannerAnswer(db: Db) {
  // The banner for every page, else the one for flagged pages (`show_on_all_pages` says which).
  const { allPages, flaggedPages } = await getHeaderBanners(db);
  const b = allPages ?? flaggedPages;
  return {
    headerBanner: b && {
      id: b.id,
      title: b.title,
      detail_text: b.detailText,
      text: b.text,
      call_to_action_text: b.callToActionText,
      call_to_action_link: b.callToActionLink,
      show_on_all_pages: b === allPages,
      background_color: b.backgroundColor,
      text_color: b.textColor,
      font_size: b.fontSize,
      line_height: b.lineHeight,
    },
  };
}

/** `frontend.get-related-pages`: `{ related_pages }` of the published page at `page_route` (404 for none). */
export async function getRelatedPagesAnswer(db: Db, input: { page_route: string }) {
  const { relatedPages } = await getRelatedOf(db, input.page_route);
  return { related_pages: relatedPages.map((p) => pageShape(p)) };
}

/** `frontend.get-related-faqs`: `{ related_faqs }` of the published page at `page_route` (404 for none). */
export async function getRelatedFaqsAnswer(db: Db, input: { page_route: string }) {
  const { relatedFaqs } = await getRelatedOf(db, input.page_route);
  return {
    related_faqs: relatedFaqs.map((f) => ({
      id: f.id,
      title: f.question,
      description: f.answer,
      audience: f.audience,
    })),
  };
}
