import { requireUser } from "~/auth/session.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { exportResource, resolveResource } from "~/modules/admin/resource-engine.server";
import type { Route } from "./+types/export";

/** `<path>/export.csv`: the list's rows (its search and filters kept) as a CSV download. */
export async function loader({ request, pattern, url }: Route.LoaderArgs) {
  // Outside the admin layout (a file, not a page): the engine's `read` check refuses an impersonating administrator.
  const viewer = await requireUser(request);
  const { filename, csv } = await orHttpError(async () =>
    exportResource(await getServices(), {
      actor: viewer,
      input: { resource: await resolveResource(pattern), params: url.searchParams },
    }),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
