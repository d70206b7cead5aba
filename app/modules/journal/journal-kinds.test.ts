import { describe, expect, it } from "vitest";
import { JOURNAL_CATEGORIES } from "./journal.server";
import { JOURNAL_KINDS, journalSummary } from "./journal-kinds";

describe("journal kinds", () => {
  it("each kind has a tab and writes its own summary", () => {
    for (const [name, def] of Object.entries(JOURNAL_KINDS)) {
      expect(JOURNAL_CATEGORIES, name).toContain(def.category);
    }
    expect(
      journalSummary("listing.status", { listingCode: "VPM-10001", event: "deactivated", reason: "Sold elsewhere" }),
    ).toBe("Listing VPM-10001 was deactivated (Sold elsewhere).");
    expect(journalSummary("auth.sessions.revoked", { ended: 1 })).toBe("Logged out 1 other browser session");
    expect(journalSummary("auth.sessions.revoked", { ended: 3 })).toBe("Logged out 3 other browser sessions");
    expect(journalSummary("impersonation.start", { side: "account", name: "Alex", email: "a@x.test" })).toBe(
      "Administrator Alex (a@x.test) logged into this account.",
    );
  });

  it("every kind the code records is declared (a kind written anywhere in app/ is in the list)", async () => {
    const { readFileSync, readdirSync, statSync } = await import("node:fs");
    const path = await import("node:path");
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = path.join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.server\.ts$|\.workflow\.ts$/.test(f)) {
          const src = readFileSync(p, "utf8");
          for (const m of src.matchAll(/recordActivity\([^)]*?kind: "([a-z0-9.-]+)"/gs)) used.add(m[1]);
        }
      }
    };
    walk("app/modules");
    expect(used.size).toBeGreaterThan(10);
    for (const k of used) expect(Object.keys(JOURNAL_KINDS), k).toContain(k);
  });
});
