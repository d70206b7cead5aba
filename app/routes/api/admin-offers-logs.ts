import { requireAbility } from "~/auth/session.server";
import { refuseCall } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { listOffersLogsAdmin } from "~/modules/offers/offers.server";
import type { Route } from "./+types/admin-offers-logs";

/**
 * SPEC `admin.get-admin-offers-logs` (GET, `?page=`): the offers log, newest first, 50 a page:
 * `{ data: [{ id, created_at, user: { name, user_uniqid }, history_note, offer_id }], page, pageCount, total }`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "manage", "all");
  try {
    const page = new URL(request.url).searchParams.get("page") ?? undefined;
    const result = await listOffersLogsAdmin(await getServices(), { actor: viewer, input: { page } });
    return Response.json({
      data: result.rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        user: { name: r.userName, user_uniqid: r.userUniqid },
        history_note: r.historyNote,
        offer_id: r.offerId,
      })),
      page: result.page,
      pageCount: result.pageCount,
      total: result.total,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refuseCall("admin-call", error.status, error.message);
  }
}
