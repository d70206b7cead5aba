import { describe, expect, it } from "vitest";
import { defineAbilityFor, landingPathFor, type Viewer } from "./abilities";
import { makesOffers } from "./viewer";

const viewer = (over: Partial<Viewer>): Viewer => ({
  id: "u1",
  name: "N",
  email: "n@example.org",
  role: "buyer",
  staffRole: null,
  userUniqid: "abc",
  emailVerified: true,
  impersonatedBy: null,
  ...over,
});

describe("abilities", () => {
  it("shows an offer to its buyer, its seller and administrators only", () => {
    const offer = { __type: "Offer", buyerId: "b1", sellerId: "s1" } as const;
    expect(defineAbilityFor(viewer({ id: "b1" })).can("read", offer)).toBe(true);
    expect(defineAbilityFor(viewer({ id: "s1", role: "seller" })).can("update", offer)).toBe(true);
    expect(defineAbilityFor(viewer({ role: "admin" })).can("read", offer)).toBe(true);
    expect(defineAbilityFor(viewer({ id: "x" })).can("read", offer)).toBe(false);
    expect(defineAbilityFor(viewer({ id: "x", role: "admin", impersonatedBy: "a" })).can("read", offer)).toBe(false);
    expect(defineAbilityFor(null).can("read", offer)).toBe(false);
  });

  it("lets only administrators into the dashboard and mail log", () => {
    expect(defineAbilityFor(viewer({ role: "admin", staffRole: "admin" })).can("read", "AdminDashboard")).toBe(true);
    expect(defineAbilityFor(viewer({ role: "admin" })).can("read", "MailLog")).toBe(true);
    for (const v of [viewer({}), viewer({ role: "seller" }), viewer({ staffRole: "writer" }), null]) {
      expect(defineAbilityFor(v).can("read", "AdminDashboard")).toBe(false);
      expect(defineAbilityFor(v).can("read", "MailLog")).toBe(false);
    }
  });

  it("lets writers and senior writers into the admin area for content only", () => {
    for (const staffRole of ["writer", "senior_writer"] as const) {
      const a = defineAbilityFor(viewer({ staffRole }));
      expect(a.can("access", "AdminArea")).toBe(true);
      expect(a.can("manage", "Blog")).toBe(true);
      expect(a.can("manage", "Seo")).toBe(true);
      expect(a.can("read", { __type: "User", id: "someone-else" } as never)).toBe(false);
      expect(a.can("read", "AdminDashboard")).toBe(false);
    }
    expect(defineAbilityFor(viewer({})).can("access", "AdminArea")).toBe(false);
  });

  it("keeps the Required page for sellers and special requests for buyers", () => {
    expect(defineAbilityFor(viewer({ role: "seller" })).can("read", "RequiredPage")).toBe(true);
    expect(defineAbilityFor(viewer({ role: "buyer" })).can("read", "RequiredPage")).toBe(false);
    expect(defineAbilityFor(viewer({ role: "buyer" })).can("create", "SpecialRequest")).toBe(true);
    expect(defineAbilityFor(viewer({ role: "seller" })).can("create", "SpecialRequest")).toBe(false);
  });

  it("lets a seller change only their own listings", () => {
    const a = defineAbilityFor(viewer({ id: "s1", role: "seller" }));
    expect(a.can("update", { __type: "Listing", sellerId: "s1" } as never)).toBe(true);
    expect(a.can("update", { __type: "Listing", sellerId: "s2" } as never)).toBe(false);
    expect(
      defineAbilityFor(viewer({ role: "buyer" })).can("update", { __type: "Listing", sellerId: "u1" } as never),
    ).toBe(false);
  });

  it("lands each role where it belongs", () => {
    expect(landingPathFor(viewer({ role: "admin" }))).toBe("/admin/offer-dashboard");
    expect(landingPathFor(viewer({ staffRole: "senior_writer" }))).toBe("/admin/posts");
    expect(landingPathFor(viewer({ role: "seller" }))).toBe("/v2/profile");
    expect(landingPathFor(viewer({ role: "buyer", impersonatedBy: "admin1" }))).toBe("/v2/profile");
  });

  it("while impersonating: the person's own rights, no staff rights, no security changes, no admin area", () => {
    const asBuyer = defineAbilityFor(viewer({ role: "buyer", impersonatedBy: "admin1" }));
    expect(asBuyer.can("update", "SecuritySettings")).toBe(false);
    expect(asBuyer.can("access", "AdminArea")).toBe(false);
    expect(asBuyer.can("create", "SpecialRequest")).toBe(true);
    expect(defineAbilityFor(viewer({ role: "buyer" })).can("update", "SecuritySettings")).toBe(true);
    // Even a Viewer that claims both (never issued: administrators cannot be impersonated) gets no admin rights.
    const odd = defineAbilityFor(viewer({ role: "admin", impersonatedBy: "admin1" }));
    expect(odd.can("manage", "User")).toBe(false);
    expect(odd.can("read", "Broker")).toBe(false);
    expect(defineAbilityFor(viewer({ staffRole: "writer", impersonatedBy: "admin1" })).can("access", "AdminArea")).toBe(
      false,
    );
  });

  it("issue 28: staff make, withdraw or answer no offer of their own, list no contract and keep their role", () => {
    const staff = [
      viewer({ id: "w", staffRole: "writer" }),
      viewer({ id: "w", role: "seller", staffRole: "senior_writer" }),
      viewer({ id: "w", role: "admin", staffRole: "admin" }),
      viewer({ id: "w", role: "admin" }),
    ];
    for (const v of staff) {
      const a = defineAbilityFor(v);
      expect(a.can("create", "Offer")).toBe(false);
      expect(a.can("update", { __type: "Offer", buyerId: "w", sellerId: "s1" })).toBe(false);
      expect(a.can("update", { __type: "Offer", buyerId: "b1", sellerId: "w" })).toBe(false);
      expect(a.can("read", { __type: "Offer", buyerId: "w", sellerId: "s1" })).toBe(true);
      expect(a.can("create", "Listing")).toBe(false);
      expect(a.can("update", { __type: "Listing", sellerId: "w" })).toBe(false);
      expect(a.can("update", "OwnRole")).toBe(false);
    }
    // An administrator still manages listings and acts for the parties of other people's offers.
    const admin = defineAbilityFor(viewer({ id: "w", role: "admin", staffRole: "admin" }));
    expect(admin.can("manage", "Listing")).toBe(true);
    expect(admin.can("update", { __type: "Listing", sellerId: "s1" })).toBe(true);
    expect(admin.can("update", { __type: "Offer", buyerId: "b1", sellerId: "s1" })).toBe(true);
    // Buyers and sellers keep their rights; an administrator impersonating a buyer has the buyer's.
    expect(defineAbilityFor(viewer({ id: "b1" })).can("create", "Offer")).toBe(true);
    expect(defineAbilityFor(viewer({ id: "b1" })).can("update", "OwnRole")).toBe(true);
    expect(defineAbilityFor(viewer({ id: "s1", role: "seller" })).can("create", "Listing")).toBe(true);
    expect(defineAbilityFor(viewer({ id: "b1", impersonatedBy: "a" })).can("create", "Offer")).toBe(true);
  });

  it("the browser's light test of who makes offers (make-offer-link.tsx) agrees with the ability", () => {
    const people = [
      viewer({}),
      viewer({ role: "seller" }),
      viewer({ role: "admin" }),
      viewer({ role: "admin", staffRole: "admin" }),
      viewer({ staffRole: "writer" }),
      viewer({ role: "seller", staffRole: "senior_writer" }),
      viewer({ impersonatedBy: "a" }),
      viewer({ role: "seller", impersonatedBy: "a" }),
    ];
    for (const v of people) expect(makesOffers(v), JSON.stringify(v)).toBe(defineAbilityFor(v).can("create", "Offer"));
    expect(people.filter(makesOffers)).toHaveLength(2);
  });
});
