/** The site's name and each page's `meta`: kept apart from the content-page components so a page's browser code stays small. */

export const SITE_NAME = "Vacation Points Market";

/** Title and description for a page's `meta` export. */
export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} | ${SITE_NAME}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}
