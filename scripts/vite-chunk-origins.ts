/**
 * A Vite plugin: after the client build, writes `build/client/.chunk-origins.json`, for each JavaScript chunk the
 * rendered bytes of our own modules (anything outside node_modules) and of the libraries' (React, React Router,
 * lucide, zod...). `bench/bundle-size.ts` splits each page's JavaScript into the framework's share and ours with it
 * (issue 12: at most 150 KB gzipped in all, at most 40 KB of it our own). The file starts with a dot so it is never
 * served (express.static skips dotfiles).
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

export type ChunkOrigins = Record<string, { own: number; library: number }>;

export const CHUNK_ORIGINS_FILE = ".chunk-origins.json";

export function chunkOrigins(): Plugin {
  let origins: ChunkOrigins = {};
  return {
    name: "vpm-chunk-origins",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      origins = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        let own = 0;
        let library = 0;
        for (const [id, m] of Object.entries(chunk.modules)) {
          if (/[\\/]node_modules[\\/]|^\0|^virtual:/.test(id)) library += m.renderedLength;
          else own += m.renderedLength;
        }
        origins[`/${chunk.fileName}`] = { own, library };
      }
    },
    closeBundle() {
      const { root, build } = this.environment.config;
      // A failed build wrote no folder: return, so Vite reports the build's own error rather than this one.
      if (build.ssr || !existsSync(path.resolve(root, build.outDir))) return;
      writeFileSync(path.resolve(root, build.outDir, CHUNK_ORIGINS_FILE), JSON.stringify(origins, null, 1));
    },
  };
}
