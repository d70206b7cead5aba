import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkOrigins } from "./scripts/vite-chunk-origins.ts";
import { compactIcons, compactIconsForDeps } from "./scripts/vite-compact-icons.ts";
import { precompress } from "./scripts/vite-precompress.ts";

/**
 * Browser chunks (decision 0054): the framework in one file and the page chrome (header, menus, footer, dialogs) in another, instead
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
    // The chrome every page has, with what it imports (icons). The UI kit (tables, facets, pager) is left to the
    // default chunking: in this group every page paid for the list pages' components (5 KB on a listing page).
    // The button and the resort picture are on nearly every page: in the shell, not two more small files a page.
    {
      name: "shell",
      test: /[\\/]app[\\/](components[\\/]shell[\\/]|components[\\/]ui[\\/]button\.tsx|modules[\\/]resorts[\\/]ui[\\/]resort-picture\.tsx)/,
      priority: 10,
      minShareCount: 2,
    },
  ],
};

export default defineConfig({
  plugins: [compactIcons(), tailwindcss(), reactRouter(), precompress(), chunkOrigins()],
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 3000) },
  // The development server's pre-bundled lucide-react draws from the icon sprite too (decision 0111).
  optimizeDeps: { rolldownOptions: { plugins: [compactIconsForDeps()] } },
  environments: { client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } } },
  ssr: {
    // Bundled, so its icons are drawn by app/components/ui/lucide-icon.tsx on the server as in the browser (0105).
    noExternal: ["lucide-react"],
    external: ["@electric-sql/pglite", "pg", "pg-boss", "better-auth", "nodemailer", "pino"],
  },
});
