import type { Subject } from "~/auth/abilities";
import { requireAdminPage } from "~/auth/session.server";
import { ResourceDetailPage } from "~/components/admin/resource-detail";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { getResourceDetail, resolveResource } from "~/modules/admin/resource-engine.server";
import type { Route } from "./+types/view";

/** `<path>/:id`: one row's page, for resources that declare one (a message's text, a mail's body). */
export async function loader({ request, pattern, params, url }: Route.LoaderArgs) {
  const resource = await orHttpError(() => resolveResource(pattern));
  const page = await requireAdminPage(request, "read", resource.entry.subject as Subject);
  if (!page) return null;
  const { viewer } = page;
  return orHttpError(async () =>
    getResourceDetail(await getServices(), {
      actor: viewer,
      input: { resource, id: params.id, params: url.searchParams },
    }),
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Admin"} · Admin` }];
}

export default function ResourceViewRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <ResourceDetailPage view={loaderData} />;
}
