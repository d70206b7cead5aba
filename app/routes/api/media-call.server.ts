import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";

/** The JSON headers of every media library call: never cached, never sniffed. */
export const MEDIA_CALL_HEADERS = { "cache-control": "no-store", "x-content-type-options": "nosniff" };

/**
 * The signed-in person allowed to use the media library, or the JSON refusal to answer with: 401 to nobody signed
 * in, 403 to anyone the library is not for (buyers, sellers, an administrator impersonating one). `message` is the
 * call's own failure wording (the SPEC's), `error` the reason.
 */
export async function mediaCaller(
  request: Request,
  action: "read" | "create" | "update",
  message: string,
): Promise<Viewer | Response> {
  const viewer = await getViewer(request);
  if (!viewer) {
    return Response.json({ message, error: "Please sign in first." }, { status: 401, headers: MEDIA_CALL_HEADERS });
  }
  if (!defineAbilityFor(viewer).can(action, "MediaAdmin")) {
    return Response.json(
      { message, error: "You do not have permission to use the media library." },
      { status: 403, headers: MEDIA_CALL_HEADERS },
    );
  }
  return viewer;
}

/** Any method but the one a call takes: 405 with what to send. */
export function wrongMethod(allow: string, message: string) {
  return Response.json(
    { message, error: `Send a ${allow} request.` },
    { status: 405, headers: { ...MEDIA_CALL_HEADERS, allow } },
  );
}
