import { Heart } from "lucide-react";
import { useState } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { opensElsewhere } from "~/components/shell/clicks";
import { ON_HEADER_FOCUS, useShell } from "~/components/shell/use-shell";

import { LazyFavoritesDialog } from "./lazy-favorites-dialog";

/**
 * The header's favorites count: a link to /favorites that, once the page is interactive, opens the favorites
 * modal instead (a click with a modifier key still opens the page).
 */
export function FavoritesHeaderLink() {
  const { favoritesCount } = useShell();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to={href("/favorites")}
        style={ON_HEADER_FOCUS}
        data-testid="favorites-link"
        onClick={(e) => {
          if (opensElsewhere(e)) return;
          e.preventDefault();
          setOpen(true);
        }}
        className="mr-1 flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-current/10"
      >
        <Heart aria-hidden className={favoritesCount > 0 ? "size-5 fill-current" : "size-5"} />
        <span className="sr-only sm:not-sr-only">Favorites</span>
        <span
          data-testid="favorites-count"
          className="min-w-5 rounded-full bg-white px-1.5 text-center text-xs font-bold text-slate-900"
        >
          {favoritesCount}
        </span>
      </Link>
      <LazyFavoritesDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
