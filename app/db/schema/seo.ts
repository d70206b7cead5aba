import { boolean, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Issue 32, /admin/seo (decision 0085): what a public address says to search engines and link previews, when the
 * staff want it to say something other than the page's own title and description. `path` is the address without its
 * query ("/listings", "/resorts/bay-lake-tower"); every part left empty keeps the page's own.
 */
export const seoEntries = pgTable("seo_entries", {
  id: serial("id").primaryKey(),
  path: text("path").notNull().unique(),
  title: text("title"),
  description: text("description"),
  /** An absolute https address or a path on this site; empty: the page's own address. */
  canonical: text("canonical"),
  /** The link-preview picture (`og:image`), from the media library, copied to `/media/seo/...webp`. */
  imagePath: text("image_path"),
  /** Ask search engines not to index the address (`robots: noindex`), and leave it out of the sitemap. */
  noindex: boolean("noindex").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
