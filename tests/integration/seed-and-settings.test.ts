import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, resorts, user } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/api/settings";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

const services = await startTestServices();

describe("demo seed", () => {
  it("holds the 17 resorts plus interval resorts, 7 demo users and 300 listings", async () => {
    const [{ n: resortCount }] = await services.db.select({ n: count() }).from(resorts);
    expect(resortCount).toBe(18);
    const [akv] = await services.db.select().from(resorts).where(eq(resorts.code, "AKV"));
    expect(akv.slug).toBe("animal-kingdom");
    expect(akv.contractEndYear).toBe(2057);
    const users = await services.db
      .select({ email: user.email, role: user.role, staffRole: user.staffRole })
      .from(user);
    expect(users.find((u) => u.email === "admin@example.com")?.role).toBe("admin");
    expect(users.find((u) => u.email === "writer@example.com")?.staffRole).toBe("writer");
    expect(users.find((u) => u.email === "senior.writer@example.com")?.staffRole).toBe("senior_writer");
    const [{ n: listingCount }] = await services.db.select({ n: count() }).from(listings);
    expect(listingCount).toBe(300);
  });

  it("keeps listings within DOMAIN.md's ranges: use-year months, positive points and prices", async () => {
    const rows = await services.db.select().from(listings);
    const months = new Set(rows.map((r) => r.useMonth));
    for (const m of months) expect([2, 3, 4, 6, 8, 9, 10, 12]).toContain(m);
    for (const r of rows) {
      expect(r.pricePerPointCents).toBeGreaterThanOrEqual(55_00);
      expect(r.pricePerPointCents).toBeLessThanOrEqual(270_00);
      expect(r.currYearPoints).toBeLessThanOrEqual(r.contractPoints);
    }
    expect(rows.filter((r) => r.listingStatusId === 3).length).toBeGreaterThan(250);
    expect(rows.some((r) => r.source === "broker")).toBe(true);
  });

  it("does not seed twice: a second run changes nothing", async () => {
    const result = await seedDatabase(services.db, { demo: true });
    expect(result.demo).toBe(false);
    const [{ n }] = await services.db.select({ n: count() }).from(listings);
    expect(n).toBe(300);
    const [{ n: users }] = await services.db.select({ n: count() }).from(user);
    expect(users).toBeGreaterThanOrEqual(7);
  });
});

describe("POST /settings", () => {
  it("answers the value per requested key", async () => {
    const res = await callRoute(
      settingsAction as never,
      makeRequest("/settings", { json: { columns: ["site_name", "business_hours"] } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.site_name).toBe("Vacation Points Market");
    expect(res.body.business_hours[0]).toEqual({ label: "Mon-Sat", value: "9am-9pm Eastern" });
  });

  it("refuses private or unknown keys and bad bodies with a 400 and a message", async () => {
    const unknown = await callRoute(
      settingsAction as never,
      makeRequest("/settings", { json: { columns: ["seed.demo_seeded_at"] } }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Unknown setting.");
    const empty = await callRoute(settingsAction as never, makeRequest("/settings", { json: { columns: [] } }));
    expect(empty.status).toBe(400);
    const garbage = await callRoute(
      settingsAction as never,
      makeRequest("/settings", { method: "POST", headers: { "content-type": "application/json" } }),
    );
    expect(garbage.status).toBe(400);
  });

  it("answers 405 to GET", async () => {
    const res = await callRoute(settingsLoader as never, makeRequest("/settings"));
    expect(res.status).toBe(405);
  });
});
