/** The icon sprite's address, `/assets/icons-<hash>.svg` (scripts/vite-compact-icons.ts, decision 0111). */
declare module "virtual:vpm-icon-sprite" {
  export const ICON_SPRITE: string;
}

/** Each icon's `<symbol id="i-<name>">`, by lucide name: for the server, which writes a page's own (decision 0111). */
declare module "virtual:vpm-icon-symbols" {
  export const ICON_SYMBOLS: Record<string, string>;
}
