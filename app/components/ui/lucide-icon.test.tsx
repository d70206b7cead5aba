import { readFileSync } from "node:fs";
import path from "node:path";
import { Columns3, Heart, Star } from "lucide-react";
import * as heartModule from "lucide-react/dist/esm/icons/heart.mjs";
import { renderToStaticMarkup } from "react-dom/server";
import { ICON_SPRITE } from "virtual:vpm-icon-sprite";
import { ICON_SYMBOLS } from "virtual:vpm-icon-symbols";
import { describe, expect, it } from "vitest";
import { buildSprite, iconFilesUsed } from "../../../scripts/vite-compact-icons";
import { IconsDrawn, useIconsOnPage } from "./lucide-icon";

// lucide's own drawing of the heart, read from the package (the builds load the module without it).
const heartFile = path.resolve("node_modules/lucide-react/dist/esm/icons/heart.mjs");
const heartPath = /d: "([^"]+)"/.exec(readFileSync(heartFile, "utf8"))?.[1] ?? "";

// Decisions 0105 and 0111: lucide's icons, drawn through app/components/ui/lucide-icon.tsx from one sprite
// (scripts/vite-compact-icons.ts).
describe("lucide's icons as the app draws them", () => {
  it("write a viewBox, one class and a use of the icon's symbol in the page", () => {
    const html = renderToStaticMarkup(<Heart aria-hidden className="size-4" />);
    expect(html).toBe(
      `<svg viewBox="0 0 24 24" class="icon size-4" aria-hidden="true"><use href="#i-heart"></use></svg>`,
    );
    // None of the nine attributes lucide wrote on every icon (the .icon rule in app.css draws them), and no drawing.
    expect(html).not.toMatch(/xmlns|width=|height=|stroke|fill=|lucide|<path/);
  });

  it("are hidden from assistive technology unless named, as lucide's were", () => {
    expect(renderToStaticMarkup(<Columns3 />)).toMatch(/^<svg viewBox="0 0 24 24" class="icon" aria-hidden="true">/);
    const named = renderToStaticMarkup(<Columns3 aria-label="Compare" role="img" />);
    expect(named).toContain('aria-label="Compare"');
    expect(named).not.toContain("aria-hidden");
  });

  it("note, while the server renders a page, each icon drawn once, and those a component will show in the browser", () => {
    function Carousel() {
      useIconsOnPage(Star);
      return null;
    }
    const drawn = new Set<string>();
    renderToStaticMarkup(
      <IconsDrawn.Provider value={drawn}>
        <Heart />
        <Heart />
        <Columns3 />
        <Carousel />
      </IconsDrawn.Provider>,
    );
    expect([...drawn].sort()).toEqual(["columns-3", "heart", "star"]);
  });

  it("load without their drawing: the module keeps only the icon's name", () => {
    expect((heartModule as unknown as { __iconData: unknown }).__iconData).toEqual({ name: "heart", node: [] });
  });
});

describe("the icon sprite", () => {
  it("holds lucide's drawing of each icon the app imports, once, under the address the app writes", () => {
    const sprite = buildSprite();
    expect(sprite.url).toBe(ICON_SPRITE);
    expect(ICON_SPRITE).toMatch(/^\/assets\/icons-[\w-]{10}\.svg$/);
    expect(sprite.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg">/);
    const heart = `<symbol id="i-heart" viewBox="0 0 24 24"><path d="${heartPath}"/></symbol>`;
    expect(sprite.svg).toContain(heart);
    // The server's copy of each symbol, for the pages it writes, is the sprite's.
    expect(ICON_SYMBOLS.heart).toBe(heart);
    expect(Object.keys(ICON_SYMBOLS).sort()).toEqual([...sprite.names].sort());
    // Circles and their attributes come through as SVG, without lucide's React keys.
    expect(sprite.svg).toMatch(/<symbol id="i-circle-user" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"\/>/);
    expect(sprite.svg).not.toContain("key=");
    expect((sprite.svg.match(/<symbol /g) ?? []).length).toBe(sprite.names.size);
    expect(sprite.names.has("columns-3")).toBe(true);
  });

  it("finds an app's icons by their imports, aliases and multi-line imports included, and nothing else", async () => {
    const { mkdtempSync, writeFileSync, mkdirSync } = await import("node:fs");
    const dir = mkdtempSync(path.join((await import("node:os")).tmpdir(), "icons-"));
    mkdirSync(path.join(dir, "ui"));
    writeFileSync(path.join(dir, "a.tsx"), 'import { Heart, Star as Rated } from "lucide-react";\n');
    writeFileSync(
      path.join(dir, "ui", "b.tsx"),
      'import {\n  type LucideIcon,\n  HeartIcon,\n  LucideCircleUser,\n} from "lucide-react";\nimport { X } from "./x";\n',
    );
    // A test's icons are not the app's.
    writeFileSync(path.join(dir, "c.test.tsx"), 'import { Anchor } from "lucide-react";\n');
    expect(iconFilesUsed(dir)).toEqual(["circle-user", "heart", "star"]);
  });
});
