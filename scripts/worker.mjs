// `npm run worker`: the job worker (worker.ts) in this very process, so a signal sent to it (or forwarded by npm)
// reaches the code that stops gracefully (decision 0046). Production may run `node scripts/worker.mjs` directly.
import "./check-node.mjs";
import module from "node:module";
import path from "node:path";

// As scripts/start.mjs: compiled bytecode kept on disk makes every start after the first faster.
module.enableCompileCache?.(path.resolve("node_modules/.cache/vpm-compile-cache"));

const { register } = await import("tsx/esm/api");
register();
await import("../worker.ts");
