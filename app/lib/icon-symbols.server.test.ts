import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { ICON_SYMBOLS } from "virtual:vpm-icon-symbols";
import { describe, expect, it } from "vitest";
import { IconSymbols } from "~/components/ui/lucide-icon";
import { withIconSymbols } from "./icon-symbols.server";

// Decision 0111: the page's icons' symbols, written into the root layout's holder once the page is rendered.
const page = (holder: string) => Buffer.from(`<html><body><main>…</main>${holder}<script></script></body></html>`);
const holder = renderToStaticMarkup(createElement(IconSymbols));

describe("withIconSymbols", () => {
  it("writes the symbol of each icon drawn into the holder React wrote, and nothing else", () => {
    expect(holder).toBe('<svg id="icon-symbols" aria-hidden="true" class="absolute size-0 overflow-hidden"></svg>');
    const out = withIconSymbols(page(holder), new Set(["heart", "star"])).toString();
    expect(out).toBe(
      `<html><body><main>…</main><svg id="icon-symbols" aria-hidden="true" class="absolute size-0 overflow-hidden">${ICON_SYMBOLS.heart}${ICON_SYMBOLS.star}</svg><script></script></body></html>`,
    );
    expect(out.match(/<symbol /g)).toHaveLength(2);
  });

  it("leaves a page without icons, or without the holder (an error page of the server's own), as it is", () => {
    const plain = page(holder);
    expect(withIconSymbols(plain, new Set())).toBe(plain);
    const noHolder = page("");
    expect(withIconSymbols(noHolder, new Set(["heart"]))).toBe(noHolder);
  });

  it("skips a name it has no symbol for", () => {
    expect(withIconSymbols(page(holder), new Set(["no-such-icon"])).toString()).toBe(page(holder).toString());
  });
});
