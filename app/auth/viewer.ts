/**
 * Who is signed in, and the two staff tests every rule uses. Kept apart from abilities.ts so that browser code that
 * only asks "is this a buyer who may offer?" does not load CASL (the JavaScript budget in bench/bundle-size.ts).
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
  /**
   * The person's photo and whether they gave their feedback, as the session's read of their row found them when this
   * request began: the shell's feedback tab and the profile card show them without reading the row again (issue 34).
   * Absent for a viewer made outside a request (jobs, tests), which read the row.
   */
  shown?: { profilePhotoPath: string | null; isFeedbackGiven: boolean };
};

export const isStaffWriter = (v: Pick<Viewer, "staffRole"> | null) =>
  v?.staffRole === "writer" || v?.staffRole === "senior_writer";

/**
 * Staff: administrators, writers and senior writers, acting as themselves (not while impersonating). Staff never act
 * as buyers or sellers (issue 28): no offers of their own, no listings for sale, no switching their own role.
 */
export const isStaffAccount = (v: Pick<Viewer, "role" | "staffRole" | "impersonatedBy"> | null) =>
  Boolean(v && !v.impersonatedBy && (v.role === "admin" || v.staffRole != null));

/** Buyers make offers, staff never (issue 28); the ability says the same ("create", "Offer"), tested together. */
export const makesOffers = (v: Pick<Viewer, "role" | "staffRole" | "impersonatedBy">) =>
  v.role === "buyer" && !isStaffAccount(v);
