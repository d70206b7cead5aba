/**
 * Whether this process is shutting down (decision 0046). server.ts starts draining on SIGTERM or SIGINT, through the
 * server build's entry (app/entry.server.tsx), and the readiness check (/api/ready) answers 503 from then on, so a
 * load balancer that still reaches the process takes it out. Kept on globalThis, like the services, so every copy
 * of this module in the process sees the same state.
 */
const g = globalThis as { __vpmDrainingSince?: number };

export function beginDraining() {
  g.__vpmDrainingSince ??= Date.now();
}

export function isDraining() {
  return g.__vpmDrainingSince !== undefined;
}
