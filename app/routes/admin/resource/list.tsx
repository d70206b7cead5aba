import { z } from "zod";
import type { Subject } from "~/auth/abilities";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import { ResourceList } from "~/components/admin/resource-list";
import { handleAction, intent } from "~/lib/action.server";
import { int, token } from "~/lib/fields";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import {
  deleteResource,
  listResource,
  moveResource,
  resolveResource,
  restoreResourceRevision,
  runRowAction,
  runToolbarAction,
} from "~/modules/admin/resource-engine.server";
import type { Route } from "./+types/list";

/** The list screen of every resource in the registry (`modules/admin/resources.registry.ts`). */
export async function loader({ request, pattern, url }: Route.LoaderArgs) {
  const resource = await orHttpError(() => resolveResource(pattern));
  const page = await requireAdminPage(request, "read", resource.entry.subject as Subject);
  if (!page) return null;
  const { viewer } = page;
  return orHttpError(async () => {
    return listResource(await getServices(), { actor: viewer, input: { resource, params: url.searchParams } });
  });
}

/** A row's id as the list's forms send it (the engine checks it against the id column: a 404 when it is none). */
const rowId = token({ message: "Choose a row of the list.", max: 100 });
const Ids = z.object({
  ids: z
    .union([rowId, z.array(rowId).max(500, "Choose at most 500 rows at once.")], {
      error: "Choose the rows to delete.",
    })
    .transform((v) => [v].flat()),
});
const RowId = z.object({ id: rowId });

export async function action({ request, pattern }: Route.ActionArgs) {
  const resource = await orHttpError(() => resolveResource(pattern));
  // Whoever may not see the list is sent away, as from every admin page (an impersonating administrator too).
  const { viewer: actor } = await requireAbility(request, "read", resource.entry.subject as Subject);
  const services = await getServices();
  const rowAction = (name: string) =>
    intent(RowId, async ({ input, body }) =>
      runRowAction(services, { actor, input: { resource, intent: name, id: input.id, body } }),
    );
  const toolbarAction = intent(z.object({}).passthrough(), async ({ body }) =>
    runToolbarAction(services, { actor, input: { resource, intent: String(body.intent), body } }),
  );
  const rowActions = resource.decl.rowActions ?? [];
  return handleAction(request, {
    actor,
    // A list with one row action takes a bare `id` as that action (the button's form without JavaScript).
    defaultIntent: rowActions.length === 1 ? rowActions[0].intent : undefined,
    intents: {
      delete: intent(Ids, ({ input }) => deleteResource(services, { actor, input: { resource, ids: input.ids } })),
      move: intent(RowId.extend({ direction: z.enum(["up", "down"]) }), ({ input }) =>
        moveResource(services, { actor, input: { resource, id: input.id, direction: input.direction } }),
      ),
      // A resource that keeps versions (decision 0069): put one back (the row's page posts it here).
      ...(resource.decl.revisions
        ? {
            "restore-version": intent(
              RowId.extend({ version: int({ min: 1, max: 999_999, message: "Choose a version to restore." }) }),
              ({ input }) =>
                restoreResourceRevision(services, {
                  actor,
                  input: { resource, id: input.id, version: input.version },
                }),
            ),
          }
        : {}),
      ...Object.fromEntries(rowActions.map((a) => [a.intent, rowAction(a.intent)])),
      ...Object.fromEntries((resource.decl.toolbarActions ?? []).map((a) => [a.intent, toolbarAction])),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.meta.title ?? "Admin"} · Admin` }];
}

export default function ResourceListRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <ResourceList view={loaderData} actionData={actionData} />;
}
