import type { RouteAccessRow } from "./types";

/**
 * Issue 4 "Profile and settings": /profile, /required, Best Practices, the photo upload and photos, the email
 * change calls, the preferences calls and /user-data. POST rows send input that is refused after the permission
 * check (400), so they change nothing.
 */
const pageFor = (seller: "allow" | "redirect") =>
  ({
    anonymous: "redirect",
    buyer: "allow",
    seller,
    writer: "redirect",
    seniorWriter: "redirect",
    admin: "redirect",
    adminAsBuyer: "allow",
  }) as const;

/** Every signed-in person may call it (their own account); anonymous callers get 401. */
const signedIn = {
  anonymous: "refuse",
  buyer: "allow",
  seller: "allow",
  writer: "allow",
  seniorWriter: "allow",
  admin: "allow",
  adminAsBuyer: "allow",
} as const;

const onlyImpersonatingAdmin = {
  anonymous: "refuse",
  buyer: "refuse",
  seller: "refuse",
  writer: "refuse",
  seniorWriter: "refuse",
  admin: "refuse",
  adminAsBuyer: "allow",
} as const;

export const rows: RouteAccessRow[] = [
  {
    // Staff keep their own account page (name, password, email, photo).
    path: "/profile",
    expect: { ...signedIn, anonymous: "redirect" },
    redirectTo: { anonymous: "/sign-in" },
  },
  {
    method: "POST",
    path: "/profile",
    form: { intent: "profile-info", name: "" },
    expect: { ...signedIn, anonymous: "redirect" },
    redirectTo: { anonymous: "/sign-in" },
  },
  {
    path: "/required",
    expect: { ...pageFor("allow"), buyer: "redirect", adminAsBuyer: "redirect" },
    redirectTo: { anonymous: "/sign-in" },
  },
  {
    path: "/v2/profile/best-practices",
    expect: pageFor("allow"),
    redirectTo: { anonymous: "/sign-in", writer: "/admin/posts", seniorWriter: "/admin/posts", admin: "/admin" },
  },
  {
    path: "/user-data/{buyer.id}",
    expect: { ...signedIn, seller: "refuse", writer: "refuse", seniorWriter: "refuse" },
  },
  {
    path: "/user-data/{seller.id}",
    expect: { ...signedIn, buyer: "refuse", writer: "refuse", seniorWriter: "refuse", adminAsBuyer: "refuse" },
  },
  {
    method: "POST",
    path: "/update_profile_image/{buyer.uniqid}",
    form: {},
    expect: { ...signedIn, seller: "refuse", writer: "refuse", seniorWriter: "refuse" },
  },
  { path: "/profile-photos/nobody-0000000000000000.webp", expect: refuseAll() },
  { method: "POST", path: "/check-email-exists", json: { email: "nobody@example.org" }, expect: signedIn },
  { method: "POST", path: "/send-email-pin", json: { email: "not-an-email" }, expect: signedIn },
  { method: "POST", path: "/verify-email-pin", json: { email: "not-an-email", email_pin: "1" }, expect: signedIn },
  { method: "POST", path: "/update-email", json: { email: "not-an-email" }, expect: signedIn },
  { method: "POST", path: "/verification/email-pin", json: { pin: "x" }, expect: signedIn },
  {
    method: "POST",
    path: "/api/user/profile/update-user-field",
    // Without `id` the call acts on the signed-in user (the impersonated buyer for adminAsBuyer).
    json: { name: "buyer_low_offer_value", value: "not a number" },
    expect: onlyImpersonatingAdmin,
  },
  {
    method: "POST",
    path: "/api/user/profile/update-user-field",
    // Issue 28: staff never switch their own role (403 before the value is read); a buyer's or seller's unknown
    // role is judged (400), so nothing changes for anyone.
    json: { name: "role", value: "nonsense" },
    expect: {
      anonymous: "refuse",
      buyer: "allow",
      seller: "allow",
      writer: "refuse",
      seniorWriter: "refuse",
      admin: "refuse",
      adminAsBuyer: "allow",
    },
  },
  {
    method: "POST",
    path: "/api/listings/commission-text/update",
    json: { value: "x".repeat(600), isAdmin: true },
    expect: onlyImpersonatingAdmin,
  },
];

function refuseAll() {
  return {
    anonymous: "refuse",
    buyer: "refuse",
    seller: "refuse",
    writer: "refuse",
    seniorWriter: "refuse",
    admin: "refuse",
    adminAsBuyer: "refuse",
  } as const;
}
