import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_SIZE_PX } from "./photo";
import { selectProfileUser, selectProfileUserByUniqid, updateUserColumns } from "./profile.queries.server";
import { profilePhotoUrl } from "./profile.schema";
import { isUserUniqid } from "~/modules/accounts/accounts.schema";

type Deps = Pick<Services, "db" | "storage">;

/** Storage keys of profile photos: `profile-photos/<user_uniqid>-<random>.webp`; served at `/<key>`. */
export const PHOTO_PREFIX = "profile-photos/";
export const PHOTO_FILE_PATTERN = /^[a-z0-9]{1,32}-[a-f0-9]{16}\.webp$/;

/** The image type told by the file's first bytes, never by its name or its declared type. */
export function sniffImageType(bytes: Uint8Array): "png" | "jpeg" | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
}

/** Checks, resizes and re-encodes a photo: a square WebP of PHOTO_SIZE_PX, metadata dropped. */
export async function preparePhoto(bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw new AppError("BAD_INPUT", PHOTO_MESSAGES.missing);
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new AppError("BAD_INPUT", PHOTO_MESSAGES.tooBig);
  const type = sniffImageType(bytes);
  if (!type) throw new AppError("BAD_INPUT", PHOTO_MESSAGES.wrongType);
  try {
    // limitInputPixels refuses decompression bombs (a small file that decodes to a huge bitmap).
    return await sharp(bytes, { limitInputPixels: 50_000_000, failOn: "error" })
      .rotate()
      .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    logger.info({ err }, "profile photo refused by sharp");
    throw new AppError("BAD_INPUT", PHOTO_MESSAGES.unreadable);
  }
}

/**
 * Whose photo the actor may change: their own (also while an administrator is signed in as them), or anyone's
 * for an administrator. Checked before the upload is even read.
 */
export async function findPhotoOwner(deps: Pick<Services, "db">, args: { actor: Viewer; userUniqid: string }) {
  const target = isUserUniqid(args.userUniqid) ? await selectProfileUserByUniqid(deps.db, args.userUniqid) : null;
  const isAdmin = args.actor.role === "admin";
  if (!target) {
    // Nobody but an administrator learns whether an id exists.
    throw isAdmin
      ? new AppError("NOT_FOUND", PHOTO_MESSAGES.unknownUser)
      : new AppError("FORBIDDEN", PHOTO_MESSAGES.notYours);
  }
  if (target.id !== args.actor.id && !isAdmin) throw new AppError("FORBIDDEN", PHOTO_MESSAGES.notYours);
  return target;
}

/**
 * SPEC `update_profile_image/{user_uniqid}`: the user themself (also while an administrator is signed in as them)
 * or an administrator changes a user's photo. The new file is stored first, then the path is saved with its
 * journal entry in one transaction; the old file is removed after that (a failed save removes the new one).
 */
export async function updateProfilePhoto(
  deps: Deps,
  args: { actor: Viewer; input: { userUniqid: string; bytes: Uint8Array } },
) {
  const target = await findPhotoOwner(deps, { actor: args.actor, userUniqid: args.input.userUniqid });
  const webp = await preparePhoto(args.input.bytes);
  const key = `${PHOTO_PREFIX}${target.userUniqid.toLowerCase()}-${randomBytes(8).toString("hex")}.webp`;
  await deps.storage.put(key, webp, "image/webp");
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const fresh = await selectProfileUser(tx, target.id);
      await updateUserColumns(tx, target.id, { profilePhotoPath: key });
      await recordActivity(tx, {
        userId: target.id,
        actor: args.actor,
        kind: "profile.photo",
        facts: { replaced: Boolean(fresh?.profilePhotoPath) },
        data: { bytes: webp.byteLength },
      });
      return fresh?.profilePhotoPath ?? null;
    });
  } catch (err) {
    await deps.storage.delete(key).catch(() => {});
    throw err;
  }
  if (previous?.startsWith(PHOTO_PREFIX) && previous !== key) {
    await deps.storage.delete(previous).catch((err) => logger.warn({ err }, "old profile photo not removed"));
  }
  return { path: key, url: profilePhotoUrl(key) as string, userUniqid: target.userUniqid };
}

/** A stored profile photo by its file name, or null. Only names of the photo pattern are looked up. */
export async function readProfilePhoto(deps: Pick<Services, "storage">, file: string) {
  if (!PHOTO_FILE_PATTERN.test(file)) return null;
  return deps.storage.get(`${PHOTO_PREFIX}${file}`);
}
