/**
 * A Vite plugin: after the client build, writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text asset
 * (scripts, styles, SVG, JSON, maps) of at least 1 KB, at the highest levels, so the server sends them without
 * compressing on each request (server.ts `precompressed`). Only copies that are smaller than the original are kept.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml|map|html)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

export function precompress(): Plugin {
  return {
    name: "vpm-precompress",
    apply: "build",
    // Vite's environments: only the browser's build is served as static files.
    applyToEnvironment: (environment) => environment.name === "client",
    closeBundle() {
      const { root, build } = this.environment.config;
      if (build.ssr) return;
      for (const file of files(path.resolve(root, build.outDir))) {
        if (!TEXT.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.byteLength < MIN_BYTES) continue;
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.byteLength < raw.byteLength) writeFileSync(`${file}.br`, br);
        if (gz.byteLength < raw.byteLength) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
