import { handlePublicCall, parseOrThrow, publicRefusal } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { SettingsRequestSchema } from "~/modules/settings/settings.schema";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/settings";

const USE_POST = "Use POST with a JSON body { columns: [...] }.";

/** SPEC section 7: POST /settings with `columns` (a list of keys) answers the value per key. Public keys only. */
export function action({ request }: Route.ActionArgs) {
  return handlePublicCall(request, {
    methodMessage: USE_POST,
    run: async (body) => {
      // A form's single `columns=site_name` is a list of one.
      const columns = typeof body.columns === "string" ? [body.columns] : body.columns;
      const input = parseOrThrow(SettingsRequestSchema, { columns });
      return getSettings((await getServices()).db, input.columns);
    },
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
