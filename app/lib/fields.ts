import { z } from "zod";
import { AppError } from "./errors";
import {
  EMAIL_INVALID,
  EMAIL_MAX,
  EMAIL_PATTERN,
  hasForbiddenCharacters,
  isDbId,
  toDbId,
  wholeOf,
} from "./field-values";
import { formatNumber } from "./format";

export {
  EMAIL_INVALID,
  EMAIL_MAX,
  EMAIL_PATTERN,
  hasForbiddenCharacters,
  INT4_MAX,
  isDbId,
  searchText,
  toDbId,
} from "./field-values";

/**
 * The zod field helpers every input schema is built from (ARCHITECTURE rule 12, decision 0040): text without
 * control characters and with a length cap, an email of at most 254 characters, an id within PostgreSQL's
 * `integer`, a bounded whole number, a password, a token. Each refusal is a message a person understands, so bad
 * input is a 400 with that message and never reaches the database (where a NUL byte or 2^31 is a 500).
 * Safe for the browser.
 */

const count = formatNumber;

export type TextOptions = {
  /** The field's name as a sentence starts it: "Your name", "City", "The reason". */
  label: string;
  /** Most characters (after trimming). */
  max: number;
  /** Fewest characters (after trimming); default 1: the field is required. */
  min?: number;
  /** Tab and line breaks are allowed (a text area). */
  multiline?: boolean;
  /** When missing or not text (and, unless `tooShort` says otherwise, when too short). Default "Enter <label>." */
  required?: string;
  tooShort?: string;
  /** Default "<label> can be at most <max> characters." */
  tooLong?: string;
  /** A control character. Default "<label> cannot contain control characters." */
  invalid?: string;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
};

function textMessages(o: TextOptions) {
  const lower = /^[A-Z][a-z]/.test(o.label) ? o.label[0].toLowerCase() + o.label.slice(1) : o.label;
  const required = o.required ?? `Enter ${lower}.`;
  return {
    required,
    tooShort:
      o.tooShort ??
      o.required ??
      (o.min && o.min > 1 ? `${o.label} needs at least ${count(o.min)} characters.` : required),
    tooLong: o.tooLong ?? `${o.label} can be at most ${count(o.max)} characters.`,
    invalid: o.invalid ?? `${o.label} cannot contain control characters.`,
    notText: `${o.label} must be text.`,
  };
}

/** The checks of a text field on a string: (trim), length cap, control characters, fewest characters; each problem named. */
function textString(o: TextOptions, notText: string) {
  const m = textMessages(o);
  let s = z.string({ error: notText });
  if (o.trim !== false) s = s.trim();
  return s
    .max(o.max, m.tooLong)
    .refine((v) => !hasForbiddenCharacters(v, o.multiline), m.invalid)
    .min(o.min ?? 1, m.tooShort);
}

/** A required text field: trimmed, at least `min` (default 1) and at most `max` characters, no control characters. */
export function text(o: TextOptions) {
  return textString(o, textMessages(o).required);
}

type OptionalTextOptions = Omit<TextOptions, "required">;

/**
 * An optional text field: missing, null, empty or only white space is undefined (an optional key), or null with
 * `empty: null` (for a nullable column); anything else is checked as `text` (at least `min`, default 1, when given).
 */
export function optionalText(o: OptionalTextOptions & { empty: null }): z.ZodType<string | null>;
export function optionalText(o: OptionalTextOptions & { empty?: undefined }): z.ZodOptional<z.ZodType<string>>;
export function optionalText(o: OptionalTextOptions & { empty?: null }): z.ZodType {
  const m = textMessages({ ...o, required: undefined });
  const base = z.preprocess(
    (v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v),
    textString({ ...o, min: o.min ?? 1, tooShort: o.tooShort ?? m.tooShort }, m.notText).optional(),
  );
  return o.empty === null ? base.transform((v) => v ?? null) : (base.optional() as z.ZodOptional<z.ZodType<string>>);
}

/** An email address as typed: trimmed, lower-cased, at most 254 characters, text@text.text, no control characters. */
export function email(message: string = EMAIL_INVALID) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { message, abort: true })
    .refine((v) => !hasForbiddenCharacters(v), { message, abort: true })
    .regex(EMAIL_PATTERN, message);
}

/** A password as typed (never trimmed): `min` to `max` (default 128) characters. */
export function password(o: { min?: number; max?: number; required?: string; tooShort?: string; tooLong?: string }) {
  const max = o.max ?? 128;
  const required = o.required ?? "Please enter your password.";
  return z
    .string({ error: required })
    .max(max, { message: o.tooLong ?? `Password can be at most ${max} characters.`, abort: true })
    .min(o.min ?? 1, o.tooShort ?? required);
}

/**
 * A token from a link or a form (a reset token, a tracking token): printable ASCII without spaces, `min` to `max`
 * characters (default 1 to 200). One message for every refusal: a token is never typed.
 */
