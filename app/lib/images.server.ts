import sharp from "sharp";
import { AppError } from "./errors";
import { logger } from "./logger.server";

/**
 * Uploaded images, one place for every upload that keeps a picture (the admin engine's image fields, the media
 * library): the type is told by the file's first bytes, never by its name or the browser's content type, and sharp
 * must then read it whole; every stored picture is re-encoded as WebP, so nothing a person uploaded is served as is.
 */

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

/** The image type the bytes begin with (PNG, JPEG or WebP), or null for anything else. */
export function imageTypeOf(b: Uint8Array): ImageType | null {
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45) {
    return "image/webp";
  }
  return null;
}

/** Largest picture sharp is asked to decode (a decompression bomb is refused, not decoded). */
const LIMIT_INPUT_PIXELS = 50_000_000;

const reader = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: "error" });

/** Refusals worded for a form field's label ("Logo must be..."). */
function refusal(label: string, field: string, what: "type" | "unreadable") {
  return what === "type"
    ? new AppError("BAD_INPUT", `${label} must be a PNG, JPEG or WebP image.`, {
        [field]: ["A PNG, JPEG or WebP image."],
      })
    : new AppError("BAD_INPUT", `${label} could not be read as an image.`, { [field]: ["Unreadable image."] });
}

/** The bytes as WebP, turned upright and fitted inside `maxSide` (never enlarged). */
export async function webpFitted(
  bytes: Uint8Array,
  opts: { maxSide: number; label: string; field: string },
): Promise<Buffer> {
  if (!imageTypeOf(bytes)) throw refusal(opts.label, opts.field, "type");
  try {
    return await reader(bytes)
      .rotate()
      .resize(opts.maxSide, opts.maxSide, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    logger.info({ err }, "an uploaded image was refused by sharp");
    throw refusal(opts.label, opts.field, "unreadable");
  }
}

/** The SPEC's image size presets (section 9): each a share of the original's width and height. */
export const IMAGE_PRESETS = [100, 75, 50, 25] as const;
export type ImagePreset = (typeof IMAGE_PRESETS)[number];

export type ImageVariant = { percent: ImagePreset; width: number; height: number; bytes: Buffer };

/**
 * The picture at each preset (100, 75, 50 and 25% of its upright size) as WebP, with the original's type and size.
 * A preset below one pixel on a side is made one pixel. Refused: anything not a PNG, JPEG or WebP by its bytes, and
 * anything sharp cannot read whole.
 */
export async function webpPresets(
  bytes: Uint8Array,
  opts: { label: string; field: string },
): Promise<{ type: ImageType; width: number; height: number; variants: ImageVariant[] }> {
  const type = imageTypeOf(bytes);
  if (!type) throw refusal(opts.label, opts.field, "type");
  try {
    // Decoded once, turned upright (a phone's EXIF orientation), then scaled for each preset.
    const upright = await reader(bytes).rotate().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    const variants: ImageVariant[] = [];
    for (const percent of IMAGE_PRESETS) {
      const w = Math.max(1, Math.round((width * percent) / 100));
      const h = Math.max(1, Math.round((height * percent) / 100));
      const out = await sharp(upright.data, {
        raw: { width, height, channels: upright.info.channels },
        limitInputPixels: LIMIT_INPUT_PIXELS,
      })
        .resize(w, h, { fit: "fill" })
        .webp({ quality: 85 })
        .toBuffer();
      variants.push({ percent, width: w, height: h, bytes: out });
    }
    return { type, width, height, variants };
  } catch (err) {
    if (err instanceof AppError) throw err;
    logger.info({ err }, "an uploaded image was refused by sharp");
    throw refusal(opts.label, opts.field, "unreadable");
  }
}
