import { APIError } from "better-auth/api";
import type { Viewer } from "~/auth/abilities";
import { landingPathFor } from "~/auth/abilities";
import type { Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { markNotificationReadIn } from "~/modules/notifications/admin-inbox.server";
import { NotificationIdSchema } from "~/modules/notifications/admin-inbox.schema";
import { cookieHeaders } from "~/modules/accounts/accounts.server";
import { deleteSessionById, selectUserById, selectUserByUniqid } from "./impersonation.queries.server";
import { IMPERSONATION_MESSAGES as M, USER_UNIQID_PATTERN } from "./impersonation.schema";

type Deps = Pick<Services, "db" | "auth">;
type Person = NonNullable<Awaited<ReturnType<typeof selectUserById>>>;

const isAdministrator = (u: Pick<Person, "role" | "staffRole">) => u.role === "admin" || u.staffRole === "admin";

/**
 * An administrator logs into a user's account (SPEC sections 4 and 7). While already impersonating someone, the
 * administrator first leaves that account, then enters the new one. Another administrator's account is refused.
 * `notificationId` (the new-registration dropdown's Login action) marks that notification read.
 * Every start and end is journaled for the user and for the administrator. Returns the Set-Cookie headers.
 */
export async function startImpersonating(
  deps: Deps,
  args: {
    actor: Viewer;
    input: { userUniqid: string; notificationId?: unknown };
    headers: Headers;
    ipAddress?: string | null;
  },
) {
  const { actor, input } = args;
  const notificationId = parseNotificationId(input.notificationId);

  // The person really acting: the administrator behind an impersonated session, or the viewer.
  const admin = await selectUserById(deps.db, actor.impersonatedBy ?? actor.id);
  if (!admin || admin.deletedAt || admin.role !== "admin") throw new AppError("FORBIDDEN", M.notAdmin);

  const target = USER_UNIQID_PATTERN.test(input.userUniqid)
    ? await selectUserByUniqid(deps.db, input.userUniqid)
    : null;
  if (!target) throw new AppError("NOT_FOUND", M.notFound);
  if (isAdministrator(target)) throw new AppError("FORBIDDEN", M.targetIsAdmin);
  if (target.deletedAt) throw new AppError("CONFLICT", M.deleted);

  const out = new Headers();
  let cookie = args.headers.get("cookie") ?? "";
  if (actor.impersonatedBy) {
    if (actor.id === target.id) {
      // Already in this account: nothing to switch.
      if (notificationId) await deps.db.transaction((tx) => markNotificationReadIn(tx, notificationId));
      return { headers: out, user: target, landing: landingPathFor({ ...actor }), switchedFrom: null };
    }
    const left = await stopImpersonating(deps, args);
    for (const c of left.headers.getSetCookie()) out.append("set-cookie", c);
    cookie = applySetCookies(cookie, left.headers.getSetCookie());
  }

  const headers = new Headers(args.headers);
  if (cookie) headers.set("cookie", cookie);
  else headers.delete("cookie");
  let response: Response;
  try {
    response = await deps.auth.api.impersonateUser({ body: { userId: target.id }, headers, asResponse: true });
  } catch (err) {
    throw toAppError(err);
  }
  if (!response.ok) throw await responseError(response);
  const body = (await response.json()) as { session: { id: string } };
  for (const c of response.headers.getSetCookie()) out.append("set-cookie", c);

  try {
    await deps.db.transaction(async (tx) => {
      await journalBoth(tx, { admin, target, kind: "impersonation.start", ipAddress: args.ipAddress });
      if (notificationId) await markNotificationReadIn(tx, notificationId);
    });
  } catch (err) {
    // Never an impersonation that the journal does not know about.
    await deleteSessionById(deps.db, body.session.id);
    throw err;
  }
  return {
    headers: out,
    user: target,
    landing: landingPathFor({ ...actor, id: target.id, impersonatedBy: admin.id }),
    switchedFrom: actor.impersonatedBy ? actor.id : null,
  };
}

/** Ends an administrator's impersonation and restores the administrator's own session; journaled for both. */
export async function stopImpersonating(
  deps: Deps,
  args: { actor: Viewer; headers: Headers; ipAddress?: string | null },
) {
  const { actor } = args;
  if (!actor.impersonatedBy) throw new AppError("CONFLICT", M.notImpersonating);
  let response: Response;
  try {
    response = await deps.auth.api.stopImpersonating({ headers: args.headers, asResponse: true });
  } catch (err) {
    throw toAppError(err);
  }
  if (!response.ok) throw await responseError(response);
  const admin = await selectUserById(deps.db, actor.impersonatedBy);
  const target = await selectUserById(deps.db, actor.id);
  if (admin && target) {
    await deps.db.transaction((tx) =>
      journalBoth(tx, { admin, target, kind: "impersonation.end", ipAddress: args.ipAddress }),
    );
  }
  return { headers: cookieHeaders(response), admin, user: target };
}

async function journalBoth(
  tx: Tx,
  e: { admin: Person; target: Person; kind: "impersonation.start" | "impersonation.end"; ipAddress?: string | null },
) {
  const data = {
    impersonatorId: e.admin.id,
    impersonatorName: e.admin.name,
    impersonatorEmail: e.admin.email,
    userId: e.target.id,
    userName: e.target.name,
    userEmail: e.target.email,
  };
  // The user's journal: the administrator did it, as the impersonator.
  await recordActivity(tx, {
    userId: e.target.id,
    actor: { id: e.admin.id, impersonatedBy: e.admin.id },
    kind: e.kind,
    category: "impersonation",
    facts: { side: "account", name: e.admin.name, email: e.admin.email },
    data,
    ipAddress: e.ipAddress ?? null,
  });
  // The administrator's own journal.
  await recordActivity(tx, {
    userId: e.admin.id,
    actor: { id: e.admin.id, impersonatedBy: null },
    kind: e.kind,
    category: "impersonation",
    facts: { side: "administrator", name: e.target.name, email: e.target.email },
    data,
    ipAddress: e.ipAddress ?? null,
  });
}

function parseNotificationId(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const parsed = NotificationIdSchema.safeParse({ notification_id: value });
  if (!parsed.success) throw new AppError("BAD_INPUT", M.badNotification);
  return parsed.data.notification_id;
}

/** Applies Set-Cookie headers to a Cookie header the way a browser would: later wins, cleared ones go. */
function applySetCookies(cookie: string, setCookies: string[]) {
  const jar = new Map<string, string>();
  for (const part of cookie.split(";")) {
    const c = part.trim();
    const eq = c.indexOf("=");
    if (eq > 0) jar.set(c.slice(0, eq), c.slice(eq + 1));
  }
  for (const sc of setCookies) {
    const [pair] = sc.split(";");
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1);
    if (!value || /max-age=0/i.test(sc) || /expires=thu, 01 jan 1970/i.test(sc)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

async function responseError(response: Response): Promise<AppError> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return mapAuthError(response.status, body.code);
}

function toAppError(err: unknown): AppError {
  if (err instanceof APIError) {
    const body = err.body as { code?: string } | undefined;
    return mapAuthError(err.statusCode, body?.code);
  }
  throw err;
}

function mapAuthError(status: number, code?: string): AppError {
  if (code === "YOU_CANNOT_IMPERSONATE_ADMINS") return new AppError("FORBIDDEN", M.targetIsAdmin);
  if (status === 401) return new AppError("UNAUTHENTICATED", "Please sign in first.");
  if (status === 403) return new AppError("FORBIDDEN", M.notAdmin);
  if (status === 404) return new AppError("NOT_FOUND", M.notFound);
  if (code === "YOU_ARE_NOT_IMPERSONATING_ANYONE" || status === 400)
    return new AppError("CONFLICT", M.notImpersonating);
  return new AppError("CONFLICT", M.unknownError);
}
