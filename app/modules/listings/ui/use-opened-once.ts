import { useEffect, useState } from "react";

/** True from the first time `open` is true: a lazy dialog then stays mounted so it can close itself. */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return opened || open;
}