export function token(o: { message: string; min?: number; max?: number }) {
  return z
    .string({ error: o.message })
    .trim()
    .max(o.max ?? 200, { message: o.message, abort: true })
    .min(o.min ?? 1, o.message)
    .regex(/^[\x21-\x7e]*$/, o.message);
}

// ---------------------------------------------------------------------------------------------------------------
// Whole numbers and ids

/**
 * The id of a row (a number, or a numeric string from a form or URL), from 1 to 2,147,483,647. `message` is the one
 * message for every refusal ("Choose a listing.", "There is no such request.").
 */
export function id(message = "Choose an item from the list.") {
  return (
    z
      .unknown()
      .optional()
      .transform((v, ctx): number => {
        const n = toDbId(v);
        if (n === null) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return n;
      })
      // Never fails (the transform checked it): states that a value is needed where a form can read it (decision 0066).
      .pipe(z.number().int().min(1))
  );
}

/** As `id`, but missing, null or "" is undefined (an optional key). */
export function optionalId(message = "Choose an item from the list.") {
  return z.preprocess((v) => (v === null || v === "" ? undefined : v), id(message).optional());
}

/** A list of ids (repeated form fields, `name[]`, a JSON array, or one value), at most `max` (default 100), no repeats. */
export function idList(message: string, max = 100) {
  return listField(
    z
      .unknown()
      .optional()
      .transform((v, ctx): number[] => {
        const list = v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v];
        const ids = list.map(toDbId);
        if (list.length > max || ids.some((n) => n === null)) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return [...new Set(ids as number[])];
      }),
  );
}

/**
 * The id in a URL parameter (`/listings/:id`): the number, or a 404 (`AppError` NOT_FOUND with `message`) when it
 * cannot be the id of a row. For a loader inside `orHttpError`, or an action's `run`.
 */
export function idParam(raw: string | undefined, message = "There is no such page."): number {
  const n = raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  if (!isDbId(n)) throw new AppError("NOT_FOUND", message);
  return n;
}

/**
 * A whole number from `min` to `max` (a number, or a plain decimal string from a form: no exponent, no fraction).
 * `message` is said for anything that is not a whole number, and for one out of range unless `tooSmall` / `tooLarge`
 * say otherwise. Missing or "" is refused too (preprocess it to undefined and add `.optional()` to allow it).
 */
