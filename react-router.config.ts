import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `npm run build` (scripts/build-release.mjs) builds each release into a folder of its own, build/releases/<time>,
  // and then switches build/current to it (app/lib/releases.server.ts). A plain `react-router build` writes build/.
  buildDirectory: process.env.VPM_BUILD_DIR ?? "build",
} satisfies Config;
