import { href } from "react-router";
import { z } from "zod";
import { formatNumber } from "~/lib/format";
import { text } from "~/lib/fields";

/**
 * The marketing file library's facts shared by the server and the screens (decision 0091). One file is at most
 * 10 MB; a campaign's attachments together at most 10 MB (what mail servers commonly take, with room for the
 * encoding's third more).
 */
export const MARKETING_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MARKETING_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;
export const MARKETING_FILE_MAX_LABEL = "10 MB";

/** The types a marketing file may be, told by its bytes, with the extension it is stored under. */
export const MARKETING_FILE_TYPES = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
} as const;
export type MarketingFileType = keyof typeof MARKETING_FILE_TYPES;

export const MARKETING_FILE_ACCEPT = ".pdf,application/pdf,image/png,image/jpeg,image/webp";

export const MARKETING_FILE_HELP = `A PDF, or a PNG, JPEG or WebP picture, of at most ${MARKETING_FILE_MAX_LABEL}. Its type is checked from its contents, not its name. It is kept as uploaded and gets a public address to put in a template (a picture) or to link to; campaigns can also send it as an attachment.`;

export const MARKETING_FILE_MESSAGES = {
  tooBig: `The file is too large: at most ${MARKETING_FILE_MAX_LABEL}.`,
  wrongType: "The file is not a PDF, PNG, JPEG or WebP file (its contents were checked, not its name).",
  attachmentsTooBig: `The attachments together are too large: at most ${MARKETING_FILE_MAX_LABEL} in all.`,
};

/** The public address of a stored marketing file (`marketing/files/<name>` -> `/marketing-files/<name>`). */
export function marketingFilePath(storageKey: string) {
  return href("/marketing-files/:file", { file: storageKey.split("/").pop() ?? "" });
}

/** A stored name: 16 random hex digits and the extension of its type. */
export const MARKETING_FILE_NAME = /^[a-f0-9]{16}\.(pdf|png|jpg|webp)$/;

export const MarketingFileSchema = z.object({
  title: text({ label: "Title", max: 200, required: "Give the file a title." }),
});

/** A size in whole kilobytes or megabytes, rounded up ("12 MB"): a refusal says how far over the limit it is. */
export function formatBytes(n: number) {
  return n < 1024 * 1024 ? `${formatNumber(Math.ceil(n / 1024))} KB` : `${formatNumber(Math.ceil(n / 1024 / 1024))} MB`;
}
