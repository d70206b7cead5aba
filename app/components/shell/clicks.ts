import type { NavigateFunction } from "react-router";

/** A click that should follow a link the ordinary way (a new tab or window, a download): not one to handle in the page. */
export const opensElsewhere = (e: {
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  button: number;
}) => e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0;

/** A path React Router's `Link` would discover: not a URL with a scheme, nor one from another host (`//`). */
export const isSitePath = (href: string) => !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href);

/**
 * For a list of plain links (`<a href>` without React Router's `Link`), one click handler on the list does what each
 * `Link`'s would (`useLinkClickHandler`): a plain left click on a link to this site, without a target or a download,
 * navigates in the page, and replaces the entry when the link is to the page shown. Enter on a link is a click too.
 */
export function followLinksInPage(navigate: NavigateFunction) {
  return (event: {
    target: EventTarget;
    defaultPrevented: boolean;
    preventDefault(): void;
    metaKey: boolean;
    ctrlKey: boolean;
    shiftKey: boolean;
    altKey: boolean;
    button: number;
  }) => {
    const link = (event.target as Element).closest?.("a[href]") as HTMLAnchorElement | null;
    if (!link || event.defaultPrevented || opensElsewhere(event) || link.hasAttribute("download")) return;
    const here = window.location;
    const url = new URL(link.href);
    if (url.origin !== here.origin || (link.target && link.target !== "_self")) return;
    event.preventDefault();
    const to = url.pathname + url.search + url.hash;
    navigate(to, { replace: to === here.pathname + here.search + here.hash });
  };
}
