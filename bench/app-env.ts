/**
 * The environment a benchmark starts the production build with: the demo seed, production mode, quiet logs, the
 * given port (the auth origin follows it) and whatever the benchmark adds (a DATABASE_URL, a DATA_DIR).
 */
export function benchAppEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    SEED_DEMO: "1",
    PORT: String(port),
    BETTER_AUTH_URL: `http://localhost:${port}`,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    LOG_LEVEL: "warn",
    ...extra,
  };
}
