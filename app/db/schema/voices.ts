import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * SPEC section 3 "Testimonial/feedback": a rating in half steps (stored in halves, 1..10), comments and the
 * author's name as shown. A testimonial from the feedback tab waits for approval (`status` pending); only
 * approved ones are public. `demo` marks the seeded examples so the administrator can tell them apart.
 */
export const testimonials = pgTable(
  "testimonials",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    ratingHalves: integer("rating_halves").notNull(),
    comments: text("comments").notNull().default(""),
    /** pending (waits for approval), approved (public), hidden (kept, not public). */
    status: text("status").notNull().default("pending"),
    demo: boolean("demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
  },
  (t) => [index("testimonials_status_idx").on(t.status, t.approvedAt)],
);

/** SPEC section 3 "Review": author, star, review, review_date; entered by hand, imported from CSV or fetched. */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    author: text("author").notNull(),
    star: integer("star").notNull(),
    review: text("review").notNull(),
    reviewDate: date("review_date", { mode: "string" }).notNull(),
    /** manual, csv or the provider's name; with `externalId` a fetched review is stored once. */
    source: text("source").notNull().default("manual"),
    externalId: text("external_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("reviews_source_external_unique").on(t.source, t.externalId)],
);

/**
 * SPEC section 3 "Subscriber contact": contact and type. `phone` from the footer's app-download capture (digits);
 * `email` from the newsletter sign-up, `confirmedAt` set by the double opt-in, `unsubscribedAt` by the one-click link.
 */
export const subscribers = pgTable(
  "subscribers",
  {
    id: serial("id").primaryKey(),
    contact: text("contact").notNull(),
    type: text("type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("subscribers_type_contact_unique").on(t.type, t.contact)],
);

/** SPEC section 7 `app-link-clicks/{playstore|appstore}`: clicks counted per store per day. */
export const appLinkClicks = pgTable(
  "app_link_clicks",
  {
    store: text("store").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.store, t.day] })],
);

/** Public page views per path per day (UTC), counted on the server without cookies; bots, admin and API skipped. */
export const pageViews = pgTable(
  "page_views",
  {
    path: text("path").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);
