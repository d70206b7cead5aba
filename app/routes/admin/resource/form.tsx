import type { Subject } from "~/auth/abilities";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import { ResourceForm } from "~/components/admin/resource-form";
import { handleAction, intent } from "~/lib/action.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { getResourceForm, resolveResource, saveResource } from "~/modules/admin/resource-engine.server";
import { resourcePaths } from "~/modules/admin/resource-paths";
import { z } from "zod";
import type { Route } from "./+types/form";

/** The create form (`<path>/create`) and edit form (`<path>/:id/edit`) of every registered resource. */
export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  const resource = await orHttpError(() => resolveResource(pattern));
  const page = await requireAdminPage(request, "read", resource.entry.subject as Subject);
  if (!page) return null;
  const { viewer } = page;
  return orHttpError(async () => {
    return getResourceForm(await getServices(), { actor: viewer, input: { resource, id: params.id ?? null } });
  });
}

/** Images make the form multipart; a media library picture of 10 MB (the largest upload) and the fields fit in 11 MB. */
const MAX_FORM_BYTES = 11 * 1024 * 1024;

export async function action({ request, pattern, params }: Route.ActionArgs) {
  const resource = await orHttpError(() => resolveResource(pattern));
  // Whoever may not see the list is sent away, as from every admin page (an impersonating administrator too).
  const { viewer: actor } = await requireAbility(request, "read", resource.entry.subject as Subject);
  const services = await getServices();
  return handleAction(request, {
    actor,
    defaultIntent: "save",
    maxBytes: MAX_FORM_BYTES,
    intents: {
      save: intent(z.object({}).passthrough(), async ({ body }) => {
        const saved = await saveResource(services, { actor, input: { resource, id: params.id ?? null, body } });
        return { message: saved.message, redirectTo: resourcePaths(resource.entry.path).list, json: { id: saved.id } };
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData
    ? loaderData.mode === "create"
      ? `Add ${loaderData.meta.noun}`
      : `Edit ${loaderData.recordTitle ?? loaderData.meta.noun}`
    : "Admin";
  return [{ title: `${title} · Admin` }];
}

export default function ResourceFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <ResourceForm key={loaderData.recordId ?? "new"} view={loaderData} actionData={actionData} />;
}
