import { z } from "zod";
import { hasForbiddenCharacters } from "~/lib/field-values";
import { int } from "~/lib/fields";
import { formatNumber, formatPercent, formatPrice } from "~/lib/format";

/**
 * Settings, the admin resource engine's capability for one record of typed keys (issue 30, decision 0064): sections
 * of keys, each key declared once with its kind, label, range or options and default. From the declaration come the
 * zod schema of each section's form (messages naming the field and its range), the form's HTML constraints, the
 * reader that turns stored values into typed ones (anything missing or out of range falls back to the default) and
 * the journal's before and after. Values live in the `settings` table, one row a key (or one row a section when the
 * section says `storedAs`). Safe for the browser.
 */

type KeyBase = {
  /** The form field's name (and the journal's). */
  name: string;
  /** The `settings` row the value is kept in (ignored when the section is `storedAs` one row). */
  storage: string;
  label: string;
  /** A sentence under the field; the range and default are added to it. */
  help?: string;
  /** The refusal, when the derived one ("Enter a whole number of days from 7 to 730.") does not fit. */
  message?: string;
};
export type Option<V extends string = string> = { value: V; label: string };

/** A whole number, stored as one; `unit` names it in the label's hint and in the message ("days"). */
export type IntegerKey = KeyBase & { kind: "integer"; unit: string; min: number; max: number; default: number };
/** Money in cents (min, max and default too), entered and shown as whole dollars. */
export type MoneyKey = KeyBase & { kind: "money"; min: number; max: number; default: number };
/**
 * A percent (min, max, default in percent). `decimals` 0 or 2; with 2 it is stored in basis points (800 = 8%),
 * with 0 as the whole percent.
 */
export type PercentKey = KeyBase & { kind: "percent"; decimals: 0 | 2; min: number; max: number; default: number };
/** A checkbox: ticked is true; an unticked box is absent from the form, so false. */
export type BooleanKey = KeyBase & { kind: "boolean"; default: boolean };
/** One of a list; `numeric` keeps the value a number (rows a page). */
export type SelectKey<V extends string = string> = KeyBase & {
  kind: "select";
  options: readonly Option<V>[];
  default: V;
  numeric?: boolean;
};
/** Any of a list (checkboxes), in the list's order; `min`: at least this many must be ticked (none by default). */
export type MultiSelectKey<V extends string = string> = KeyBase & {
  kind: "multiselect";
  options: readonly Option<V>[];
  default: readonly V[];
  min?: number;
};
/** One line of text without control characters. */
/** `optional`: may be left empty (saved as ""), for a value that is left out of the pages while unset. */
export type TextKey = KeyBase & { kind: "text"; maxLength: number; default: string; optional?: boolean };

/** A colour as `#rrggbb` (stored lower-cased). */
export type ColourKey = KeyBase & { kind: "colour"; default: string };
/**
 * A picture of the media library (decision 0067), kept as its address (`/media/library/...`); empty: none. The form
 * shows the address with a "Choose from the media library" button.
 */
export type ImageKey = KeyBase & { kind: "image"; default: string };

export type SettingKey =
  | IntegerKey
  | MoneyKey
  | PercentKey
  | BooleanKey
  | SelectKey
  | MultiSelectKey
  | TextKey
  | ColourKey
  | ImageKey;

export type SettingsSection = {
  /** The form's intent and the reader's key ("offers"). */
  id: string;
  title: string;
  description?: string;
  /** The save button's words (default "Save <title lower-cased>"). */
  submitLabel?: string;
  /** Keys by the name code reads them under (`expiryHours`). */
  keys: Record<string, SettingKey>;
  /** Keep the whole section as one JSON row under this key instead of a row a key. */
  storedAs?: string;
  /**
   * Whose values (decision 0093): the site's (default), or each signed-in person's own (`user`): read and written for
   * the actor only, the section's defaults until they save it.
   */
  scope?: "site" | "user";
  /** The toast after saving (default: the title and each key's new value). */
  saved?: (values: Record<string, unknown>) => string;
  /** A job queue to nudge once the change is committed (a list rebuilt from the new value). */
  afterSaveJob?: string;
  /**
   * A check across the section's keys once each is valid (a text colour against its background): the refusal of
   * each field that fails, by key (property) name, or null. Refused: a 400 with the messages, nothing written.
   */
  check?: (values: Record<string, unknown>) => Record<string, string> | null;
};

export type SettingsDeclaration = {
  /** The journal's name for the record ("tweaks"). */
  id: string;
  title: string;
  description?: string;
  /** The CASL subject an administrator must `manage` to read and change it. */
  subject: "SiteSettings" | "OfferAdmin" | "ResortAdmin" | "Seo";
  /** Where a save lands (default: the page itself). */
  redirectTo?: string;
  sections: readonly SettingsSection[];
};

