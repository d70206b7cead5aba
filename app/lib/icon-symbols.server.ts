import { ICON_SYMBOLS } from "virtual:vpm-icon-symbols";
import { ICON_SYMBOLS_ID } from "~/components/ui/lucide-icon";

/** The root layout's empty holder, as React writes it (`IconSymbols`). */
const HOLDER = Buffer.from(`<svg id="${ICON_SYMBOLS_ID}" aria-hidden="true" class="absolute size-0 overflow-hidden">`);

/**
 * A rendered page with the symbols of the icons it drew written into its holder (decision 0111): each drawing once,
 * in the page, so no icon waits for another request. A page without the holder or without icons is returned as it is.
 */
export function withIconSymbols(html: Buffer<ArrayBuffer>, drawn: ReadonlySet<string>): Buffer<ArrayBuffer> {
  if (drawn.size === 0) return html;
  const at = html.indexOf(HOLDER);
  if (at < 0) return html;
  const end = at + HOLDER.length;
  let symbols = "";
  for (const name of drawn) symbols += ICON_SYMBOLS[name] ?? "";
  return Buffer.concat([html.subarray(0, end), Buffer.from(symbols), html.subarray(end)]);
}
