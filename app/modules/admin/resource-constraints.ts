import type { z } from "zod";
import type { ResourceDeclaration, ResourceField } from "./resource";

/** What a form's HTML constraints say about one field (absent: no such constraint). */
export type FieldConstraints = { required: boolean; maxLength?: number; min?: number; max?: number };

/** Bounds zod adds to every `.int()` (not a limit anyone typed). */
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * The constraints a field's zod schema enforces, read from the schema (zod 4 keeps its checks): lengths of a string,
 * bounds of a number, and whether an empty value is refused (neither optional, nullable nor with a default, and a
 * string of at least one character). Wrappers (optional, nullable, default, preprocess, transform) are looked through.
 */
export function schemaConstraints(schema: z.ZodType): FieldConstraints {
  // By `def.type`: `z.url()` and the other string formats are strings without being `ZodString` instances.
  let s = schema as AnyZod;
  let emptyAllowed = false;
  for (let i = 0; i < 20; i++) {
    const t = s.def.type;
    if (t === "optional" || t === "nullable" || t === "default" || t === "prefault") {
      emptyAllowed = true;
      s = s.def.innerType as AnyZod;
    } else if (t === "pipe") {
      // preprocess = pipe(transform, schema); transform = pipe(schema, transform).
      s = (s.def.out.def.type === "transform" ? s.def.in : s.def.out) as AnyZod;
    } else break;
  }
  const out: FieldConstraints = { required: false };
  const t = s.def.type;
  if (t === "string") {
    if (typeof s.maxLength === "number") out.maxLength = s.maxLength;
    out.required = !emptyAllowed && (s.minLength ?? 0) >= 1;
  } else if (t === "number") {
    if (bound(s.minValue)) out.min = s.minValue;
    if (bound(s.maxValue)) out.max = s.maxValue;
    out.required = !emptyAllowed;
  } else if (t === "enum" || t === "date") {
    out.required = !emptyAllowed;
  }
  return out;
}

type AnyZod = z.ZodType & {
  def: any;
  maxLength?: number | null;
  minLength?: number | null;
  minValue?: any;
  maxValue?: any;
};
const bound = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && Math.abs(v) < SAFE;

const KEYS = ["required", "maxLength", "min", "max"] as const;

/**
 * A field with its form constraints filled in from the schema (decision 0066): a field declares none of them; a
 * field the schema does not know (a row action's input) keeps its own.
 */
export function constrainedField(decl: Pick<ResourceDeclaration, "schema">, f: ResourceField): ResourceField {
  const shape = decl.schema.shape as Record<string, z.ZodType>;
  if (!(f.name in shape)) return f;
  const c = schemaConstraints(shape[f.name]);
  // Money is parsed as cents and typed as dollars.
  const shown = (v: number | undefined) => (v !== undefined && f.kind === "money" ? v / 100 : v);
  return { ...f, required: c.required, maxLength: c.maxLength, min: shown(c.min), max: shown(c.max) };
}

/** The constraints a field declares that the schema already states (they must not be typed twice). */
export function duplicatedConstraints(decl: Pick<ResourceDeclaration, "schema">, f: ResourceField): string[] {
  const shape = decl.schema.shape as Record<string, z.ZodType>;
  if (!(f.name in shape)) return [];
  return KEYS.filter((k) => f[k] !== undefined);
}
