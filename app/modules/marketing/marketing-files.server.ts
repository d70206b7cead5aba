import { randomBytes } from "node:crypto";
import type { Viewer } from "~/auth/abilities";
import type { Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { imageTypeOf } from "~/lib/images.server";
import type { Storage } from "~/lib/storage.server";
import { hasControlCharacter } from "~/modules/content/media";
import {
  MARKETING_ATTACHMENTS_MAX_BYTES,
  MARKETING_FILE_MAX_BYTES,
  MARKETING_FILE_MESSAGES,
  MARKETING_FILE_TYPES,
  type MarketingFileType,
  formatBytes,
} from "./marketing-files";
import { selectUnsentCampaignsAttaching, sumFileSizes } from "./marketing-files.queries.server";
import { requireMarketingAdmin } from "./marketing.server";

/**
 * The marketing file library (decision 0091): PDFs and pictures for campaigns. The list, upload, title edit and
 * delete are the engine's (`marketing-files.resource.ts`); this module checks and stores an upload, refuses the delete
 * of a file an unsent campaign attaches, and checks a campaign's attachments' total size.
 */

const FOLDER = "marketing/files";

/** The type of a file told by its first bytes (a PDF starts `%PDF-`), or null for any other kind. */
export function marketingFileTypeOf(bytes: Uint8Array): MarketingFileType | null {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d)
    return "application/pdf";
  return imageTypeOf(bytes);
}

/** The name a person gave the file, kept for the attachment: no folders, no control or quote characters. */
function cleanName(name: string, type: MarketingFileType) {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((ch) => !hasControlCharacter(ch) && ch !== '"')
    .join("")
    .trim()
    .slice(0, 200);
  return clean || `file.${MARKETING_FILE_TYPES[type]}`;
}

function titleOfName(name: string) {
  return (
    name
      .replace(/\.[a-z0-9]{1,5}$/i, "")
      .replace(/[-_]+/g, " ")
      .trim()
      .slice(0, 200) || "File"
  );
}

/** Checks an upload (size, then type by its bytes), stores it as uploaded and returns the library row's columns. */
export async function storeMarketingFile(ctx: { storage: Pick<Storage, "put">; file: File; actor: Viewer }) {
  requireMarketingAdmin(ctx.actor);
  if (ctx.file.size > MARKETING_FILE_MAX_BYTES)
    throw new AppError("TOO_LARGE", MARKETING_FILE_MESSAGES.tooBig, { file: [MARKETING_FILE_MESSAGES.tooBig] });
  const bytes = new Uint8Array(await ctx.file.arrayBuffer());
  const type = marketingFileTypeOf(bytes);
  if (!type)
    throw new AppError("BAD_INPUT", MARKETING_FILE_MESSAGES.wrongType, { file: [MARKETING_FILE_MESSAGES.wrongType] });
  const key = `${FOLDER}/${randomBytes(8).toString("hex")}.${MARKETING_FILE_TYPES[type]}`;
  await ctx.storage.put(key, bytes, type);
  const originalName = cleanName(ctx.file.name, type);
  return {
    storageKey: key,
    originalName,
    title: titleOfName(originalName),
    contentType: type,
    byteSize: bytes.byteLength,
    uploadedBy: ctx.actor.id,
  };
}

/** Refuses the delete of a file a campaign not yet sent attaches, naming the campaigns. */
export async function refuseDeleteOfAttachedFile(row: Record<string, unknown>, { tx }: { tx: Tx }) {
  const campaigns = await selectUnsentCampaignsAttaching(tx, Number(row.id));
  if (campaigns.length === 0) return;
  const names = campaigns.map((c) => `“${c.name}”`).join(", ");
  throw new AppError(
    "CONFLICT",
    `“${String(row.title)}” cannot be deleted: ${campaigns.length === 1 ? "the campaign" : "the campaigns"} ${names} ${campaigns.length === 1 ? "attaches" : "attach"} it and ${campaigns.length === 1 ? "is" : "are"} not sent yet. Remove it from ${campaigns.length === 1 ? "that campaign" : "those campaigns"} (or cancel ${campaigns.length === 1 ? "it" : "them"}) first.`,
  );
}

/** Refuses attachments that are not library files, or that come to more than 10 MB together. */
export async function checkAttachments(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  const { bytes, found } = await sumFileSizes(tx, unique);
  if (found !== unique.length)
    throw new AppError("BAD_INPUT", "An attachment is not in the marketing files.", {
      attachments: ["Choose files of the marketing files."],
    });
  if (bytes > MARKETING_ATTACHMENTS_MAX_BYTES) {
    const message = `${MARKETING_FILE_MESSAGES.attachmentsTooBig} These come to ${formatBytes(bytes)}.`;
    throw new AppError("BAD_INPUT", message, { attachments: [message] });
  }
}
