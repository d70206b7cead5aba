import { data } from "react-router";
import type { Subject } from "~/auth/abilities";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import { handleFormAction, readForm } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { formInputOf, type SettingsDeclaration, sectionForIntent, sectionSchema } from "~/modules/admin/settings";
import { getSettingsForm, saveSettingsSection } from "~/modules/admin/settings.server";

/**
 * The loader and action every settings screen shares (issue 30): a route module names its declaration and calls
 * these. Administrators only (the declaration's subject), on the server, for reading and for saving.
 */
export async function settingsLoader(request: Request, decl: SettingsDeclaration) {
  const page = await requireAdminPage(request, "manage", decl.subject as Subject);
  return page && getSettingsForm(await getServices(), { actor: page.viewer, decl });
}

export async function settingsAction(request: Request, decl: SettingsDeclaration, selfPath: string) {
  const { viewer } = await requireAbility(request, "manage", decl.subject as Subject);
  const form = await readForm(request);
  const section = sectionForIntent(decl, form.get("intent"));
  if (!section) return data({ intent: null, result: null, error: "Choose a section to save." }, { status: 400 });
  return handleFormAction(request, {
    form,
    schema: sectionSchema(section),
    echo: { intent: section.id as string | null, error: null as string | null },
    run: async () => {
      const input = formInputOf(section, form);
      const saved = await saveSettingsSection(await getServices(), { actor: viewer, decl, input });
      return { redirectTo: decl.redirectTo ?? selfPath, message: saved.message, status: 303 };
    },
  });
}
