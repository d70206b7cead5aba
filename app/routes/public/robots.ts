import { href } from "react-router";
import type { Route } from "./+types/robots";

/** /robots.txt (issue 32): every public page may be crawled except the account and admin areas; it names the sitemap. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Disallow: /admin/",
    "Disallow: /v2/profile/",
    "Disallow: /profile",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}${href("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
