import type { ReactNode } from "react";

/** The embeds' tables are the guide pages' own table (caption, headers with scope, sideways scroll at 375 px). */
export { DataTable as EmbedTable } from "~/modules/content/ui/content-page";

/** A short note in place of a table when the data holds nothing to show. */
export function EmbedNote({ children }: { children: ReactNode }) {
  return <p className="my-6 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">{children}</p>;
}
