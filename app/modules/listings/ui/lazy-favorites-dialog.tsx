import { type ComponentProps, lazy, Suspense } from "react";
import type { FavoritesDialog } from "./favorites-dialog";
import { useOpenedOnce } from "./use-opened-once";

/** The favorites dialog, loaded the first time it opens (see lazy-share-dialog.tsx). */
const FavoritesDialogChunk = lazy(() => import("./favorites-dialog").then((m) => ({ default: m.FavoritesDialog })));

export function LazyFavoritesDialog(props: ComponentProps<typeof FavoritesDialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <FavoritesDialogChunk {...props} />
    </Suspense>
  );
}
