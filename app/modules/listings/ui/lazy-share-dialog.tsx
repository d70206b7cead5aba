import { type ComponentProps, lazy, Suspense } from "react";
import type { ShareDialog } from "./share-dialog";
import { useOpenedOnce } from "./use-opened-once";

/**
 * The share dialog, loaded the first time it opens: most visits never open it, so its code stays out of every
 * page's first download (the /listings JavaScript budget, decision 0012). One file per lazy dialog: the favorites
 * table shows share buttons, so sharing one file with the favorites dialog made an import cycle.
 */
const ShareDialogChunk = lazy(() => import("./share-dialog").then((m) => ({ default: m.ShareDialog })));

export function LazyShareDialog(props: ComponentProps<typeof ShareDialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialogChunk {...props} />
    </Suspense>
  );
}
