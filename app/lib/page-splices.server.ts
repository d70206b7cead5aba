/** Bytes to write into a rendered page at an offset of the page as React wrote it. */
export type Insertion = { at: number; bytes: Buffer };

/**
 * The page with every insertion written in, in one copy (entry.server.tsx: the icon symbols of decision 0111 and the
 * preload attributes of 0112 go in together, not one copy of the whole page each). Offsets are those of `html`.
 */
export function spliced(html: Buffer<ArrayBuffer>, insertions: readonly Insertion[]): Buffer<ArrayBuffer> {
  if (insertions.length === 0) return html;
  const sorted = [...insertions].sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const { at, bytes } of sorted) {
    parts.push(html.subarray(from, at), bytes);
    from = at;
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts) as Buffer<ArrayBuffer>;
}
