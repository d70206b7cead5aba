import { useEffect, useRef } from "react";

/**
 * Runs `onNewPage` after the page moves on to a new `page` (a pathname, or a location key for "any navigation"),
 * never for the page the component mounted on. A menu that closes itself this way is not closed by hydration: a
 * tap on it made before the mount effects first run (they run a frame after the hydration commit) would be undone.
 */
export function useOnNewPage(page: string, onNewPage: () => void) {
  const shownOn = useRef(page);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes, with that render's callback
  useEffect(() => {
    if (shownOn.current === page) return;
    shownOn.current = page;
    onNewPage();
  }, [page]);
}
