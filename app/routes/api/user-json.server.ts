import type { Viewer } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { isAppError } from "~/lib/errors";

const MAX_BODY = 16_384;

/**
 * The JSON calls of the profile area (SPEC section 7): they need a signed-in user (401 otherwise, whatever the
 * Accept header says), read JSON or a form body, answer `{ data, message }` and refuse with 4xx
 * `{ data: false, error, fields }`.
 */
export async function jsonCall<T>(
  request: Request,
  work: (viewer: Viewer, input: unknown) => Promise<{ data: T; message?: string }>,
): Promise<Response> {
  if (request.method !== "POST") return refuse(405, "Send a POST request.", {}, { allow: "POST" });
  const viewer = await getViewer(request);
  if (!viewer) return refuse(401, "Please sign in first.");
  const input = await readBody(request);
  if (input === undefined) return refuse(400, "The request could not be read: send JSON or a form.");
  try {
    const out = await work(viewer, input);
    return Response.json(out);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refuse(error.status, error.message, error.fields ?? {});
  }
}

export function refuse(status: number, error: string, fields: Record<string, string[]> = {}, headers?: HeadersInit) {
  return Response.json({ data: false, error, fields }, { status, headers });
}

export async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) return undefined;
  try {
    const text = await request.text();
    if (text.length > MAX_BODY) return undefined;
    if (type.includes("application/json")) return JSON.parse(text || "{}");
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return undefined;
  }
}

/** GET on a POST-only call. */
export function postOnly() {
  return refuse(405, "Send a POST request.", {}, { allow: "POST" });
}
