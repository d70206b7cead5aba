import {
  type ComponentType,
  createContext,
  createElement,
  type ReactNode,
  type SVGProps,
  useContext,
  useEffect,
} from "react";
import { ICON_SPRITE } from "virtual:vpm-icon-sprite";

/** One of lucide's icons as the builds load it: its name (its drawing is in the sprite, decision 0111). */
export type IconData = { name: string };

type IconProps = SVGProps<SVGSVGElement> & { children?: ReactNode };

/** The id of an icon's `<symbol>` in the page: `i-heart`. */
export const iconSymbolId = (name: string) => `i-${name}`;

/** The element that holds the page's symbols: drawn empty by the root layout, filled by entry.server.tsx. */
export const ICON_SYMBOLS_ID = "icon-symbols";

/**
 * The names of the icons a page draws, collected while the server renders it; entry.server.tsx then writes their
 * symbols into the page (decision 0111). No provider in the browser: there, a missing symbol is fetched instead.
 */
export const IconsDrawn = createContext<Set<string> | null>(null);

let spriteLoad: Promise<void> | undefined;

/**
 * In the browser: an icon drawn after the page loaded (another page opened in the browser, a dialog) whose symbol the
 * page does not hold brings the whole sprite once (`/assets/icons-<hash>.svg`, cached for good) and adds the symbols
 * the page lacks.
 */
function ensureSymbol(name: string) {
  // Once loaded, the page holds every symbol; while loading, the load will bring this one too.
  if (spriteLoad !== undefined || document.getElementById(iconSymbolId(name))) return;
  spriteLoad = fetch(ICON_SPRITE)
    .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`icon sprite: ${res.status}`))))
    .then((text) => {
      const holder = document.getElementById(ICON_SYMBOLS_ID);
      const sprite = new DOMParser().parseFromString(text, "image/svg+xml");
      for (const symbol of sprite.querySelectorAll("symbol")) {
        if (!document.getElementById(symbol.id)) holder?.append(document.importNode(symbol, true));
      }
    })
    .catch(() => {
      spriteLoad = undefined;
    });
}

/** The `href` of an icon's symbol, noted for the server's page and made sure of in the browser. */
export function useIconSymbol(name: string) {
  useContext(IconsDrawn)?.add(name);
  useEffect(() => ensureSymbol(name), [name]);
  return `#${iconSymbolId(name)}`;
}

/**
 * Icons a component may show only once it runs in the browser (a carousel's pause button, when the visitor's motion
 * setting allows autoplay): their symbols go into the server's page all the same, so the browser need not fetch the
 * sprite for them.
 */
export function useIconsOnPage(...icons: ComponentType<never>[]) {
  const drawn = useContext(IconsDrawn);
  if (!drawn) return;
  for (const icon of icons) {
    const name = (icon as { iconName?: string }).iconName;
    if (name) drawn.add(name);
  }
}

/**
 * What lucide-react's icon modules call to make each icon (decisions 0105 and 0111): `scripts/vite-compact-icons.ts`
 * points their import of lucide's own factory here, in the browser and the server build alike, so every
 * `import { Heart } from "lucide-react"` draws with this. The drawing is lucide's, once per page: the page carries an
 * `<svg>` with a viewBox, one class and a `<use>` of the icon's `<symbol>`, which the server writes once at the end of
 * the page. Its size, stroke and fill come from the `.icon` rule in app.css, inherited by the drawing. Size and colour
 * go through classes (`size-4`, `fill-current`).
 */
export default function createLucideIcon({ name }: IconData) {
  function LucideIcon({ className, children, ...rest }: IconProps) {
    const href = useIconSymbol(name);
    // As lucide does: hidden from assistive technology unless it is given a name.
    const named = children != null || "aria-label" in rest || "aria-labelledby" in rest || "title" in rest;
    return createElement(
      "svg",
      {
        viewBox: "0 0 24 24",
        className: className ? `icon ${className}` : "icon",
        "aria-hidden": named ? undefined : true,
        ...rest,
      },
      createElement("use", { href }),
      children,
    );
  }
  LucideIcon.displayName = name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
  LucideIcon.iconName = name;
  return LucideIcon;
}

/** The root layout's empty holder of the page's symbols (entry.server.tsx fills it; React leaves its content alone). */
export function IconSymbols() {
  return (
    <svg
      id={ICON_SYMBOLS_ID}
      aria-hidden="true"
      className="absolute size-0 overflow-hidden"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; the server writes lucide's symbols into it
      dangerouslySetInnerHTML={EMPTY}
      suppressHydrationWarning
    />
  );
}
const EMPTY = { __html: "" };
