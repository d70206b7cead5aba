import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** A thin bar at the top that appears only when a navigation takes longer than `delayMs`. */
export function NavigationProgress({ delayMs = 250 }: { delayMs?: number }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(t);
  }, [busy, delayMs]);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-[100] h-1 overflow-hidden bg-sky-100"
    >
      <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] bg-sky-700" />
    </div>
  );
}
