/**
 * A Vite plugin (decisions 0105 and 0111): lucide-react's icons, drawn from one sprite file.
 *
 * - lucide's icon modules make their components with lucide's own factory (`../createLucideIcon.mjs`); this points
 *   that one import at `app/components/ui/lucide-icon.tsx`, which writes an `<svg>` with a viewBox, a class and a
 *   `<use>` of the icon's symbol in the sprite. The rest of the package (and every `import { X } from "lucide-react"`
 *   in the app) is unchanged. The server build must bundle lucide-react (`ssr.noExternal`), or it would render lucide's
 *   markup and the browser would hydrate another.
 * - The sprite holds every icon the app imports, found in `app/` by its imports from "lucide-react" (so the browser
 *   build and the server build find the same set, and name the file by the same hash): `/assets/icons-<hash>.svg`,
 *   written by the browser build, served by the dev server. `virtual:vpm-icon-sprite` gives the app its address.
 * - Each icon module, as the builds load it, keeps its name and drops its drawing, which is in the sprite: neither
 *   build carries the paths. An icon module whose icon is not in the sprite stops the build.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import type { Plugin } from "vite";

const ROOT = path.resolve(import.meta.dirname, "..");
const FACTORY = path.join(ROOT, "app/components/ui/lucide-icon.tsx");
const LUCIDE_ESM = path.join(ROOT, "node_modules/lucide-react/dist/esm");
const SPRITE_MODULE = "virtual:vpm-icon-sprite";
const RESOLVED_SPRITE_MODULE = `\0${SPRITE_MODULE}`;
const SYMBOLS_MODULE = "virtual:vpm-icon-symbols";
const RESOLVED_SYMBOLS_MODULE = `\0${SYMBOLS_MODULE}`;
/** A symbol's id in the page and the sprite: `iconSymbolId` in app/components/ui/lucide-icon.tsx. */
const symbolId = (name: string) => `i-${name}`;
const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/;

type IconNode = [tag: string, attributes: Record<string, string | number>][];
export type Sprite = { url: string; svg: string; names: Set<string>; symbols: Record<string, string> };

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) yield* sourceFiles(p);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) yield p;
  }
}

/** lucide's exported names (`Heart`, `HeartIcon`, `LucideHeart`...) and the icon file each comes from. */
function lucideExports(): Map<string, string> {
  const index = readFileSync(path.join(LUCIDE_ESM, "lucide-react.mjs"), "utf8");
  const files = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
    for (const part of m[1].split(",")) {
      const name = /as\s+(\w+)/.exec(part)?.[1];
      if (name) files.set(name, m[2]);
    }
  }
  return files;
}

/** The icon files the app imports: every `import { A, B as C } from "lucide-react"` under `app/`. */
export function iconFilesUsed(appDir = path.join(ROOT, "app")): string[] {
  const exported = lucideExports();
  const used = new Set<string>();
  for (const file of sourceFiles(appDir)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
      for (const part of m[1].split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        const icon = exported.get(name);
        if (icon) used.add(icon);
      }
    }
  }
  return [...used].sort();
}

const escapeAttribute = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function drawing(node: IconNode) {
  return node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([k]) => k !== "key")
        .map(([k, v]) => ` ${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeAttribute(String(v))}"`)
        .join("");
      return `<${tag}${attrs}/>`;
    })
    .join("");
}

/**
 * lucide's data for one icon, read from its module's text: `const __iconData = {...};`, a plain literal. (Importing
 * the module would, under Vitest, load it through this plugin, which drops the drawing.)
 */
function iconData(file: string): { name: string; node: IconNode } {
  const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(readFileSync(file, "utf8"))?.[1];
  if (!literal) throw new Error(`no icon data in ${file}: has lucide-react changed its modules?`);
  return runInNewContext(`(${literal})`, {}, { timeout: 1000 });
}

