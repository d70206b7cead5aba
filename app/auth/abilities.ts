import { href } from "react-router";
import { AbilityBuilder, createMongoAbility, type MongoAbility } from "@casl/ability";
import { isStaffAccount, isStaffWriter, type Viewer } from "./viewer";

/**
 * Every authorization rule of the product, in one place.
 * The server enforces these in loaders and actions; the browser only uses them to hide what the server would refuse.
 */
export type { Role, StaffRole, Viewer } from "./viewer";
export { isStaffAccount, isStaffWriter } from "./viewer";

export type Action = "manage" | "access" | "read" | "create" | "update" | "delete";
/**
 * Every string subject of the rules, at run time as well as in the type (`Subject` derives from it): the admin
 * registry's subjects are checked against this list when a declaration loads (app/modules/admin/resource-checks.ts).
 */
export const SUBJECTS = [
  "AdminArea",
  "AdminDashboard",
  "MailLog",
  "User",
  "Listing",
  "Blog",
  "SupportPage",
  "Seo",
  "ContentWorkspace",
  "Profile",
  "RequiredPage",
  "SpecialRequest",
  /** A person's own security settings: password, two-factor, browser sessions, deleting the account. */
  "SecuritySettings",
  /** A person's own marketplace role (buyer or seller), switched from the profile's preferences. */
  "OwnRole",
  "Offer",
  /** Every offer, as the back office sees them (administrators only). */
  "OfferAdmin",
  /** The title companies and their closing costs (administrators only). */
  "TitleCompanyAdmin",
  // The admin back office's subjects (administrators only unless a rule below says otherwise).
  "Broker",
  "QuickFact",
  /** Every listing as the back office sees them (everyone may read a public listing, so not `Listing`). */
  "ListingAdmin",
  /** Every account as the back office sees them (everyone may read their own User, so not `User`). */
  "UserAdmin",
  "ContactMessageAdmin",
  "ResortAdmin",
  "SpecialRequestAdmin",
  /** The site's menus (the left and right menu settings). */
  "MenuAdmin",
  /** The header banners (administrators only). */
  "BannerAdmin",
  /** The site's settings: tweaks, contract sections (administrators only). */
  "SiteSettings",
  /** The mail and SMS templates and their earlier versions (administrators only; decision 0069). */
  "MailTemplateAdmin",
  /** The media library (/admin/media): administrators, writers and senior writers (decision 0067). */
  "MediaAdmin",
  /** The lenders of the financing page (administrators only; issue 31). */
  "Lender",
  /** The point charts: views, seasons, season ranges, resort rooms and views, points (administrators only). */
  "PointChart",
  /** The partners' API keys (administrators only; issue 33). */
  "ApiKeyAdmin",
  /** The user agents seen and the bot rules, /admin/bots (administrators only; issue 33). */
  "BotAdmin",
  /** Publishing, scheduling and unpublishing blog posts: senior writers and administrators (decision 0080). */
  "BlogPublish",
  // Issue 32 "Voices of customers": testimonials, reviews, subscribers (administrators only); a signed-in
  // person's own feedback (the feedback tab).
  "TestimonialAdmin",
  "ReviewAdmin",
  "SubscriberAdmin",
  "Feedback",
  /**
   * Issue 32 (decision 0078): the content pages (/admin/frontend-pages) and the FAQs (/admin/related-faqs). Administrators
   * only: SPEC section 6 gives writers and senior writers the blog, the support pages and the SEO manager alone.
   */
  "Page",
  "Faq",
  /** Issue 33 (decision 0087): marketing templates, campaigns and their sending (administrators only). */
  "MarketingAdmin",
] as const;

export type SubjectName = (typeof SUBJECTS)[number];

export type Subject =
  | SubjectName
  | { __type: "Listing"; sellerId: string | null }
  | { __type: "User"; id: string }
  /** An offer: its buyer and the listing's seller (null for a broker's listing) see and answer it. */
  | { __type: "Offer"; buyerId: string; sellerId: string | null }
  | "all";

/** True for a subject name the rules know (the admin registry's lines are checked with it). */
export function isSubjectName(s: string): s is SubjectName {
  return (SUBJECTS as readonly string[]).includes(s);
}

export type AppAbility = MongoAbility<[Action, Subject]>;

export function defineAbilityFor(viewer: Viewer | null): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  // Everyone, signed in or not, reads the public marketplace.
  can("read", "Listing");

  if (viewer) {
    can("read", "Profile");
    can(["read", "update"], "User", { id: viewer.id });
    // Offers (issue 10): the two parties; whose turn it is, is the offer workflow's question.
    can(["read", "update"], "Offer", { buyerId: viewer.id });
    can(["read", "update"], "Offer", { sellerId: viewer.id });

    if (viewer.role === "seller") {
      can("read", "RequiredPage");
      can("create", "Listing");
      can(["update", "delete"], "Listing", { sellerId: viewer.id });
    }
    if (viewer.role === "buyer") {
      can(["read", "create"], "SpecialRequest");
      // Buyers make offers (the service checks the rest: a verified email, not one's own listing, the limit).
      can("create", "Offer");
    }
    // Staff rights are never lent: while impersonating, the administrator has only the person's own rights.
    if (isStaffWriter(viewer) && !viewer.impersonatedBy) {
      can("access", "AdminArea");
      can("read", "ContentWorkspace");
      can("manage", ["Blog", "SupportPage", "Seo"]);
      // Writers put pictures in what they write: the media library is theirs too (decision 0067).
      can("manage", "MediaAdmin");
      // Decision 0080: writers draft and send to review; senior writers publish, schedule and unpublish.
      if (viewer.staffRole === "senior_writer") can("manage", "BlogPublish");
    }
    if (viewer.role === "admin" && !viewer.impersonatedBy) {
      can("manage", "all");
    }
    can("update", "SecuritySettings");
    can("update", "OwnRole");
    can("create", "Feedback"); // Issue 32: the feedback tab

    // Issue 28: staff are never a party to a deal. They make, withdraw or answer no offer as its buyer or seller
    // (an administrator still acts for a party from the back office, and for the brokers' listings, which have no
    // seller account), list or edit no contract of their own, and keep their role. Later rules win in CASL.
    if (isStaffAccount(viewer)) {
      cannot("create", "Offer");
      cannot("update", "Offer", { buyerId: viewer.id });
      cannot("update", "Offer", { sellerId: viewer.id });
      cannot("create", "Listing");
      cannot(["update", "delete"], "Listing", { sellerId: viewer.id });
      cannot("update", "OwnRole");
    }
    // The one impersonation rule (SPEC section 4): an administrator signed in as someone acts with that person's
    // rights (never an administrator's: another administrator cannot be impersonated), and cannot change that
    // person's security settings nor enter the admin area's data. Services and the admin layout ask this ability.
    if (viewer.impersonatedBy) {
      cannot("update", "SecuritySettings");
    }
  }
  return build({ detectSubjectType: (s) => (typeof s === "object" && s && "__type" in s ? s.__type : (s as never)) });
}

/** Where each role lands after signing in (SPEC section 4 redirects, with the writers' intended landing). */
export function landingPathFor(viewer: Viewer): string {
  if (viewer.impersonatedBy) return href("/v2/profile");
  if (viewer.role === "admin") return href("/admin/offer-dashboard");
  if (isStaffWriter(viewer)) return href("/admin/posts");
  return href("/v2/profile");
}
