import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followLinksInPage, isSitePath } from "./clicks";

type Anchor = { href: string; target: string; hasAttribute(name: string): boolean };

function anchor(href: string, attrs: { target?: string; download?: boolean } = {}): Anchor {
  return { href, target: attrs.target ?? "", hasAttribute: (name) => name === "download" && !!attrs.download };
}

/** A click on something inside `link` (or on nothing that is a link), as the footer's handler receives it. */
function click(
  link: Anchor | null,
  keys: Partial<Record<"metaKey" | "ctrlKey" | "shiftKey" | "altKey", boolean>> = {},
) {
  const event = {
    target: { closest: (selector: string) => (selector === "a[href]" ? link : null) } as unknown as EventTarget,
    defaultPrevented: false,
    preventDefault: vi.fn(),
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    button: 0,
    ...keys,
  };
  return event;
}

describe("followLinksInPage", () => {
  beforeEach(() => {
    vi.stubGlobal("window", {
      location: new URL("https://vpm.example/about-us?tab=team#history"),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("navigates in the page on a plain click on a link to this site, keeping its query and fragment", () => {
    const navigate = vi.fn();
    const event = click(anchor("https://vpm.example/faqs?q=dues#annual"));
    followLinksInPage(navigate)(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith("/faqs?q=dues#annual", { replace: false });
  });

  it("replaces the entry when the link is to the page shown", () => {
    const navigate = vi.fn();
    followLinksInPage(navigate)(click(anchor("https://vpm.example/about-us?tab=team#history")));
    expect(navigate).toHaveBeenCalledWith("/about-us?tab=team#history", { replace: true });
  });

  it("leaves to the browser a click with a modifier key, another button, a target, a download, another site or no link", () => {
    const navigate = vi.fn();
    const follow = followLinksInPage(navigate);
    const events = [
      click(anchor("https://vpm.example/faqs"), { metaKey: true }),
      click(anchor("https://vpm.example/faqs"), { ctrlKey: true }),
      click(anchor("https://vpm.example/faqs"), { shiftKey: true }),
      { ...click(anchor("https://vpm.example/faqs")), button: 1 },
      click(anchor("https://vpm.example/faqs", { target: "_blank" })),
      click(anchor("https://vpm.example/contract.pdf", { download: true })),
      click(anchor("https://www.bbb.org/us/fl/orlando")),
      click(anchor("mailto:help@vpm.example")),
      { ...click(anchor("https://vpm.example/faqs")), defaultPrevented: true },
      click(null),
    ];
    for (const event of events) follow(event);
    expect(navigate).not.toHaveBeenCalled();
    for (const event of events) expect(event.preventDefault).not.toHaveBeenCalled();
  });
});

describe("isSitePath", () => {
  it("is a path of this site, as React Router's Link tells one to discover", () => {
    for (const href of ["/faqs", "/listings?resort=AKV", "/about-us#team", "faqs"])
      expect(isSitePath(href), href).toBe(true);
    for (const href of ["https://www.bbb.org/", "//cdn.example/x", "mailto:a@b.c", "tel:+18005550142"])
      expect(isSitePath(href), href).toBe(false);
  });
});
