import { randomBytes } from "node:crypto";
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { searchText } from "~/lib/fields";
import { webpPresets } from "~/lib/images.server";
import { mediaLibraryKeyOf } from "~/lib/media-url";
import type { Services } from "~/lib/runtime.server";
import { removeStoredFiles, type Storage } from "~/lib/storage.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { hasControlCharacter, MEDIA_MAX_BYTES, MEDIA_MESSAGES, MediaMetaSchema, type MediaPick } from "./media";
import {
  insertMedia,
  type MediaRow,
  type MediaVariant,
  searchMedia,
  selectMediaById,
  selectMediaByKey,
  updateMediaMeta,
} from "./media.queries.server";

/**
 * The media library (decision 0067): pictures staff upload for the site's pages and rich text. The list, the upload
 * form, the metadata form and the delete are the engine's (`media.resource.ts`); this module stores an upload at the
 * SPEC's presets, and serves the editor's upload call, the metadata call and the picker.
 */

/** The route id of the library in the admin registry (its journal entries name it, as the engine's do). */
export const MEDIA_RESOURCE_ID = "admin.media";

/** Where the library's files live in storage (served by `/media/library/<file>`). */
const FOLDER = "media/library";

/** The public address of a stored key. */
export const mediaUrl = (key: string) => `/${key}`;

/** The full-size key of a library picture's address (`/media/library/<name>.webp`), or null for anything else. */
export function mediaKeyOfUrl(url: string): string | null {
  const key = mediaLibraryKeyOf(url);
  return key ? key.replace(/-(?:75|50|25)\.webp$/, ".webp") : null;
}

/** The name a person gave the file, kept as a fact: no folders, no control characters, at most 200 characters. */
function cleanName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((ch) => !hasControlCharacter(ch))
    .join("")
    .trim()
    .slice(0, 200);
  return clean || "image";
}

/** A title to start with: the file's name without its extension, its separators as spaces. */
function titleOfName(name: string) {
  return name
    .replace(/\.[a-z0-9]{1,5}$/i, "")
    .replace(/[-_]+/g, " ")
    .trim()
    .slice(0, 200);
}

/**
 * Stores an upload at each preset (the type told by its bytes; over 10 MB refused) and returns the library row's
 * columns. Every size is written before the row; a size that fails to be written removes the ones already written.
 */
export async function storeMediaUpload(ctx: {
  storage: Pick<Storage, "put" | "delete">;
  file: File;
  actor: Viewer;
}): Promise<Omit<MediaRow, "id" | "createdAt" | "description"> & { description?: string }> {
  if (ctx.file.size > MEDIA_MAX_BYTES) {
    throw new AppError("TOO_LARGE", MEDIA_MESSAGES.tooBig, { file: [MEDIA_MESSAGES.tooBig] });
  }
  const bytes = new Uint8Array(await ctx.file.arrayBuffer());
  const picture = await webpPresets(bytes, { label: "The file", field: "file" }).catch((err: unknown) => {
    // The library words the refusal once, the same for the form and the editor.
    if (err instanceof AppError && err.code === "BAD_INPUT") {
      const unreadable = err.message.includes("could not be read");
      const message = unreadable
        ? "The image could not be read: the file is damaged or not an image."
        : MEDIA_MESSAGES.notImage;
      throw new AppError("BAD_INPUT", message, { file: [message] });
    }
    throw err;
  });
  const name = randomBytes(8).toString("hex");
  const written: string[] = [];
  const variants: MediaVariant[] = [];
  try {
    for (const v of picture.variants) {
      const key = v.percent === 100 ? `${FOLDER}/${name}.webp` : `${FOLDER}/${name}-${v.percent}.webp`;
      await ctx.storage.put(key, v.bytes, "image/webp");
      written.push(key);
      variants.push({ percent: v.percent, key, width: v.width, height: v.height, bytes: v.bytes.byteLength });
    }
  } catch (err) {
    await removeStoredFiles(ctx.storage, written);
    throw err;
  }
  const originalName = cleanName(ctx.file.name);
  return {
    storageKey: `${FOLDER}/${name}.webp`,
    originalName,
    contentType: picture.type,
    byteSize: ctx.file.size,
    width: picture.width,
    height: picture.height,
    title: titleOfName(originalName),
    alt: "",
    variants,
    uploadedBy: ctx.actor.id,
  };
}

/** The storage keys of a library row (every size): what its delete removes. */
export function mediaFiles(row: Record<string, unknown>): string[] {
  const variants = Array.isArray(row.variants) ? (row.variants as MediaVariant[]) : [];
  const keys = variants.map((v) => v.key).filter((k) => typeof k === "string");
  return keys.length ? keys : typeof row.storageKey === "string" ? [row.storageKey] : [];
}

function requireMedia(actor: Viewer, action: "read" | "create" | "update") {
  if (!defineAbilityFor(actor).can(action, "MediaAdmin")) {
    throw new AppError("FORBIDDEN", "You do not have permission to use the media library.");
  }
}

