import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkOrigins } from "./scripts/vite-chunk-origins.ts";
import { precompress } from "./scripts/vite-precompress.ts";

/**
 * Browser chunks (decision 0054): the framework in one file and the shell's shared components in another, instead
 * of about forty small files a page (one per icon and helper). Each file is a request a phone on a slow connection
 * waits for before the page is interactive, and the script preloads compete with the stylesheet for the first paint.
 */
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
      priority: 20,
    },
    // Shared by at least two pages; what they import comes along (icons, form helpers).
    { name: "shell", test: /[\\/]app[\\/]components[\\/](shell|ui)[\\/]/, priority: 10, minShareCount: 2 },
  ],
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress(), chunkOrigins()],
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 3000) },
  environments: { client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } } },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "pg-boss", "better-auth", "nodemailer", "pino"],
  },
});