/** Declares settings; `const` keeps each key's kind and options as literal types for the typed reader. */
export function defineSettings<const D extends SettingsDeclaration>(declaration: D): D {
  return declaration;
}

type ValueOfKey<K> = K extends { kind: "boolean" }
  ? boolean
  : K extends { kind: "select"; options: readonly Option<infer V>[] }
    ? K extends { numeric: true }
      ? number
      : V
    : K extends { kind: "multiselect"; options: readonly Option<infer V>[] }
      ? V[]
      : K extends { kind: "text" | "colour" | "image" }
        ? string
        : number;
export type SectionValues<S extends SettingsSection> = { -readonly [P in keyof S["keys"]]: ValueOfKey<S["keys"][P]> };
export type SectionOf<D extends SettingsDeclaration, Id extends D["sections"][number]["id"]> = Extract<
  D["sections"][number],
  { id: Id }
>;
export type SettingsValues<D extends SettingsDeclaration> = {
  [S in D["sections"][number] as S["id"]]: SectionValues<S>;
};

export function sectionOf<D extends SettingsDeclaration, Id extends D["sections"][number]["id"]>(
  decl: D,
  id: Id,
): SectionOf<D, Id> {
  const section = decl.sections.find((s) => s.id === id);
  if (!section) throw new Error(`Settings ${decl.id} have no section ${id}.`);
  return section as SectionOf<D, Id>;
}

/** The section a form's `intent` names; a record of one section takes a form without one. */
export function sectionForIntent(decl: SettingsDeclaration, intent: unknown): SettingsSection | undefined {
  if (decl.sections.length === 1 && (intent === undefined || intent === null || intent === "")) return decl.sections[0];
  return decl.sections.find((s) => s.id === intent);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading stored values

const numberOf = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : NaN);
const within = (n: number, k: { min: number; max: number }) => n >= k.min && n <= k.max;

