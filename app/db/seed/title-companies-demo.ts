import { inArray } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { resorts, titleCompanies, titleCompanyCosts } from "~/db/schema";

/**
 * Issue 11: two fictional Florida title companies (example.com addresses, 555 numbers, placeholder bank numbers)
 * with their closing costs, so the deposit form and the closing statement have something to show from the first
 * start. Magnolia Coast is the default. Fees follow DOMAIN.md "Money": buyer closing costs about $400-$800, estoppel
 * about $150; Aulani (Hawaii) and Hilton Head cost more to record and search.
 */
const MAGNOLIA_WIRE = [
  "Bank: First Coastal Bank of Florida (example)",
  "Bank address: 100 Example Plaza, Orlando, FL 32801",
  "Routing (ABA): 000111222 (example)",
  "Account name: Magnolia Coast Title & Escrow, LLC - Escrow Trust Account",
  "Account: 000123456789 (example)",
  "Reference: your agreement number and last name",
  "",
  "Call (407) 555-0142 to confirm these instructions before you wire. We never change wire instructions by email.",
].join("\n");

const SUNRISE_WIRE = [
  "Bank: Osceola Community Bank (example)",
  "Bank address: 2500 Sample Parkway, Kissimmee, FL 34741",
  "Routing (ABA): 000333444 (example)",
  "Account name: Sunrise Closing Services, Inc. - Escrow Account",
  "Account: 000987654321 (example)",
  "Reference: VPM, your agreement number and last name",
  "",
  "Confirm by phone at (321) 555-0187 before sending funds. Wire instructions never change by email.",
].join("\n");

const dollars = (d: number) => Math.round(d * 100);

export async function seedTitleCompaniesDemo(tx: Tx, now: Date) {
  const [magnolia, sunrise] = await tx
    .insert(titleCompanies)
    .values([
      {
        name: "Magnolia Coast Title & Escrow, LLC",
        contactName: "Dana Whitfield",
        email: "closings@magnoliacoast-title.example.com",
        phone: "(407) 555-0142",
        wireInstructions: MAGNOLIA_WIRE,
        statesServed: ["CA", "FL", "HI", "SC"],
        isDefault: true,
        createdAt: now,
        updatedAt: now,
      },
      {
        name: "Sunrise Closing Services, Inc.",
        contactName: "Marcus Ortega",
        email: "escrow@sunrise-closing.example.com",
        phone: "(321) 555-0187",
        wireInstructions: SUNRISE_WIRE,
        statesServed: ["FL"],
        isDefault: false,
        createdAt: now,
        updatedAt: now,
      },
    ])
    .returning({ id: titleCompanies.id });
  const byCode = Object.fromEntries(
    (
      await tx
        .select({ id: resorts.id, code: resorts.code })
        .from(resorts)
        .where(inArray(resorts.code, ["HHI"]))
    ).map((r) => [r.code, r.id]),
  );
  const row = (
    companyId: number,
    fees: [number, number, number, number],
    at: { resortId?: number; state?: string },
  ) => ({
    companyId,
    resortId: at.resortId ?? null,
    state: at.state ?? null,
    closingFeeCents: dollars(fees[0]),
    recordingFeeCents: dollars(fees[1]),
    titleSearchCents: dollars(fees[2]),
    estoppelFeeCents: dollars(fees[3]),
    createdAt: now,
    updatedAt: now,
  });
  const rows = [
    // closing fee, recording, title search, estoppel
    row(magnolia.id, [295, 95, 150, 150], {}),
    row(magnolia.id, [395, 125, 250, 150], { state: "HI" }),
    row(sunrise.id, [275, 85, 175, 175], {}),
  ];
  if (byCode.HHI) rows.push(row(magnolia.id, [325, 110, 175, 150], { resortId: byCode.HHI }));
  await tx.insert(titleCompanyCosts).values(rows);
}
