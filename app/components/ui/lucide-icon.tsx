import { createElement, type ReactNode, type SVGProps } from "react";

/** One of lucide's drawings: its name and the SVG elements (paths, circles...) on a 24-unit grid. */
export type IconData = { name: string; node: [tag: string, attributes: Record<string, string | number>][] };

type IconProps = SVGProps<SVGSVGElement> & { children?: ReactNode };

/**
 * What lucide-react's icon modules call to make each icon (decision 0105): `scripts/vite-compact-icons.ts` points
 * their import of lucide's own factory here, in the browser and the server build alike, so every
 * `import { Heart } from "lucide-react"` draws with this. The drawing is lucide's; the `<svg>` carries a viewBox and
 * one class, and its size, stroke and fill come from the `.icon` rule in app.css, where lucide wrote nine attributes
 * on every icon (145 icons on /listings). Size and colour go through classes (`size-4`, `fill-current`): a `fill`
 * or `stroke` attribute would lose to the rule.
 */
export default function createLucideIcon(data: IconData | string, legacyNode: IconData["node"] = []) {
  const { name, node } = typeof data === "string" ? { name: data, node: legacyNode } : data;
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
      node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  }
  LucideIcon.displayName = name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
  return LucideIcon;
}
