import { defineAbilityFor, type Subject, type Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { zodToAppError } from "~/lib/action.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { readSettingRows, storeSettings } from "~/modules/settings/settings.server";
import {
  changesOf,
  rowsOfSection,
  type SectionOf,
  type SectionValues,
  type SettingsDeclaration,
  type SettingsSection,
  type SettingsValues,
  savedMessageOf,
  sectionFormValues,
  sectionForIntent,
  sectionValuesOf,
  sectionSchema,
  storageKeysOf,
} from "./settings";

/**
 * The settings capability's server half (issue 30, decision 0064): the one typed accessor every piece of code a key
 * governs reads (`readSettings`, `readSettingsSection`), and the screen's read and save (administrators only, one
 * section a save, one transaction, one journal entry with the changed keys' values before and after).
 */

const isUserScoped = (s: SettingsSection) => s.scope === "user";

/**
 * Every section's typed values (defaults for anything missing or out of range). A `scope: "user"` section is
 * `userId`'s own values (its defaults without one).
 */
export async function readSettings<D extends SettingsDeclaration>(
  db: Db | Tx,
  decl: D,
  opts: { userId?: string } = {},
): Promise<SettingsValues<D>> {
  const site = decl.sections.filter((s) => !isUserScoped(s));
  const mine = decl.sections.filter(isUserScoped);
  const rows = await readSettingRows(db, site.flatMap(storageKeysOf));
  const own = opts.userId ? await readSettingRows(db, mine.flatMap(storageKeysOf), opts.userId) : {};
  return Object.fromEntries(
    decl.sections.map((s) => [s.id, sectionValuesOf(s, isUserScoped(s) ? own : rows)]),
  ) as SettingsValues<D>;
}

/**
 * One section's typed values: what the code a key governs reads (pass the transaction when inside one). A
 * `scope: "user"` section needs whose values: `userId` (the signed-in person's id, never one from input).
 */
export async function readSettingsSection<D extends SettingsDeclaration, Id extends D["sections"][number]["id"]>(
  db: Db | Tx,
  decl: D,
  id: Id,
  opts: { userId?: string } = {},
): Promise<SectionValues<SectionOf<D, Id>>> {
  const section = findSection(decl, id);
  if (!section) throw new Error(`Settings ${decl.id} have no section ${id}.`);
  if (isUserScoped(section) && !opts.userId) throw new Error(`Settings ${decl.id}.${id} are a person's: pass userId.`);
  const userId = isUserScoped(section) ? opts.userId : undefined;
  return sectionValuesOf(section, await readSettingRows(db, storageKeysOf(section), userId)) as SectionValues<
    SectionOf<D, Id>
  >;
}

function findSection(decl: SettingsDeclaration, id: string): SettingsSection | undefined {
  return decl.sections.find((s) => s.id === id);
}

function requireSettingsAdmin(actor: Viewer, decl: SettingsDeclaration) {
  if (!defineAbilityFor(actor).can("manage", decl.subject as Subject)) {
    throw new AppError("FORBIDDEN", `Only administrators change the ${decl.title.toLowerCase()}.`);
  }
}

/** The screen's values: each section's form values by field name. */
export async function getSettingsForm(deps: Pick<Services, "db">, args: { actor: Viewer; decl: SettingsDeclaration }) {
  requireSettingsAdmin(args.actor, args.decl);
  // A person's own sections are the actor's values: nobody reads another's.
  const values = await readSettings(deps.db, args.decl, { userId: args.actor.id });
  const byId = values as Record<string, Record<string, unknown>>;
  return {
    sections: Object.fromEntries(args.decl.sections.map((s) => [s.id, sectionFormValues(s, byId[s.id])])),
  };
}

/** Saves one section (the form's `intent`): checked, all its keys in one transaction, one journal entry. */
export async function saveSettingsSection(
  deps: Pick<Services, "db"> & Partial<Pick<Services, "jobs">>,
  args: { actor: Viewer; decl: SettingsDeclaration; input: Record<string, unknown> },
) {
  requireSettingsAdmin(args.actor, args.decl);
  const section = sectionForIntent(args.decl, args.input.intent);
  if (!section) throw new AppError("BAD_INPUT", "Choose a section to save.");
  const parsed = sectionSchema(section).safeParse(args.input);
  if (!parsed.success) throw zodToAppError(parsed.error);
  const after = parsed.data as Record<string, unknown>;
  const refused = section.check?.(after);
  if (refused && Object.keys(refused).length) {
    const fields = Object.fromEntries(
      Object.entries(refused).map(([prop, message]) => [section.keys[prop]?.name ?? prop, [message]]),
    );
    throw new AppError("BAD_INPUT", Object.values(refused)[0], fields);
  }
  // A person's own section is written for the actor only (never a user named by the input).
  const owner = isUserScoped(section) ? args.actor.id : undefined;
  const saved = await deps.db.transaction(async (tx) => {
    const before = sectionValuesOf(section, await readSettingRows(tx, storageKeysOf(section), owner)) as Record<
      string,
      unknown
    >;
    await storeSettings(tx, rowsOfSection(section, after), owner);
    const changes = changesOf(section, before, after);
    await recordActivity(tx, {
      userId: args.actor.id,
      actor: args.actor,
      kind: "settings.section",
      facts: { title: section.title.toLowerCase(), changes: changes.map((c) => c.words) },
      data: {
        settings: args.decl.id,
        section: section.id,
        ...(owner ? { scope: "user" } : {}),
        before: Object.fromEntries(changes.map((c) => [c.name, c.before])),
        after: Object.fromEntries(changes.map((c) => [c.name, c.after])),
      },
    });
    return { section: section.id, values: after, message: savedMessageOf(section, after) };
  });
  if (section.afterSaveJob) await deps.jobs?.send(section.afterSaveJob, {});
  return saved;
}