export function int(o: { min: number; max: number; message: string; tooSmall?: string; tooLarge?: string }) {
  return (
    z
      .unknown()
      .optional()
      .transform((v, ctx): number => {
        const n = wholeOf(v);
        const problem =
          n === null ? o.message : n < o.min ? (o.tooSmall ?? o.message) : n > o.max ? (o.tooLarge ?? o.message) : null;
        if (problem !== null) {
          ctx.addIssue({ code: "custom", message: problem });
          return z.NEVER;
        }
        return n as number;
      })
      // Never fails (the transform checked the range): states the bounds where a form can read them (decision 0066).
      .pipe(z.number().min(o.min).max(o.max))
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Repeated form fields (issue 28)

/** Field schemas that take a list from repeated form fields without being a zod array (`idList`). */
const LIST_FIELDS = new WeakSet<object>();

/** Marks a field schema as one that takes a repeated form field (a list). */
export function listField<T extends z.ZodType>(schema: T): T {
  LIST_FIELDS.add(schema);
  return schema;
}

/** The message for a field sent more than once where the form has one. */
export const SENT_TWICE = "This field was sent more than once: send it once.";

type Def = {
  type?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};
const defOf = (schema: unknown): Def => ((schema as { _zod?: { def?: Def } })?._zod?.def ?? {}) as Def;

/**
 * True when a field's schema can take a list: a zod array (under any wrapper), a `listField`, or a bare unknown (a
 * transform after an unknown, as in `id` and `int`, reads one value).
 */
function takesList(schema: z.ZodType | undefined, depth = 0, unknownIsList = true): boolean {
  if (!schema || depth > 20) return true;
  if (LIST_FIELDS.has(schema)) return true;
  const def = defOf(schema);
  switch (def.type) {
    case "array":
    case "tuple":
    case "set":
      return true;
    case "any":
    case "unknown":
      return unknownIsList;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return takesList(def.innerType, depth + 1, unknownIsList);
    case "pipe":
      if (defOf(def.out).type === "transform") return takesList(def.in, depth + 1, false);
      return takesList(def.in, depth + 1, false) || takesList(def.out, depth + 1, unknownIsList);
    case "union":
      return (def.options ?? []).some((o) => takesList(o, depth + 1, unknownIsList));
    default:
      return false;
  }
}

/** The top-level fields of an object schema (through unions, intersections and pipes), each with its schemas. */
function fieldsOf(schema: unknown, out = new Map<string, z.ZodType[]>(), depth = 0) {
  if (depth > 20) return out;
  const def = defOf(schema);
  if (def.type === "object" && def.shape) {
    for (const [k, v] of Object.entries(def.shape)) out.set(k, [...(out.get(k) ?? []), v]);
  } else if (def.type === "union" && def.options) {
    for (const o of def.options) fieldsOf(o, out, depth + 1);
  } else if (def.type === "intersection") {
    fieldsOf(def.left, out, depth + 1);
    fieldsOf(def.right, out, depth + 1);
  } else if (def.type === "pipe") {
    // A preprocess (`fromForm`) is a pipe from a transform: its fields are the schema's after it.
    fieldsOf(defOf(def.in).type === "transform" ? def.out : def.in, out, depth + 1);
  } else if (def.innerType) {
    fieldsOf(def.innerType, out, depth + 1);
  }
  return out;
}

/**
 * The fields of `form` sent more than once whose schema takes one value (a number, a text, an id): a tampered form
 * or a doubled input. A form action refuses them with 400 (`SENT_TWICE`) before the values reach the schema or the
 * page that shows them again (a list where the page expects a value was a 500 while rendering). Names ending in
 * `[]` and fields the schema does not declare are left alone.
 */
export function repeatedSingleFields(form: Iterable<[string, unknown]>, schema: z.ZodType): string[] {
  const seen = new Map<string, number>();
  for (const [k] of form) if (!k.endsWith("[]")) seen.set(k, (seen.get(k) ?? 0) + 1);
  const repeated = [...seen].filter(([, n]) => n > 1).map(([k]) => k);
  if (!repeated.length) return [];
  const fields = fieldsOf(schema);
  return repeated.filter((k) => {
    const schemas = fields.get(k);
    return schemas !== undefined && !schemas.some((s) => takesList(s));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Form values for schemas of plain zod types (decision 0072)

/** The type a field's value must have after its wrappers (optional, default, a preprocess...), as zod names it. */
function baseOf(schema: z.ZodType | undefined, depth = 0): Def & { values?: unknown[] } {
  const def = defOf(schema) as Def & { values?: unknown[]; element?: z.ZodType };
  if (depth > 20) return def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return baseOf(def.innerType, depth + 1);
    case "pipe":
      return baseOf(defOf(def.in).type === "transform" ? def.out : def.in, depth + 1);
    default:
      return def;
  }
}

/** One form value as the field's type reads it: "" is absent, a number is parsed, a ticked box is `true`. */
function fromFormValue(schema: z.ZodType | undefined, value: unknown): unknown {
  const def = baseOf(schema) as Def & { values?: unknown[]; element?: z.ZodType };
  if (def.type === "array") {
    const list = value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value];
    return list.map((v) => fromFormValue(def.element, v));
  }
  if (typeof value !== "string") return value;
  const literal = def.type === "literal" ? def.values?.[0] : undefined;
  const type = literal === undefined ? def.type : typeof literal;
  switch (type) {
    case "string":
    case "enum":
      return value === "" ? undefined : value;
    case "number":
      return value === "" ? undefined : value.trim() === "" ? Number.NaN : Number(value);
    case "boolean":
      return value === "" ? undefined : value === "on" ? true : value;
    case "date": {
      if (value === "") return undefined;
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : date;
    }
    default:
      return value;
  }
}

/**
 * A schema of plain zod types (`z.number()`, `z.boolean()`, `z.string().optional()`) that reads a form: each
 * top-level field's text becomes its type first, as Conform's `parseWithZod` did for the pages built on it: ""
 * is absent, "12" is 12 ("abc" is NaN, refused with the field's message), a ticked checkbox ("on") is `true`, one
 * value of a list field is a list of one. A JSON body's values pass as they are (they already have their types).
 * Schemas built from the field helpers (`text`, `int`, `id`) read forms themselves and need none of this.
 */
export function fromForm<S extends z.ZodType>(schema: S) {
  const fields = fieldsOf(schema);
  return z.preprocess((body) => {
    if (!body || typeof body !== "object" || Array.isArray(body)) return body;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      const converted = fields.has(k) ? fromFormValue(fields.get(k)?.[0], v) : v;
      if (converted !== undefined) out[k] = converted;
    }
    return out;
  }, schema);
}

// ---------------------------------------------------------------------------------------------------------------
// Query strings (issue 28)

/** The answer to an address whose query string holds a NUL byte. */
export const QUERY_NUL_MESSAGE = "The address holds a character that is not allowed (a NUL byte). Check the link.";

/**
 * True when a query name or value of `url` holds a NUL byte (`?token=%00`): no field of the product can hold one and
 * PostgreSQL refuses it in text, so the root middleware answers 400 before any loader reads it. Other control
 * characters are each field's own question (a search box turns them into spaces).
 */
export function queryHasNul(url: URL): boolean {
  if (!url.search.includes("%00") && !url.search.includes("\u0000")) return false;
  for (const [k, v] of url.searchParams) if (k.includes("\u0000") || v.includes("\u0000")) return true;
  return false;
}
