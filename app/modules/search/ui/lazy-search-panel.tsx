import { lazy, Suspense } from "react";
import type { SearchPanelProps } from "./search-panel";

/** The search panel's code, loaded the first time it opens: most visits never search (the JavaScript budget). */
const SearchPanelChunk = lazy(() => import("./search-panel").then((m) => ({ default: m.SearchPanel })));

export function LazySearchPanel(props: SearchPanelProps & { open: boolean }) {
  const { open, ...rest } = props;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SearchPanelChunk {...rest} />
    </Suspense>
  );
}
