import { Columns3, Heart } from "lucide-react";
import * as heartModule from "lucide-react/dist/esm/icons/heart.mjs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { IconData } from "./lucide-icon";

// lucide's drawing of the heart, as its module exports it (not in its type declarations).
const heart = (heartModule as unknown as { __iconData: IconData }).__iconData;

// Decision 0105: lucide's icons, drawn through app/components/ui/lucide-icon.tsx (scripts/vite-compact-icons.ts).
describe("lucide's icons as the app draws them", () => {
  it("write a viewBox and one class, with lucide's own drawing inside", () => {
    const html = renderToStaticMarkup(<Heart aria-hidden className="size-4" />);
    const path = heart.node[0][1].d;
    expect(html).toBe(
      `<svg viewBox="0 0 24 24" class="icon size-4" aria-hidden="true"><path d="${path}"></path></svg>`,
    );
    // None of the nine attributes lucide wrote on every icon: the .icon rule in app.css draws them.
    expect(html).not.toMatch(/xmlns|width=|height=|stroke|fill=|lucide/);
  });

  it("are hidden from assistive technology unless named, as lucide's were", () => {
    expect(renderToStaticMarkup(<Columns3 />)).toMatch(/^<svg viewBox="0 0 24 24" class="icon" aria-hidden="true">/);
    const named = renderToStaticMarkup(<Columns3 aria-label="Compare" role="img" />);
    expect(named).toContain('aria-label="Compare"');
    expect(named).not.toContain("aria-hidden");
  });
});
