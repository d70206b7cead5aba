import { describe, expect, it } from "vitest";
import { iconSymbolsInsertion } from "./icon-symbols.server";
import { spliced } from "./page-splices.server";
import { lowPriorityPreloadInsertions } from "./script-preloads.server";
import { ICON_SYMBOLS_ID } from "~/components/ui/lucide-icon";

describe("spliced", () => {
  it("writes every insertion at its offset of the page as rendered, in one copy", () => {
    const page = Buffer.from("0123456789");
    const out = spliced(page, [
      { at: 7, bytes: Buffer.from("C") },
      { at: 0, bytes: Buffer.from("A") },
      { at: 3, bytes: Buffer.from("B") },
      { at: 10, bytes: Buffer.from("D") },
    ]);
    expect(out.toString()).toBe("A012B3456C789D");
  });

  it("returns the page itself when there is nothing to write", () => {
    const page = Buffer.from("<p>x</p>");
    expect(spliced(page, [])).toBe(page);
  });

  it("puts the preload attributes in the head and the icon symbols in the body together, as entry.server does", () => {
    const holder = `<svg id="${ICON_SYMBOLS_ID}" aria-hidden="true" class="absolute size-0 overflow-hidden">`;
    const page = Buffer.from(
      `<html><head><link rel="modulepreload" href="/a.js"/></head><body>${holder}</svg></body></html>`,
    );
    const icons = iconSymbolsInsertion(page, new Set(["heart"]));
    expect(icons).not.toBeNull();
    const out = spliced(page, [...lowPriorityPreloadInsertions(page), ...(icons ? [icons] : [])]).toString();
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/a.js"/></head>');
    expect(out).toMatch(new RegExp(`${holder}<symbol id="i-heart"[^>]*>.+</symbol></svg></body></html>$`));
  });
});
