import { type ComponentProps, lazy, Suspense, useEffect, useState } from "react";
import type { FavoritesDialog } from "./favorites-dialog";
import type { ShareDialog } from "./share-dialog";

/**
 * The share and favorites dialogs, loaded the first time one opens: most visits never open them, so their
 * code stays out of every page's first download (the /listings JavaScript budget, decision 0012).
 */
const ShareDialogChunk = lazy(() => import("./share-dialog").then((m) => ({ default: m.ShareDialog })));
const FavoritesDialogChunk = lazy(() => import("./favorites-dialog").then((m) => ({ default: m.FavoritesDialog })));

/** True from the first time `open` is true: the dialog then stays mounted so it can close itself. */
function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return opened || open;
}

export function LazyShareDialog(props: ComponentProps<typeof ShareDialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialogChunk {...props} />
    </Suspense>
  );
}

export function LazyFavoritesDialog(props: ComponentProps<typeof FavoritesDialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <FavoritesDialogChunk {...props} />
    </Suspense>
  );
}
