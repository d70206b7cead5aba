import { createElement, type ReactNode, type SVGProps } from "react";
import { ICON_SPRITE } from "virtual:vpm-icon-sprite";

/** One of lucide's icons as the builds load it: its name (its drawing is in the sprite, decision 0109). */
export type IconData = { name: string };

type IconProps = SVGProps<SVGSVGElement> & { children?: ReactNode };

/**
 * What lucide-react's icon modules call to make each icon (decisions 0105 and 0109): `scripts/vite-compact-icons.ts`
 * points their import of lucide's own factory here, in the browser and the server build alike, so every
 * `import { Heart } from "lucide-react"` draws with this. The drawing is lucide's, once, in the icon sprite
 * (`/assets/icons-<hash>.svg`, cached by the browser for good); the page carries an `<svg>` with a viewBox, one class
 * and a `<use>` of the icon's symbol. Its size, stroke and fill come from the `.icon` rule in app.css, inherited by
 * the drawing. Size and colour go through classes (`size-4`, `fill-current`).
 */
export default function createLucideIcon({ name }: IconData) {
  const symbol = `${ICON_SPRITE}#${name}`;
  function LucideIcon({ className, children, ...rest }: IconProps) {
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
      createElement("use", { href: symbol }),
      children,
    );
  }
  LucideIcon.displayName = name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
  return LucideIcon;
}
