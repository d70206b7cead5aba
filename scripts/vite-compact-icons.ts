/**
 * A Vite plugin (decision 0105): lucide-react's icon modules make their components with lucide's own factory
 * (`../createLucideIcon.mjs`); this points that one import at `app/components/ui/lucide-icon.tsx`, which draws the
 * same paths in an `<svg>` with a viewBox and a class instead of nine presentation attributes. The rest of the
 * package (and every `import { X } from "lucide-react"` in the app) is unchanged. The server build must bundle
 * lucide-react (`ssr.noExternal`), or it would render lucide's markup and the browser would hydrate another.
 */
import path from "node:path";
import type { Plugin } from "vite";

const FACTORY = path.resolve(import.meta.dirname, "../app/components/ui/lucide-icon.tsx");

export function compactIcons(): Plugin {
  return {
    name: "vpm-compact-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (
        source === "../createLucideIcon.mjs" &&
        importer &&
        /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)
      ) {
        return FACTORY;
      }
      return null;
    },
  };
}
