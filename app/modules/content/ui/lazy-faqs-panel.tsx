import { lazy, Suspense } from "react";
import type { FaqsPanelProps } from "./faqs-panel";

/** The FAQs panel's code, loaded the first time it opens: most visits never open it (the JavaScript budget). */
const FaqsPanelChunk = lazy(() => import("./faqs-panel").then((m) => ({ default: m.FaqsPanel })));

export function LazyFaqsPanel(props: FaqsPanelProps & { open: boolean }) {
  const { open, ...rest } = props;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FaqsPanelChunk {...rest} />
    </Suspense>
  );
}
