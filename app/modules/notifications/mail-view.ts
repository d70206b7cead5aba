/**
 * A stored mail's HTML as the back office shows it (decision 0091): the tracking parts taken out, so an administrator
 * reading a sent mail counts as nobody's open or click. The open images (a marketing mail's, the offer mail's) go;
 * a marketing mail's signed click address is replaced by the address it leads to.
 */

/** The paths of the site's open-tracking images. */
const OPEN_IMAGE = /\/api\/(?:marketing\/open|offer-mail-opened)\//i;
/** A marketing mail's click-counting address (`/api/marketing/click/<recipient>?u=<target>&s=<signature>`). */
const CLICK = /\/api\/marketing\/click\/\d+\?/i;

function decodeAttribute(v: string) {
  return v
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function encodeAttribute(v: string) {
  return v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The target of a click-counting address, or "#" when it names none. */
function clickTarget(url: string) {
  try {
    const target = new URL(decodeAttribute(url), "http://localhost").searchParams.get("u") ?? "";
    return /^https?:\/\//i.test(target) ? target : "#";
  } catch {
    return "#";
  }
}

export function withoutTracking(html: string): string {
  return (
    html
      // Any tag whose attributes point at an open image (an <img>, or anything else loading it) goes whole.
      .replace(/<[a-z][^>]*>/gi, (tag) => (OPEN_IMAGE.test(decodeAttribute(tag)) ? "" : tag))
      // Any attribute holding a click-counting address points straight at its target instead.
      .replace(/(\s[a-z-]+\s*=\s*)(["'])([^"']*)\2/gi, (all, name: string, quote: string, value: string) =>
        CLICK.test(decodeAttribute(value)) ? `${name}${quote}${encodeAttribute(clickTarget(value))}${quote}` : all,
      )
  );
}
