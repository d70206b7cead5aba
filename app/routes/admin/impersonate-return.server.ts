import { createCookie } from "react-router";
import { safeAdminReturnPath } from "~/modules/staff/impersonation.schema";

/**
 * Where the administrator was in the admin area when they logged into a user's account, so leaving brings them
 * back there. Only an admin path of this site is kept or followed (`safeAdminReturnPath`), so a forged cookie
 * cannot make leaving an open redirect. Lives as long as better-auth's impersonation session (1 hour).
 */
const returnCookie = createCookie("vpm_impersonation_return", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60,
});

/** The admin page a request came from (its Referer), when it is one of this site's admin pages. */
export function adminPageOf(request: Request): string | null {
  try {
    const referer = new URL(request.headers.get("referer") ?? "");
    if (referer.origin !== new URL(request.url).origin) return null;
    return safeAdminReturnPath(`${referer.pathname}${referer.search}`);
  } catch {
    return null;
  }
}

export async function rememberReturnPath(headers: Headers, path: string) {
  headers.append("set-cookie", await returnCookie.serialize(path));
}

/** The remembered admin page (or null) and the header that forgets it. */
export async function takeReturnPath(request: Request, headers: Headers) {
  const value = await returnCookie.parse(request.headers.get("cookie"));
  headers.append("set-cookie", await returnCookie.serialize("", { maxAge: 0 }));
  return safeAdminReturnPath(typeof value === "string" ? value : null);
}
