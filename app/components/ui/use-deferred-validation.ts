import { parse, type Submission } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { $ZodType, input, output } from "zod/v4/core";

type Checked<S extends $ZodType> = Submission<input<S>, string[], output<S>>;

/**
 * Checks a form's fields in the browser as you go (conform's `onValidate`) with its zod schema, loaded after the page
 * has hydrated instead of with it: zod and conform's zod adapter are about 35 KB gzipped, which public pages keep out
 * of the JavaScript they need first (issue 12: at most 150 KB). Until the schema has arrived (a moment after
 * hydration) a submission goes to the server, which checks the same schema and answers with the same messages.
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
    Promise.all([import("@conform-to/zod/v4"), load.current()]).then(
      ([{ parseWithZod }, schema]) => {
        if (live) validate.current = (formData) => parseWithZod(formData, { schema }) as Checked<S>;
      },
      () => {
        // Offline or a stale deployment: the server still checks every field.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return ({ formData }: { formData: FormData }): Submission<input<S>, string[], output<S>> =>
    validate.current?.(formData) ?? (parse(formData, { resolve: (value) => ({ value }) }) as unknown as Checked<S>);
}
