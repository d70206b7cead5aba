import { sql } from "drizzle-orm";
import { marketingFiles } from "~/db/schema";
import { getConfig } from "~/lib/config.server";
import { getServices } from "~/lib/runtime.server";
import { defineResource } from "~/modules/admin/resource";
import {
  MARKETING_FILE_ACCEPT,
  MARKETING_FILE_HELP,
  MARKETING_FILE_MAX_LABEL,
  MarketingFileSchema,
  marketingFilePath,
} from "./marketing-files";
import { refuseDeleteOfAttachedFile, storeMarketingFile } from "./marketing-files.server";

const path = sql<string>`'/marketing-files/' || regexp_replace(${marketingFiles.storageKey}, '^.*/', '')`;
const kind = sql<string>`case ${marketingFiles.contentType} when 'application/pdf' then 'PDF' when 'image/png' then 'PNG picture' when 'image/jpeg' then 'JPEG picture' else 'WebP picture' end`;

function origin(url: string) {
  return url.replace(/\/$/, "");
}

/**
 * /admin/marketing/files (issue 33, decision 0091): PDFs and pictures for marketing mail. Each has a public address
 * to paste into a template (a picture as `<img src>`, a PDF as a link) and can be attached to campaigns. A file an
 * unsent campaign attaches cannot be deleted.
 */
export default defineResource({
  noun: "file",
  title: "Marketing files",
  description: `PDFs and pictures for marketing mail, at most ${MARKETING_FILE_MAX_LABEL} each. Paste a file's address into a template (a picture as <img src="…">, a PDF as a link), or attach it to a campaign. A file that a campaign not yet sent attaches cannot be deleted.`,
  caption: "Marketing files",
  searchLabel: "Search by title or file name",
  emptyText: "No files yet. Upload one with Add file.",
  table: marketingFiles,
  id: marketingFiles.id,
  operations: ["create", "update", "delete"],
  schema: MarketingFileSchema,
  columns: [
    {
      key: "preview",
      label: "Picture",
      value: sql<string | null>`case when ${marketingFiles.contentType} like 'image/%' then ${path} end`,
      format: "image",
      priority: 2,
    },
    {
      key: "title",
      label: "Title",
      value: marketingFiles.title,
      primary: true,
      sortable: true,
      searchable: true,
      wrap: true,
    },
    { key: "kind", label: "Type", value: kind, detail: "size" },
    {
      key: "size",
      label: "Size",
      value: sql<string>`case when ${marketingFiles.byteSize} < 1024 then ${marketingFiles.byteSize} || ' bytes' when ${marketingFiles.byteSize} < 1048576 then round(${marketingFiles.byteSize} / 1024.0, 1) || ' KB' else round(${marketingFiles.byteSize} / 1048576.0, 1) || ' MB' end`,
      hidden: true,
    },
    // The public address, absolute (computed below): what a template needs.
    { key: "address", label: "Address to paste", value: path, wrap: true, priority: 1 },
    { key: "file", label: "File name", value: marketingFiles.originalName, searchable: true, wrap: true, priority: 3 },
    { key: "uploaded", label: "Uploaded", value: marketingFiles.createdAt, format: "datetime", sortable: true },
  ],
  fields: [
    {
      name: "file",
      label: "File",
      kind: "file",
      column: marketingFiles.storageKey,
      required: true,
      readOnlyOnEdit: true,
      accept: MARKETING_FILE_ACCEPT,
      help: MARKETING_FILE_HELP,
      upload: storeMarketingFile,
    },
    {
      name: "title",
      label: "Title",
      kind: "text",
      editOnly: true,
      help: "For you and the campaign form (the attachment keeps the file's own name).",
    },
  ],
  defaultSort: { key: "uploaded", dir: "desc" },
  titleOf: (row) => String(row.title || row.originalName || "file"),
  computed: async (rows) => {
    const site = origin((await getServices()).config.authUrl);
    for (const r of rows) if (typeof r.address === "string") r.address = `${site}${r.address}`;
  },
  formAside: (row) => {
    const url = `${origin(getConfig().authUrl)}${marketingFilePath(String(row.storageKey))}`;
    const image = String(row.contentType).startsWith("image/");
    return {
      title: "Use it in a template",
      description: "Paste into a marketing template's body:",
      terms: [
        { term: "Address", description: url },
        image
          ? {
              term: "Picture",
              description: `<img src="${url}" alt="${String(row.title).replace(/"/g, "&quot;")}" width="600">`,
            }
          : { term: "Link", description: `<a href="${url}">${String(row.title).replace(/</g, "&lt;")}</a>` },
      ],
    };
  },
  storedFiles: (row) => (typeof row.storageKey === "string" ? [row.storageKey] : []),
  beforeDelete: refuseDeleteOfAttachedFile,
});