/** One stored value as the key's typed value; anything missing, malformed or out of range is the default. */
export function valueOfStored(key: SettingKey, stored: unknown): unknown {
  switch (key.kind) {
    case "integer": {
      const n = numberOf(stored);
      return Number.isInteger(n) && within(n, key) ? n : key.default;
    }
    case "money": {
      const n = numberOf(stored);
      return Number.isInteger(n) && n % 100 === 0 && within(n, key) ? n : key.default;
    }
    case "percent": {
      const n = numberOf(stored);
      const percent = key.decimals === 2 ? n / 100 : n;
      return Number.isInteger(n) && within(percent, key) ? percent : key.default;
    }
    case "boolean":
      return stored === true || stored === "true" ? true : stored === false || stored === "false" ? false : key.default;
    case "select": {
      const value = key.options.find((o) => o.value === String(stored ?? ""))?.value ?? key.default;
      return key.numeric ? Number(value) : value;
    }
    case "multiselect": {
      if (!Array.isArray(stored)) return [...key.default];
      const wanted = new Set(stored.map(String));
      const picked = key.options.filter((o) => wanted.has(o.value)).map((o) => o.value);
      return picked.length < (key.min ?? 0) ? [...key.default] : picked;
    }
    case "text":
      return typeof stored === "string" && stored.length <= key.maxLength && !hasForbiddenCharacters(stored)
        ? stored
        : key.default;
    case "colour":
      return typeof stored === "string" && HEX.test(stored) ? stored.toLowerCase() : key.default;
    case "image":
      return typeof stored === "string" && (stored === "" || LIBRARY_PICTURE.test(stored)) ? stored : key.default;
  }
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** A media library picture's address (decision 0067). */
export const LIBRARY_PICTURE = /^\/media\/library\/[A-Za-z0-9._-]{1,200}$/;

/** The value as stored: cents, basis points, numbers, strings, lists. */
export function storedOfValue(key: SettingKey, value: unknown): unknown {
  return key.kind === "percent" && key.decimals === 2 ? Math.round((value as number) * 100) : value;
}

/** The settings rows a section reads. */
export function storageKeysOf(section: SettingsSection): string[] {
  return section.storedAs ? [section.storedAs] : Object.values(section.keys).map((k) => k.storage);
}

/** A section's typed values from the stored rows (by `settings` key). */
export function sectionValuesOf<S extends SettingsSection>(
  section: S,
  rows: Record<string, unknown>,
): SectionValues<S> {
  const one = section.storedAs ? rows[section.storedAs] : null;
  const record = one && typeof one === "object" && !Array.isArray(one) ? (one as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [prop, key] of Object.entries(section.keys)) {
    out[prop] = valueOfStored(key, section.storedAs ? record[prop] : rows[key.storage]);
  }
  return out as SectionValues<S>;
}

/** The rows to write for a section's new values. */
export function rowsOfSection(section: SettingsSection, values: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(section.keys).map(([prop, key]) => [prop, storedOfValue(key, values[prop])] as const);
  if (section.storedAs) return { [section.storedAs]: Object.fromEntries(entries) };
  return Object.fromEntries(entries.map(([prop, v]) => [section.keys[prop].storage, v]));
}

// ---------------------------------------------------------------------------------------------------------------
// Words: messages, hints, values

const PLAIN_UNITS = new Set(["percent", "year"]);
/** A count in words ("1,000"); a year is written as one ("2016"). */
const countOf = (key: IntegerKey, n: number) => (key.unit === "year" ? String(n) : formatNumber(n));

/** The refusal for a bad value, naming the field's range or choices. */
export function messageOf(key: SettingKey): string {
  if (key.message) return key.message;
  switch (key.kind) {
    case "integer":
      return key.unit === "year"
        ? `Enter a year from ${key.min} to ${key.max}.`
        : `Enter a whole number of ${key.unit} from ${formatNumber(key.min)} to ${formatNumber(key.max)}.`;
    case "money":
      return `Enter a whole number of dollars from ${formatNumber(key.min / 100)} to ${formatNumber(key.max / 100)}.`;
    case "percent":
      return key.decimals === 2
        ? `Enter a percent from ${key.min} to ${key.max}, with at most two decimals.`
        : `Enter a whole percent from ${key.min} to ${key.max}.`;
    case "boolean":
      return `Tick or untick "${key.label}".`;
    case "select":
      return `Choose ${key.label.toLowerCase()} from the list.`;
    case "multiselect":
      return key.min
        ? `Choose at least ${key.min === 1 ? "one" : formatNumber(key.min)} of the ${key.label.toLowerCase()} from the list.`
        : `Choose ${key.label.toLowerCase()} from the list.`;
    case "text":
      return `Enter ${key.label.toLowerCase()} in at most ${formatNumber(key.maxLength)} characters, without control characters.`;
    case "colour":
      return `Enter ${key.label.toLowerCase()} as a hex colour, like #0c4a6e.`;
    case "image":
      return `Choose ${key.label.toLowerCase()} from the media library, or leave it empty.`;
  }
}

/** The hint under a field: its help, then its range and default. */
export function hintOf(key: SettingKey): string | undefined {
  const range = (() => {
    switch (key.kind) {
      case "integer":
        return `From ${countOf(key, key.min)} to ${countOf(key, key.max)}${PLAIN_UNITS.has(key.unit) ? "" : ` ${key.unit}`}; ${countOf(key, key.default)} by default.`;
      case "money":
        return `Dollars, from ${formatNumber(key.min / 100)} to ${formatNumber(key.max / 100)}; ${formatNumber(key.default / 100)} by default.`;
      case "percent":
        return key.decimals === 2
          ? `Up to two decimals, from ${key.min} to ${key.max}; ${key.default} by default.`
          : `From ${key.min} to ${key.max}; ${key.default} by default.`;
      default:
        return undefined;
    }
  })();
  return [key.help, range].filter(Boolean).join(" ") || undefined;
}

/** A value in words, for the journal and the toast ("$1,000", "8%", "on"). */
export function wordsOf(key: SettingKey, value: unknown): string {
  switch (key.kind) {
    case "money":
      return formatPrice(value as number);
    case "percent":
      return formatPercent(value as number);
    case "boolean":
      return value ? "on" : "off";
    case "select":
      return key.options.find((o) => o.value === String(value))?.label ?? String(value);
    case "multiselect": {
      const list = (value as string[]).map((v) => key.options.find((o) => o.value === v)?.label ?? v);
      return list.length ? list.join(", ") : "none";
    }
    case "integer":
      return countOf(key, value as number);
    case "text":
    case "colour":
    case "image":
      return value ? `"${value}"` : "empty";
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The form: schema, constraints, initial values

function fieldSchema(key: SettingKey): z.ZodType {
  const message = messageOf(key);
  switch (key.kind) {
    case "integer":
      return int({ min: key.min, max: key.max, message });
    case "money":
      return int({ min: key.min / 100, max: key.max / 100, message }).transform((dollars) => dollars * 100);
    case "percent":
      if (key.decimals === 0) return int({ min: key.min, max: key.max, message });
      return z
        .unknown()
        .optional()
        .transform((v, ctx): number => {
          const text = typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "";
          const n = /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : NaN;
          if (!within(n, key)) {
            ctx.addIssue({ code: "custom", message });
            return z.NEVER;
          }
          return Math.round(n * 100) / 100;
        });
    case "boolean":
      return z
        .union([z.literal("on"), z.literal("true"), z.literal("false"), z.boolean()], { error: message })
        .optional()
        .transform((v) => v === true || v === "on" || v === "true");
    case "select": {
      const values = key.options.map((o) => o.value) as [string, ...string[]];
      const e = z.enum(values, { error: message });
      return key.numeric ? e.transform(Number) : e;
    }
    case "multiselect": {
      const values = key.options.map((o) => o.value) as [string, ...string[]];
      return z.preprocess(
        (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
        z
          .array(z.enum(values, { error: message }))
          .max(values.length, message)
          .min(key.min ?? 0, message)
          .transform((picked) => values.filter((v) => picked.includes(v))),
      );
    }
    case "text": {
      const text = z
        .string({ error: message })
        .trim()
        .max(key.maxLength, message)
        .refine((v) => !hasForbiddenCharacters(v), message);
      // An empty field reaches the schema as missing (fromForm): an optional key then saves "".
      return key.optional ? text.optional().transform((v) => v ?? "") : text;
    }
    case "colour":
      return z
        .string({ error: message })
        .trim()
        .regex(HEX, message)
        .transform((v) => v.toLowerCase());
    case "image":
      return z
        .string({ error: message })
        .trim()
        .refine((v) => v === "" || LIBRARY_PICTURE.test(v), message)
        .optional()
        .transform((v) => v ?? "");
  }
}

/** The zod schema of one section's form: fields by their form names, the typed section values out. */
export function sectionSchema<S extends SettingsSection>(section: S): z.ZodType<SectionValues<S>> {
  const entries = Object.entries(section.keys);
  const shape = Object.fromEntries(entries.map(([, key]) => [key.name, fieldSchema(key)]));
  return z
    .object(shape)
    .transform((v) => Object.fromEntries(entries.map(([prop, key]) => [prop, v[key.name]])) as SectionValues<S>);
}

/** The HTML constraints of a field, from the same declaration as the schema. */
export function constraintsOf(key: SettingKey): {
  required?: boolean;
  min?: number;
  max?: number;
  step?: number;
  maxLength?: number;
  inputMode?: "numeric" | "decimal";
} {
  switch (key.kind) {
    case "integer":
      return { required: true, min: key.min, max: key.max, step: 1, inputMode: "numeric" };
    case "money":
      return { required: true, min: key.min / 100, max: key.max / 100, step: 1, inputMode: "numeric" };
    case "percent":
      return key.decimals === 2
        ? { required: true, min: key.min, max: key.max, step: 0.01, inputMode: "decimal" }
        : { required: true, min: key.min, max: key.max, step: 1, inputMode: "numeric" };
    case "select":
      return { required: true };
    case "text":
      return { maxLength: key.maxLength };
    case "colour":
      return { required: true, maxLength: 7 };
    default:
      return {};
  }
}

/** What a form field shows for a typed value (dollars for cents, "on" for true). */
export function formValueOf(key: SettingKey, value: unknown): string | string[] | undefined {
  switch (key.kind) {
    case "money":
      return String((value as number) / 100);
    case "boolean":
      return value ? "on" : undefined;
    case "multiselect":
      return [...(value as string[])];
    default:
      return String(value);
  }
}

/** A section's form values by field name. */
export function sectionFormValues(section: SettingsSection, values: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(section.keys).map(([prop, key]) => [key.name, formValueOf(key, values[prop])]),
  ) as Record<string, string | string[] | undefined>;
}

/** The changed keys of a section, with their values before and after (as stored) and in words. */
export function changesOf(section: SettingsSection, before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.entries(section.keys)
    .filter(
      ([prop, key]) =>
        JSON.stringify(storedOfValue(key, before[prop])) !== JSON.stringify(storedOfValue(key, after[prop])),
    )
    .map(([prop, key]) => ({
      name: key.name,
      label: key.label,
      before: before[prop],
      after: after[prop],
      words: `${key.label} ${wordsOf(key, before[prop])} → ${wordsOf(key, after[prop])}`,
    }));
}

/** The default toast: the section's title and each value. */
export function savedMessageOf(section: SettingsSection, values: Record<string, unknown>): string {
  if (section.saved) return section.saved(values);
  const list = Object.entries(section.keys).map(
    ([prop, key]) => `${key.label.toLowerCase()} ${wordsOf(key, values[prop])}`,
  );
  return `${section.title} saved: ${list.join("; ")}.`;
}

/** A posted form as the section's raw input: the intent, and each field (a list for a multi-select). */
export function formInputOf(section: SettingsSection, form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = { intent: section.id };
  for (const key of Object.values(section.keys)) {
    if (key.kind === "multiselect") out[key.name] = form.getAll(key.name).map(String);
    else if (form.has(key.name)) out[key.name] = String(form.get(key.name));
  }
  return out;
}
