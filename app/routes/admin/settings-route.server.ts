import type { Subject } from "~/auth/abilities";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import { type ActionBody, handleAction, type Intent, intent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { formInputOf, type SettingsDeclaration, sectionSchema } from "~/modules/admin/settings";
import { getSettingsForm, saveSettingsSection } from "~/modules/admin/settings.server";

/**
 * The loader and action every settings screen shares (issue 30): a route module names its declaration and calls
 * these. Administrators only (the declaration's subject), on the server, for reading and for saving.
 */
export async function settingsLoader(request: Request, decl: SettingsDeclaration) {
  const page = await requireAdminPage(request, "manage", decl.subject as Subject);
  return page && getSettingsForm(await getServices(), { actor: page.viewer, decl });
}

/** Each section is an intent (its id) of the pipeline; a screen of one section needs none. */
export async function settingsAction(request: Request, decl: SettingsDeclaration, selfPath: string) {
  const { viewer } = await requireAbility(request, "manage", decl.subject as Subject);
  const intents: Record<string, Intent> = {};
  for (const section of decl.sections) {
    intents[section.id] = intent(fromForm(sectionSchema(section)), async ({ actor, body }) => {
      // The service parses the section's form itself (the same input as its other callers).
      const input = formInputOf(section, formOf(body));
      const saved = await saveSettingsSection(await getServices(), { actor, decl, input });
      return { redirectTo: decl.redirectTo ?? selfPath, message: saved.message };
    });
  }
  return handleAction(request, {
    actor: viewer,
    intents,
    defaultIntent: decl.sections.length === 1 ? decl.sections[0].id : undefined,
  });
}

/** The body as the form it was (the service's input is read from a form). */
function formOf(body: ActionBody) {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) {
    for (const one of Array.isArray(v) ? v : [v]) if (typeof one === "string") form.append(k, one);
  }
  return form;
}
