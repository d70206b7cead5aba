import { useEffect } from "react";
import { href, useFetcher } from "react-router";
import { DialogLink, ShellDialog } from "~/components/shell/shell-dialog";
import type { FavoriteRow } from "../favorites";
import { FavoritesTable } from "./favorites-table";

/**
 * The favorites modal (SPEC section 2 columns: remove, Listing, Points, Price, Total, Available Points,
 * Use Year, Share; at least 600 x 300 px on a desktop). Reads GET /favorites each time it opens; the page at
 * /favorites shows the same without JavaScript.
 */
export function FavoritesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<{ rows: FavoriteRow[] }>();
  const { load } = fetcher;
  useEffect(() => {
    if (open) load(href("/favorites"));
  }, [open, load]);
  const rows = fetcher.data?.rows;
  return (
    <ShellDialog open={open} onOpenChange={onOpenChange} title="Your favorite listings" wide>
      {rows === undefined ? (
        <p role="status" className="py-8 text-center text-slate-700">
          Loading your favorites...
        </p>
      ) : (
        <>
          <FavoritesTable rows={rows} inDialog />
          {rows.length > 0 ? (
            <p className="mt-4 text-sm text-slate-700">
              Prices and points are today's. Favorites are kept in this browser for 30 days.{" "}
              <DialogLink to={href("/favorites")} className="font-medium text-sky-800 underline">
                Open as a page
              </DialogLink>
            </p>
          ) : null}
        </>
      )}
    </ShellDialog>
  );
}
