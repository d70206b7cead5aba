/**
 * The app's `<Link>`: React Router's in the browser; on the server, for the links nearly all pages are made of (a
 * path from the site's root, as a string), the `<a>` React Router's would write, without its work (decision 0108).
 *
 * React Router's `Link` resolves its `to` against the route matches, builds a click handler and a navigate function,
 * and reads four contexts and the location, twice over through `useHref` and `useLinkClickHandler`: on the server
 * only its `href` and `data-discover` reach the page. A signed-in page has 70-odd links, `/listings` a few hundred:
 * in a profile of 2,000 `/v2/profile` pages this was 4.8% of the server's CPU. The browser hydrates what the server
 * wrote with React Router's own `Link`, so a click navigates, prefetches and discovers routes as it always did.
 *
 * The server writes the short form only where the two are the same markup: `to` is a string naming a path from the
 * root that React Router would not rewrite (no `//`, `\`, `.` or `..` segment, no bare `?` or `#`), the basename is
 * `/`, and no prop that changes the markup or the `href` is given (`relative`, `reloadDocument`, `mask`, a
 * `discover` other than "render", a `prefetch` other than "none"). Anything else is React Router's `Link`, on the
 * server too. `link.test.tsx` renders both for each kind of `to` and compares the markup.
 */
import { createElement, useContext } from "react";
import { type LinkProps, Link as RouterLink, UNSAFE_NavigationContext } from "react-router";

/** A path React Router's `Link` writes as it is: from the root, with nothing it would resolve or normalise. */
const WRITTEN_AS_IS = /^\/(?![/\\])[^?#\\]*(?:\?[^#]+)?(?:#.+)?$/;
const REWRITTEN_SEGMENT = /\/\/|(?:^|\/)\.{1,2}(?:\/|$)/;

export function isPlainPath(to: LinkProps["to"]): to is string {
  if (typeof to !== "string" || !WRITTEN_AS_IS.test(to)) return false;
  const end = to.search(/[?#]/);
  return !REWRITTEN_SEGMENT.test(end === -1 ? to : to.slice(0, end));
}

function ServerLink(props: LinkProps & { ref?: unknown }) {
  const {
    to,
    discover,
    prefetch,
    relative,
    reloadDocument,
    replace: _replace,
    mask,
    state: _state,
    target,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    onClick: _onClick,
    ref: _ref,
    ...rest
  } = props;
  const { basename } = useContext(UNSAFE_NavigationContext);
  const same =
    isPlainPath(to) &&
    basename === "/" &&
    relative === undefined &&
    !reloadDocument &&
    mask === undefined &&
    (discover === undefined || discover === "render") &&
    (prefetch === undefined || prefetch === "none");
  if (!same) return createElement(RouterLink, props as LinkProps);
  // React Router's order: the other props, then href, target and data-discover.
  return createElement("a", { ...rest, href: to, target, "data-discover": "true" });
}

/**
 * React Router's `Link` in the browser; on the server, the same `<a>` written without its hooks when it can be.
 * `import.meta.env.SSR` is fixed when each build is made, so the browser's build leaves `ServerLink` out.
 */
export const Link: typeof RouterLink = import.meta.env.SSR ? (ServerLink as unknown as typeof RouterLink) : RouterLink;
