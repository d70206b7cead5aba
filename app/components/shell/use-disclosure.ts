import { type FocusEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useOnNewPage } from "./use-new-page";

/**
 * A small popup that a button shows and hides (the header's account menu, the tab bar's sub-menus):
 * closes on Escape (focus goes back to the button), on a press outside it, when focus leaves it and after
 * a navigation. Put `rootRef` on the element holding both the button and the panel, `onBlur` on it too.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  useOnNewPage(location.key, () => setOpen(false));

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (next && !rootRef.current?.contains(next)) setOpen(false);
  };

  return { open, setOpen, rootRef, buttonRef, panelId, onBlur };
}