/** The sprite: one `<symbol id="<lucide name>">` per icon the app imports, named by the hash of its content. */
export function buildSprite(): Sprite {
  const symbols: Record<string, string> = {};
  const names = new Set<string>();
  for (const file of iconFilesUsed()) {
    const { name, node } = iconData(path.join(LUCIDE_ESM, "icons", `${file}.mjs`));
    names.add(name);
    symbols[name] = `<symbol id="${symbolId(name)}" viewBox="0 0 24 24">${drawing(node)}</symbol>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${Object.values(symbols).join("")}</svg>\n`;
  const hash = createHash("sha256").update(svg).digest("base64url").slice(0, 10);
  return { url: `/assets/icons-${hash}.svg`, svg, names, symbols };
}

function iconName(file: string, fallback: string) {
  return /\bname:\s*"([a-z0-9-]+)"/.exec(readFileSync(file, "utf8"))?.[1] ?? fallback;
}

/**
 * The hooks both plugins share: the factory and the sprite's address resolved, and each icon module loaded with its
 * name and without its drawing (an old name's file draws the icon under its new name). Every icon module passes here,
 * those only re-exported by lucide's index too; the build's `generateBundle` checks the ones kept.
 */
function iconHooks(getSprite: () => Sprite) {
  return {
    resolveId(source: string, importer: string | undefined) {
      if (source === SPRITE_MODULE) return RESOLVED_SPRITE_MODULE;
      if (source === SYMBOLS_MODULE) return RESOLVED_SYMBOLS_MODULE;
      if (source === "../createLucideIcon.mjs" && importer && ICON_MODULE.test(importer)) return FACTORY;
      return null;
    },
    load(id: string) {
      if (id === RESOLVED_SPRITE_MODULE) return `export const ICON_SPRITE = ${JSON.stringify(getSprite().url)};`;
      if (id === RESOLVED_SYMBOLS_MODULE) return `export const ICON_SYMBOLS = ${JSON.stringify(getSprite().symbols)};`;
      const file = ICON_MODULE.exec(id.split("?")[0]);
      if (!file) return null;
      const name = iconName(id.split("?")[0], file[1]);
      return [
        "import createLucideIcon from '../createLucideIcon.mjs';",
        `const __iconData = { name: ${JSON.stringify(name)}, node: [] };`,
        "const Icon = createLucideIcon(__iconData);",
        "export { __iconData, Icon as default };",
      ].join("\n");
    },
  };
}

function memoSprite() {
  let sprite: Sprite | undefined;
  return () => {
    sprite ??= buildSprite();
    return sprite;
  };
}

export function compactIcons(): Plugin {
  const getSprite = memoSprite();
  return {
    name: "vpm-compact-icons",
    enforce: "pre",
    ...iconHooks(getSprite),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const { url, svg } = getSprite();
        if (req.url?.split("?")[0] !== url) return next();
        res.setHeader("Content-Type", "image/svg+xml");
        res.end(svg);
      });
    },
    generateBundle(_options, bundle) {
      const { url, svg, names } = getSprite();
      const missing = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const id of chunk.moduleIds) {
          const file = ICON_MODULE.exec(id);
          if (file && chunk.modules[id]?.renderedLength && !names.has(iconName(id, file[1]))) missing.add(file[1]);
        }
      }
      if (missing.size) {
        this.error(
          `lucide icons drawn but not in the icon sprite: ${[...missing].join(", ")}. Import them as \`import { X } from "lucide-react"\` under app/ (scripts/vite-compact-icons.ts).`,
        );
      }
      if (this.environment?.name === "client") this.emitFile({ type: "asset", fileName: url.slice(1), source: svg });
    },
  };
}

/**
 * The same drawing for the development server's pre-bundled copy of lucide-react (`optimizeDeps`): without it the
 * browser would draw lucide's own markup where the server wrote `<use>`, and React would throw the page's hydration away.
 */
export function compactIconsForDeps() {
  return { name: "vpm-compact-icons-deps", ...iconHooks(memoSprite()) };
}
