import { ICON_SYMBOLS } from "virtual:vpm-icon-symbols";
import { ICON_SYMBOLS_ID } from "~/components/ui/lucide-icon";
import { type Insertion, spliced } from "./page-splices.server";

/** The root layout's empty holder, as React writes it (`IconSymbols`). */
const HOLDER = Buffer.from(`<svg id="${ICON_SYMBOLS_ID}" aria-hidden="true" class="absolute size-0 overflow-hidden">`);

/**
 * Where the symbols of the icons a page drew go (decision 0111): into the root layout's holder, each drawing once, in
 * the page, so no icon waits for another request. None for a page without the holder or without icons.
 */
export function iconSymbolsInsertion(html: Buffer, drawn: ReadonlySet<string>): Insertion | null {
  if (drawn.size === 0) return null;
  const at = html.indexOf(HOLDER);
  if (at < 0) return null;
  let symbols = "";
  for (const name of drawn) symbols += ICON_SYMBOLS[name] ?? "";
  return symbols ? { at: at + HOLDER.length, bytes: Buffer.from(symbols) } : null;
}

/** A rendered page with the symbols of the icons it drew written into its holder; else the page as it is. */
export function withIconSymbols(html: Buffer<ArrayBuffer>, drawn: ReadonlySet<string>): Buffer<ArrayBuffer> {
  const insertion = iconSymbolsInsertion(html, drawn);
  return insertion ? spliced(html, [insertion]) : html;
}
