import { AbilityBuilder, createMongoAbility, type MongoAbility } from "@casl/ability";

/**
 * Every authorization rule of the product, in one place.
 * The server enforces these in loaders and actions; the browser only uses them to hide what the server would refuse.
 */
export type Role = "buyer" | "seller" | "admin";
export type StaffRole = "admin" | "writer" | "senior_writer";

export type Viewer = {
  id: string;
  name: string;
  email: string;
  role: Role;
  staffRole: StaffRole | null;
  userUniqid: string;
  emailVerified: boolean;
  /** The administrator's user id while an administrator is impersonating this user. */
  impersonatedBy: string | null;
};

export type Action = "manage" | "access" | "read" | "create" | "update" | "delete";
export type Subject =
  | "AdminArea"
  | "AdminDashboard"
  | "MailLog"
  | "User"
  | "Listing"
  | "Blog"
  | "SupportPage"
  | "Seo"
  | "ContentWorkspace"
  | "Profile"
  | "RequiredPage"
  | "SpecialRequest"
  | { __type: "Listing"; sellerId: string | null }
  | { __type: "User"; id: string }
  | "all";

export type AppAbility = MongoAbility<[Action, Subject | string]>;

export const isStaffWriter = (v: Pick<Viewer, "staffRole"> | null) =>
  v?.staffRole === "writer" || v?.staffRole === "senior_writer";

export function defineAbilityFor(viewer: Viewer | null): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  // Everyone, signed in or not, reads the public marketplace.
  can("read", "Listing");

  if (viewer) {
    can("read", "Profile");
    can(["read", "update"], "User", { id: viewer.id });

    if (viewer.role === "seller") {
      can("read", "RequiredPage");
      can("create", "Listing");
      can(["update", "delete"], "Listing", { sellerId: viewer.id });
    }
    if (viewer.role === "buyer") {
      can(["read", "create"], "SpecialRequest");
    }
    if (isStaffWriter(viewer)) {
      can("access", "AdminArea");
      can("read", "ContentWorkspace");
      can("manage", ["Blog", "SupportPage", "Seo"]);
    }
    if (viewer.role === "admin") {
      can("manage", "all");
    }
  }
  return build({ detectSubjectType: (s) => (typeof s === "object" && s && "__type" in s ? s.__type : (s as never)) });
}

/** Where each role lands after signing in (SPEC section 4 redirects, with the writers' intended landing). */
export function landingPathFor(viewer: Viewer): string {
  if (viewer.impersonatedBy) return "/v2/profile";
  if (viewer.role === "admin") return "/admin/dashboard";
  if (isStaffWriter(viewer)) return "/admin/posts";
  return "/v2/profile";
}
