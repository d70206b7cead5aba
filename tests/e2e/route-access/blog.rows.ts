import { everyone, type RouteAccessRow } from "./types";

/** Issue 32 (decision 0080): the blog, a seeded post, its feed, the help centre and a seeded article are public. */
export const rows: RouteAccessRow[] = [
  { path: "/blogs", expect: everyone("allow") },
  { path: "/blogs/how-rofr-works", expect: everyone("allow") },
  { path: "/blogs/rss.xml", expect: everyone("allow") },
  { path: "/help", expect: everyone("allow") },
  { path: "/help/deposits-and-escrow", expect: everyone("allow") },
];
