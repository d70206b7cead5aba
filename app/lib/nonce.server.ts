import { randomBytes } from "node:crypto";

const NONCE_BYTES = 16;
const POOL_NONCES = 256;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A page's script nonce (issue 12's CSP): 16 bytes from the system's CSPRNG, base64. The bytes are drawn 4 KB at a
 * time and each 16 used once, the way Node batches `randomUUID`: one call into OpenSSL per 256 pages instead of one
 * per page (0.6% of a signed-in page's CPU, issue 34).
 */
export function pageNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * POOL_NONCES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
