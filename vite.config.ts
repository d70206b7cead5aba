import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkOrigins } from "./scripts/vite-chunk-origins";
import { precompress } from "./scripts/vite-precompress";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress(), chunkOrigins()],
  resolve: { tsconfigPaths: true },
  server: { port: Number(process.env.PORT ?? 3000) },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "pg-boss", "better-auth", "nodemailer", "pino"],
  },
});
