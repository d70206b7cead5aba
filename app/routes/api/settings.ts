import { readFormCapped } from "~/lib/action.server";
import { readTextCapped, tooLargeMessage } from "~/lib/request-body.server";
import { getServices } from "~/lib/runtime.server";
import { SettingsRequestSchema } from "~/modules/settings/settings.schema";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/settings";

/** SPEC section 7: POST /settings with `columns` (a list of keys) answers the value per key. Public keys only. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Use POST." }, { status: 405 });
  const body = await readBody(request);
  if (body === "too-big") return Response.json({ error: tooLargeMessage(MAX_BODY) }, { status: 413 });
  const parsed = SettingsRequestSchema.safeParse(body);
  if (!parsed.success) {
    return Response.json({ error: parsed.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
  }
  const { db } = await getServices();
  return Response.json(await getSettings(db, parsed.data.columns));
}

export async function loader() {
  return Response.json({ error: "Use POST with a JSON body { columns: [...] }." }, { status: 405 });
}

/** A list of setting keys: a few hundred bytes. */
const MAX_BODY = 16_384;

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const text = await readTextCapped(request, MAX_BODY);
    if (text === "too-big") return text;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }
  const form = await readFormCapped(request, MAX_BODY).catch(() => null);
  if (form === "too-big") return form;
  return form ? { columns: form.getAll("columns[]").concat(form.getAll("columns")).map(String) } : null;
}
