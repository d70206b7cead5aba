import { readBodyCapped, tooLargeMessage } from "~/lib/request-body.server";
import { getServices } from "~/lib/runtime.server";
import type { Route } from "./+types/auth";

/** Sign-in, sign-out and the session take a few hundred bytes; better-auth itself reads any size. */
const MAX_BODY = 16_384;

/**
 * better-auth's endpoints under /api/auth/*: only those in AUTH_HTTP_ENDPOINTS (sign-in, sign-out, the session)
 * answer; better-auth's handler refuses every other path with 404 (`authHttpAllowList`, app/auth/auth.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { auth } = await getServices();
  const response = await auth.handler(request);
  return new URL(request.url).pathname.endsWith("/get-session") ? withoutSessionToken(response) : response;
}

/**
 * The session answer pages and scripts read carries no session token (issue 28): the token is the cookie's secret, and
 * a script that can read the JSON (an injected one, a cached copy) must not learn it. Everything else, the
 * cookies included, passes unchanged.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.ok || !(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const body = (await response.json()) as { session?: Record<string, unknown> } | null;
  if (body?.session && typeof body.session === "object") delete body.session.token;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/** A body over 16 KB is a 413 in better-auth's own error shape (`{ message, code }`), before better-auth reads it. */
export async function action({ request }: Route.ActionArgs) {
  const { auth } = await getServices();
  const body = await readBodyCapped(request, MAX_BODY);
  if (body === "too-big") {
    return Response.json({ message: tooLargeMessage(MAX_BODY), code: "PAYLOAD_TOO_LARGE" }, { status: 413 });
  }
  const { method, headers, signal, url } = request;
  return auth.handler(new Request(url, { method, headers, signal, body: body.byteLength ? body : undefined }));
}
