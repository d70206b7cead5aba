/**
 * The media library's picture addresses (decision 0067), for both sides: the full size is
 * `/media/library/<16 hex>.webp`, the presets add `-75`, `-50` or `-25`.
 */
const LIBRARY_URL = /^\/(media\/library\/[a-f0-9]{16}(?:-(?:75|50|25))?\.webp)$/;

/** The storage key of a library picture's address (any size), or null for anything else. */
export function mediaLibraryKeyOf(url: string): string | null {
  return LIBRARY_URL.exec(url.trim())?.[1] ?? null;
}
