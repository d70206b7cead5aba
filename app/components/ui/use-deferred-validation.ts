import { parse, type Submission } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { $ZodType, input, output } from "zod/v4/core";

type Checked<S extends $ZodType> = Submission<input<S>, string[], output<S>>;

/**
 * Checks a form's fields in the browser as you go (conform's `onValidate`) with its zod schema, loaded after the page
 * has hydrated, at the visitor's first touch, key or focus, instead of with the page: zod and conform's zod adapter
 * are about 35 KB gzipped, which public pages keep out of the JavaScript they need first (issue 12: at most 150 KB).
 * Until the schema has arrived a submission goes to the server, which checks the same schema and answers with the
 * same messages.
 *
 *   const validate = useDeferredValidation(() => import("../contact.schema").then((m) => m.QuestionSchema));
 *   const [form, fields] = useForm({ onValidate: ({ formData }) => validate({ formData }), ... });
 *
 * (The arrow, rather than `validate` itself, lets useForm infer the fields from the schema.)
 *
 * `loadSchema` must import dynamically: a static import of the schema would bring zod back into the page's bundle.
 */
export function useDeferredValidation<S extends $ZodType>(loadSchema: () => Promise<S>) {
  const validate = useRef<((formData: FormData) => Checked<S>) | null>(null);
  const load = useRef(loadSchema);
  useEffect(() => {
    let live = true;
    const start = () => {
      stopWaiting();
      Promise.all([import("@conform-to/zod/v4"), load.current()]).then(
        ([{ parseWithZod }, schema]) => {
          if (live) validate.current = (formData) => parseWithZod(formData, { schema }) as Checked<S>;
        },
        () => {
          // Offline or a stale deployment: the server still checks every field.
        },
      );
    };
    // Loaded at the visitor's first touch, key or focus rather than at once: evaluating zod and the schemas is about
    // 100 ms of a phone's main thread, which would otherwise land among the hydration tasks (Lighthouse's total
    // blocking time). Nothing is checked in the browser before a field is touched, so the visitor never waits for it.
    const TRIGGERS = ["focusin", "pointerdown", "keydown"] as const;
    const stopWaiting = () => {
      for (const type of TRIGGERS) document.removeEventListener(type, start, true);
    };
    // A field focused before hydration (autofocus, or a quick visitor) is a touch already.
    if (document.activeElement?.matches("input, textarea, select")) start();
    else for (const type of TRIGGERS) document.addEventListener(type, start, true);
    return () => {
      live = false;
      stopWaiting();
    };
  }, []);
  return ({ formData }: { formData: FormData }): Submission<input<S>, string[], output<S>> =>
    validate.current?.(formData) ?? (parse(formData, { resolve: (value) => ({ value }) }) as unknown as Checked<S>);
}
