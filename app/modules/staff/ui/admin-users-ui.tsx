import { FAILURE_REASONS, type UserStatus } from "../admin-users.schema";

const STATUS_STYLE: Record<UserStatus, string> = {
  active: "bg-emerald-100 text-emerald-900",
  unverified: "bg-amber-100 text-amber-900",
  suspended: "bg-red-100 text-red-900",
};
const STATUS_LABEL: Record<UserStatus, string> = { active: "Active", unverified: "Unverified", suspended: "Suspended" };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}>
      {STATUS_LABEL[status]}
    </span>
  );
}

export const ROLE_LABEL: Record<string, string> = { buyer: "Buyer", seller: "Seller", admin: "Administrator" };

/** A sign-in's outcome: "Signed in", or "Failed: <reason>". */
export function LoginResult({ success, reason }: { success: boolean; reason: string | null }) {
  return success ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">Signed in</span>
  ) : (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
      Failed{reason ? `: ${FAILURE_REASONS[reason] ?? reason}` : ""}
    </span>
  );
}
