import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { deleteOtherSessions, selectLiveSessions } from "./accounts.queries.server";
import { confirmPassword } from "./auth-password-confirm.server";
import { describeUserAgent } from "./sessions-user-agent";

type Deps = Pick<Services, "db" | "auth">;

export type BrowserSession = {
  id: string;
  device: string;
  ipAddress: string | null;
  lastActive: string;
  signedInAt: string;
  current: boolean;
  /** An administrator's impersonation of this account. */
  impersonation: boolean;
};

async function currentSessionId(deps: Deps, headers: Headers) {
  const result = await deps.auth.api.getSession({ headers });
  if (!result) throw new AppError("UNAUTHENTICATED", "Please sign in first.");
  return result.session.id;
}

/** The person's unexpired sessions, newest activity first, this device first. */
export async function listBrowserSessions(deps: Deps, args: { actor: Viewer; headers: Headers }) {
  const current = await currentSessionId(deps, args.headers);
  const rows = await selectLiveSessions(deps.db, args.actor.id);
  const out: BrowserSession[] = rows.map((s) => ({
    id: s.id,
    device: describeUserAgent(s.userAgent),
    ipAddress: s.ipAddress || null,
    lastActive: (s.updatedAt > s.createdAt ? s.updatedAt : s.createdAt).toISOString(),
    signedInAt: s.createdAt.toISOString(),
    current: s.id === current,
    impersonation: Boolean(s.impersonatedBy),
  }));
  return out.sort((a, b) => Number(b.current) - Number(a.current));
}

/** "Log out other browser sessions": after the password, every session of the person but this one ends. */
export async function logOutOtherSessions(deps: Deps, args: { actor: Viewer; input: unknown; headers: Headers }) {
  await confirmPassword(deps, args);
  const current = await currentSessionId(deps, args.headers);
  return deps.db.transaction(async (tx) => {
    const ended = await deleteOtherSessions(tx, args.actor.id, current);
    await recordActivity(tx, {
      userId: args.actor.id,
      actor: args.actor,
      kind: "auth.sessions.revoked",
      category: "security",
      facts: { ended: ended.length },
      data: { count: ended.length },
    });
    return { ended: ended.length };
  });
}
