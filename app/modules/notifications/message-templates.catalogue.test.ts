import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type TemplateDef, validateTemplate } from "~/lib/templates.server";
import { MESSAGE_TEMPLATES, SITE_VARIABLES } from "./message-templates.catalogue";

/** Every template a module file exports (alone, in a list, or in a record of them). */
function templatesIn(mod: Record<string, unknown>): TemplateDef[] {
  const isDef = (v: unknown): v is TemplateDef =>
    !!v && typeof v === "object" && "key" in v && "kind" in v && "text" in v && "variables" in v;
  const out: TemplateDef[] = [];
  for (const v of Object.values(mod)) {
    if (isDef(v)) out.push(v);
    else if (Array.isArray(v)) out.push(...v.filter(isDef));
    else if (v && typeof v === "object") out.push(...Object.values(v).filter(isDef));
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

const modules = import.meta.glob<Record<string, unknown>>("/app/modules/**/*.templates.ts", { eager: true });

describe("the message templates' catalogue", () => {
  it("lists every template a module declares, each key once", () => {
    const listed = new Set(MESSAGE_TEMPLATES.map((t) => t.key));
    expect(listed.size).toBe(MESSAGE_TEMPLATES.length);
    const declared = Object.values(modules).flatMap(templatesIn);
    expect(declared.length).toBeGreaterThan(30);
    const missing = declared.filter((t) => !listed.has(t.key)).map((t) => t.key);
    expect(missing, "templates missing from MESSAGE_TEMPLATES").toEqual([]);
  });

  it("finds templates only in *.templates.ts files (so the check above sees them all)", () => {
    const elsewhere = filesUnder("app")
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".templates.ts") && !f.endsWith(".test.ts"))
      .filter((f) => f !== join("app", "lib", "templates.server.ts"))
      .filter((f) => /\bdefineTemplate\(/.test(readFileSync(f, "utf8")));
    expect(elsewhere).toEqual([]);
  });

  it("declares every variable each default uses, and samples every mail and SMS", () => {
    const problems: string[] = [];
    for (const t of MESSAGE_TEMPLATES) {
      for (const [part, source] of Object.entries({ subject: t.subject, text: t.text, html: t.html })) {
        if (!source) continue;
        for (const p of validateTemplate(t, source)) problems.push(`${t.key} ${part}: ${p}`);
      }
      if (t.kind === "contract-section") continue;
      if (!t.sample) problems.push(`${t.key}: no sample values`);
      const sampled = new Set([...Object.keys(t.sample ?? {}), ...SITE_VARIABLES]);
      for (const v of Object.keys(t.variables)) {
        if (!sampled.has(v)) problems.push(`${t.key}: no sample value for “${v}”`);
      }
    }
    expect(problems).toEqual([]);
  });
});
