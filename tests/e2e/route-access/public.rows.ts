import { everyone, type RouteAccessRow } from "./types";

/**
 * The public pages and calls: every role gets them (`npm run routes` reports what this walk proves). The sign-up
 * choice is for visitors; signed-in people are sent to their landing page. /login and GET /logout only redirect.
 */
const open = (path: string): RouteAccessRow => ({ path, expect: everyone("allow") });

export const rows: RouteAccessRow[] = [
  open("/resale-restrictions"),
  open("/dvc-annual-dues"),
  // Issue 31: the dues and prices pages.
  open("/dvc-retail-prices"),
  open("/dvc-compare-prices"),
  open("/dvc-expiration-date"),
  open("/how-dvc-works"),
  open("/selling-fees-associated"),
  open("/dvc-firpta"),
  open("/harpta"),
  open("/buying-vacation-point-calculator"),
  open("/about-us"),
  open("/privacy-policy"),
  open("/terms-and-conditions"),
  open("/resorts"),
  open("/resorts/old-key-west"),
  // Issue 13: the generated pictures (SVG)
  open("/resorts/old-key-west/illustration.svg"),
  open("/illustrations/home.svg"),
  open("/broker-listings"),
  open("/favorites"),
  open("/compare"),
  open("/rentals"),
  open("/api/dvc-broker-resale-listings-filters"),
  open("/api/health"),
  open("/api/ready"),
  open("/sitemap.xml"),
  // Issue 32 (decision 0078): robots.txt, a page the staff added (none at this address: the 404), the SPEC's calls.
  open("/robots.txt"),
  open("/api/frontend/get-all-pages"),
  open("/api/frontend/get-left-menu"),
  open("/api/frontend/get-header-banner"),
  {
    method: "POST",
    path: "/api/frontend/get-related-pages",
    form: { page_route: "about-us" },
    expect: everyone("allow"),
  },
  { method: "POST", path: "/api/frontend/get-right-menu", form: { page_route: "about-us" }, expect: everyone("allow") },
  {
    method: "POST",
    path: "/api/frontend/get-related-faqs",
    form: { page_route: "about-us" },
    expect: everyone("allow"),
  },
  {
    path: "/sign-up",
    expect: { ...everyone("redirect"), anonymous: "allow" },
    redirectTo: {
      buyer: "/v2/profile",
      seller: "/v2/profile",
      writer: "/admin/posts",
      admin: "/admin/offer-dashboard",
    },
  },
  { path: "/login", expect: everyone("redirect"), redirectTo: { anonymous: "/sign-in", buyer: "/sign-in" } },
  { path: "/logout", expect: everyone("redirect"), redirectTo: { anonymous: "/", admin: "/" } },
];
