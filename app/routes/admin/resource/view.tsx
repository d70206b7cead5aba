import type { Subject } from "~/auth/abilities";
import { requireAbility, requireUser } from "~/auth/session.server";
import { ResourceDetailPage } from "~/components/admin/resource-detail";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { getResourceDetail, resolveResource } from "~/modules/admin/resource-engine.server";
import type { Route } from "./+types/view";

/** `<path>/:id`: one row's page, for resources that declare one (a message's text, a mail's body). */
export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  if (viewer.impersonatedBy) return null; // the admin layout shows its impersonation notice instead
  const resource = await orHttpError(() => resolveResource(pattern));
  await requireAbility(request, "read", resource.entry.subject as Subject);
  return orHttpError(async () =>
    getResourceDetail(await getServices(), { actor: viewer, input: { resource, id: params.id } }),
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Admin"} · Admin` }];
}

export default function ResourceViewRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <ResourceDetailPage view={loaderData} />;
}
