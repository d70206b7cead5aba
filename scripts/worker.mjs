// `npm run worker`: the job worker (worker.ts) in this very process, so a signal sent to it (or forwarded by npm)
// reaches the code that stops gracefully (decision 0046). Production may run `node scripts/worker.mjs` directly.
import "./check-node.mjs";

const { register } = await import("tsx/esm/api");
register();
await import("../worker.ts");
