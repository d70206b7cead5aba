/**
 * A Vite plugin: after the client build, writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text asset
 * (scripts, styles, SVG, JSON, maps) of at least 1 KB, so the server sends them without compressing on each request
 * (server.ts `precompressed`). Only copies that are smaller than the original are kept.
 *
 * Brotli's highest quality (11) costs about 14 ms per 1 KB here; the files are compressed on Node's thread pool side
 * by side, and the few files over 400 KB (the PDF viewer and its worker, the rich-text editor: loaded on demand by a
 * few screens) get quality 9, about eight times faster for a copy about 9% larger. The first `npm start` builds, so
 * this is part of the time to the first page (issue 13).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml|map|html)$/;
const MIN_BYTES = 1024;
const LARGE_BYTES = 400 * 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

async function compressBeside(file: string) {
  const raw = await readFile(file);
  if (raw.byteLength < MIN_BYTES) return;
  const quality = raw.byteLength > LARGE_BYTES ? 9 : constants.BROTLI_MAX_QUALITY;
  const [br, gzipped] = await Promise.all([
    brotli(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
    }),
    gz(raw, { level: 9 }),
  ]);
  if (br.byteLength < raw.byteLength) await writeFile(`${file}.br`, br);
  if (gzipped.byteLength < raw.byteLength) await writeFile(`${file}.gz`, gzipped);
}

export function precompress(): Plugin {
  return {
    name: "vpm-precompress",
    apply: "build",
    // Vite's environments: only the browser's build is served as static files.
    applyToEnvironment: (environment) => environment.name === "client",
    async closeBundle() {
      const { root, build } = this.environment.config;
      // A failed build wrote no folder: return, so Vite reports the build's own error rather than this one.
      if (build.ssr || !existsSync(path.resolve(root, build.outDir))) return;
      const texts = [...files(path.resolve(root, build.outDir))].filter((file) => TEXT.test(file));
      await Promise.all(texts.map(compressBeside));
    },
  };
}
