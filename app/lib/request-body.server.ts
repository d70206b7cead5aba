/**
 * Request bodies with a size limit (issue 12 finding 9): read until a cap and no further, and a refused body's
 * remaining bytes read and thrown away by the server, so a client that sent too much gets its 413 instead of a
 * connection reset. Express types only: no `~` imports, so server.ts can load this file as it is.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

/** The message of a 413: "The request is too large: at most 64 KB." (MB from 1 MB up). */
export function tooLargeMessage(maxBytes: number) {
  const mb = 1024 * 1024;
  const size =
    maxBytes >= mb ? `${Number((maxBytes / mb).toFixed(1))} MB` : `${Math.max(1, Math.floor(maxBytes / 1024))} KB`;
  return `The request is too large: at most ${size}.`;
}

/** True when the request says (Content-Length) that its body is larger than `maxBytes`. */
export function declaredTooLarge(request: Request, maxBytes: number) {
  return Number(request.headers.get("content-length") ?? 0) > maxBytes;
}

/**
 * The request body, read until `max` bytes; past that "too-big" and nothing more is buffered. The stream is released,
 * not cancelled: under @react-router/express a cancel destroys the socket before the 413 is written (the client then
 * sees a reset); the rest of the body is left to `drainUnreadBodies`.
 */
export async function readBodyCapped(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | "too-big"> {
  if (declaredTooLarge(request, max)) return "too-big";
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.releaseLock();
      return "too-big";
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The text of a body of at most `max` bytes, else "too-big". */
export async function readTextCapped(request: Request, max: number): Promise<string | "too-big"> {
  const bytes = await readBodyCapped(request, max);
  return bytes === "too-big" ? bytes : new TextDecoder().decode(bytes);
}

/** What a refused request may still send after its answer: read and thrown away; past this the connection is cut. */
export const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Express middleware: when an answer is finished before its request's body was read to the end (a 413, a 401 or a
 * 403 given before the body was looked at), the rest of the body is read and thrown away. Left unread, the body stays
 * in the socket; the keep-alive timer then closes the socket with data unread, which the kernel answers with a TCP
 * reset, and the client reports ECONNRESET instead of the answer (or the next request on that connection fails). A body
 * of more than `limit` further bytes is not worth the wait: the connection is closed after the answer.
 */
export function drainUnreadBodies(limit = DRAIN_LIMIT_BYTES) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      // The adapter's stream pump (@react-router/node) listens for `data` and has paused the request: nobody will
      // read that stream now, so its listener goes and the bytes flow to this counter instead.
      req.removeAllListeners("data");
      let drained = 0;
      req.on("data", (chunk: Buffer) => {
        drained += chunk.byteLength;
        if (drained > limit) req.socket.destroy();
      });
      req.resume();
    });
    next();
  };
}
