import { createContext, type ReactNode, type RefObject, useContext, useId, useMemo, useRef, useState } from "react";

/**
 * Whether the tool menu's list is open, shared by the menu (`tool-menu.tsx`) and the phone's tab bar, whose Tools tab
 * opens it (decision 0049). Only pages that carry the tool menu provide it: elsewhere the tab bar has no Tools tab.
 * Kept apart from the menu so the tab bar, on every page, does not pull the menu's code in.
 */
export type ToolMenuControl = {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The id of the menu's list (`aria-controls` of every button that opens it). */
  menuId: string;
  /** The phone tab bar's Tools tab: a press on it is not a press outside the menu. */
  tabRef: RefObject<HTMLButtonElement | null>;
};

const ToolMenuContext = createContext<ToolMenuControl | null>(null);

export function ToolMenuProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const tabRef = useRef<HTMLButtonElement>(null);
  const value = useMemo(() => ({ open, setOpen, menuId, tabRef }), [open, menuId]);
  return <ToolMenuContext value={value}>{children}</ToolMenuContext>;
}

/** The tool menu of this page, or null on pages without one (profile, admin). */
export function useToolMenuControl() {
  return useContext(ToolMenuContext);
}
