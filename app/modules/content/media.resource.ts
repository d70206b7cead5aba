import { sql } from "drizzle-orm";
import { media } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import { MEDIA_UPLOAD_HELP, MediaMetaSchema } from "./media";
import { mediaFiles, storeMediaUpload } from "./media.server";

/**
 * /admin/media (decision 0067): the media library. Adding is uploading a picture (stored at the SPEC's presets,
 * 100/75/50/25%, as WebP); its title, alt text and description are edited afterwards (and by `/media/meta/save`);
 * a delete removes every stored size. The rich-text editor's picker and upload button use the same rows.
 */
export default defineResource({
  noun: "picture",
  title: "Media library",
  description:
    "Pictures for the site's pages and rich text. Each upload is kept as WebP at 100, 75, 50 and 25% of its size. Give every picture alt text: it is what a screen reader says where the picture is placed.",
  caption: "Pictures",
  searchLabel: "Search pictures",
  emptyText: "No pictures yet. Upload one with Add picture.",
  table: media,
  id: media.id,
  operations: ["create", "update", "delete"],
  schema: MediaMetaSchema,
  columns: [
    {
      key: "thumbnail",
      label: "Picture",
      // The 25% size: the list's thumbnail need not load the full picture.
      value: sql<string>`'/' || coalesce((select v->>'key' from jsonb_array_elements(${media.variants}) v where (v->>'percent')::int = 25), ${media.storageKey})`,
      format: "image",
      priority: 1,
    },
    { key: "title", label: "Title", value: media.title, primary: true, sortable: true, searchable: true, wrap: true },
    { key: "alt", label: "Alt text", value: media.alt, searchable: true, wrap: true },
    {
      key: "size",
      label: "Size",
      // The uploaded file's size, as a person reads it ("4.7 KB", "2.3 MB").
      value: sql<string>`case when ${media.byteSize} < 1024 then ${media.byteSize} || ' bytes' when ${media.byteSize} < 1048576 then round(${media.byteSize} / 1024.0, 1) || ' KB' else round(${media.byteSize} / 1048576.0, 1) || ' MB' end`,
      detail: "type",
    },
    { key: "type", label: "Type", value: media.contentType, hidden: true },
    { key: "dimensions", label: "Dimensions", value: sql<string>`${media.width} || ' × ' || ${media.height} || ' px'` },
    { key: "uploaded", label: "Uploaded", value: media.createdAt, format: "datetime", sortable: true },
    { key: "file", label: "File name", value: media.originalName, searchable: true, optional: true },
    { key: "description", label: "Description", value: media.description, searchable: true, optional: true },
  ],
  fields: [
    {
      name: "file",
      label: "Picture",
      kind: "image",
      column: media.storageKey,
      required: true,
      readOnlyOnEdit: true,
      help: MEDIA_UPLOAD_HELP,
      upload: storeMediaUpload,
    },
    { name: "title", label: "Title", kind: "text", editOnly: true },
    {
      name: "alt",
      label: "Alt text",
      kind: "text",
      editOnly: true,
      help: "What the picture shows, for people who cannot see it. Placed pictures take it as their alt text.",
    },
    { name: "description", label: "Description", kind: "textarea", editOnly: true },
  ],
  defaultSort: { key: "uploaded", dir: "desc" },
  titleOf: (row) => String(row.title || row.originalName || row.file || "picture"),
  storedFiles: mediaFiles,
});
