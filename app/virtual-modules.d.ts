/** The icon sprite's address, `/assets/icons-<hash>.svg` (scripts/vite-compact-icons.ts, decision 0109). */
declare module "virtual:vpm-icon-sprite" {
  export const ICON_SPRITE: string;
}