function pickOf(row: MediaRow): MediaPick {
  const sizes = [...row.variants]
    .sort((a, b) => b.percent - a.percent)
    .map((v) => ({ percent: v.percent, url: mediaUrl(v.key), width: v.width, height: v.height }));
  const thumb = [...row.variants].sort((a, b) => a.percent - b.percent)[0];
  return {
    id: row.id,
    url: mediaUrl(row.storageKey),
    thumbUrl: mediaUrl(thumb?.key ?? row.storageKey),
    title: row.title,
    alt: row.alt,
    width: row.width,
    height: row.height,
    sizes,
  };
}

/**
 * The rich-text editor's upload (SPEC section 7, "configurable upload route"): the picture joins the library (with
 * its journal entry) and its full-size address is the answer's `location`.
 */
export async function uploadToLibrary(
  services: Pick<Services, "db" | "storage">,
  args: { actor: Viewer; input: { file: File } },
): Promise<MediaPick> {
  requireMedia(args.actor, "create");
  const cols = await storeMediaUpload({ storage: services.storage, file: args.input.file, actor: args.actor });
  try {
    const row = await services.db.transaction(async (tx) => {
      const inserted = await insertMedia(tx, cols);
      await journal(
        tx,
        args.actor,
        "create",
        `Created media “${inserted.title || inserted.originalName}”.`,
        inserted.id,
      );
      return inserted;
    });
    return pickOf(row);
  } catch (err) {
    // No row refers to the files: they go again.
    await removeStoredFiles(services.storage, mediaFiles(cols));
    throw err;
  }
}

/**
 * SPEC `/media/meta/save`: a picture's title, alt text and description, found by its id or its address (`path`, as
 * the SPEC's call sends it). Refusals are worded by the route as the SPEC's 'Error saving metadata.'.
 */
export async function saveMediaMeta(
  services: Pick<Services, "db">,
  args: {
    actor: Viewer;
    input: { id?: unknown; path?: unknown; title?: unknown; alt?: unknown; description?: unknown };
  },
): Promise<{ id: number; changed: boolean }> {
  requireMedia(args.actor, "update");
  const { input } = args;
  const id = typeof input.id === "string" && /^\d{1,10}$/.test(input.id.trim()) ? Number(input.id) : null;
  const key =
    typeof input.path === "string" ? mediaKeyOfUrl(input.path.startsWith("/") ? input.path : `/${input.path}`) : null;
  if (id === null && key === null) {
    throw new AppError("BAD_INPUT", "Say which picture: its id, or its path (/media/library/<name>.webp).");
  }
  const parsed = MediaMetaSchema.safeParse({
    title: input.title ?? "",
    alt: input.alt ?? "",
    description: input.description ?? "",
  });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const k = String(issue.path[0] ?? "");
      fields[k] = [...(fields[k] ?? []), issue.message];
    }
    throw new AppError("BAD_INPUT", parsed.error.issues[0]?.message ?? MEDIA_MESSAGES.metaError, fields);
  }
  return services.db.transaction(async (tx) => {
    const row =
      id !== null
        ? await selectMediaById(tx, id, { forUpdate: true })
        : await selectMediaByKey(tx, key as string, { forUpdate: true });
    if (!row) throw new AppError("NOT_FOUND", "There is no such picture in the media library.");
    const meta = parsed.data;
    const changed = meta.title !== row.title || meta.alt !== row.alt || meta.description !== row.description;
    if (changed) {
      await updateMediaMeta(tx, row.id, meta);
      const labels = [
        meta.title !== row.title ? "Title" : null,
        meta.alt !== row.alt ? "Alt text" : null,
        meta.description !== row.description ? "Description" : null,
      ].filter(Boolean);
      await journal(
        tx,
        args.actor,
        "update",
        `Changed media “${meta.title || row.originalName}”: ${labels.join(", ")}.`,
        row.id,
      );
    }
    return { id: row.id, changed };
  });
}

const PICKER_PAGE = 24;

/** The picker's page of the library: newest first, searched by title, alt text, description or file name. */
export async function pickMedia(
  services: Pick<Services, "db">,
  args: { actor: Viewer; input: { q: string; page: number } },
): Promise<{ items: MediaPick[]; total: number; page: number; pages: number }> {
  requireMedia(args.actor, "read");
  const q = searchText(args.input.q);
  const page = Math.max(1, Math.min(10_000, Math.floor(args.input.page) || 1));
  const { rows, total } = await searchMedia(services.db, { q, limit: PICKER_PAGE, offset: (page - 1) * PICKER_PAGE });
  return { items: rows.map(pickOf), total, page, pages: Math.max(1, Math.ceil(total / PICKER_PAGE)) };
}

async function journal(
  tx: Parameters<typeof insertMedia>[0],
  actor: Viewer,
  action: string,
  sentence: string,
  id: number,
) {
  await recordActivity(tx, {
    userId: null,
    actor,
    kind: "admin.resource",
    facts: { sentence },
    data: { resource: MEDIA_RESOURCE_ID, action, id },
  });
}
