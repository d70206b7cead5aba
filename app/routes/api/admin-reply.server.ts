import { href, redirect } from "react-router";
import type { Viewer } from "~/auth/abilities";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { safeAdminReturnPath } from "~/modules/staff/impersonation.schema";

/**
 * The answer of the admin notification calls (SPEC section 7): a fetch gets JSON (`{ success: true, ... }`, or
 * `{ success: false, error }` with 400/401/403/404); a plain form post (JavaScript off) goes back to the admin page
 * it came from with a toast. The route checks the permission first (`requireAbility`: 401/403 JSON under /api/);
 * the service checks it again.
 */
export async function answerAdminCall(
  request: Request,
  viewer: Viewer,
  work: (viewer: Viewer, body: Record<string, unknown>) => Promise<{ message: string; json?: Record<string, unknown> }>,
) {
  if (request.method !== "POST") return refuse(405, "Send a POST request.");
  const body = await readBody(request);
  if (body === undefined) return refuse(400, "The request could not be read: send JSON or a form.");
  const asDocument = isDocumentSubmission(request);
  try {
    const { message, json } = await work(viewer, body);
    if (!asDocument) return Response.json({ success: true, message, ...json });
    const headers = await setFlash(new Headers(), { kind: "success", message });
    return redirect(backTo(request), { headers, status: 303 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (!asDocument || error.status === 401 || error.status === 403) return refuse(error.status, error.message);
    const headers = await setFlash(new Headers(), { kind: "error", message: error.message });
    return redirect(backTo(request), { headers, status: 303 });
  }
}

export function refuse(status: number, error: string) {
  return Response.json({ success: false, error }, { status });
}

function isDocumentSubmission(request: Request) {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("application/json")) return false;
  return request.headers.get("sec-fetch-mode") === "navigate" || accept.includes("text/html");
}

function backTo(request: Request) {
  try {
    const referer = new URL(request.headers.get("referer") ?? "");
    if (referer.origin === new URL(request.url).origin) {
      return safeAdminReturnPath(`${referer.pathname}${referer.search}`) ?? href("/admin");
    }
  } catch {}
  return href("/admin");
}

async function readBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const type = request.headers.get("content-type") ?? "";
  try {
    const text = await request.text();
    if (text.length > 4096) return undefined;
    if (!text.trim()) return {};
    if (type.includes("application/json")) {
      const parsed = JSON.parse(text) as unknown;
      return parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : undefined;
    }
    if (type.includes("multipart/form-data")) return undefined;
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return undefined;
  }
}
