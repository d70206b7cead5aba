import type { ContractInput, ContractResort, SignatureStamp } from "~/modules/contracts/contracts.types";

/** A small drawn signature (a PNG as signature_pad gives it: a dark stroke on a transparent background). */
export const SIGNATURE_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAPAAAAA8CAYAAABYfzddAAACHUlEQVR42u3dyXHDMAxAUXegNlxT+u8DufjozCg2F4B4h3/LJFzwBYoklMf1/HkAqIlBAAgMgMAACAwQGACBARAYAIEBAgMgMICuAscLkwgCFxaYxCCwLIzJD1kPXALLwoWlJTOBZeHD5CUygYcGgeAaL+43P4smx0ifBoBMMUdeD0wCT83CMQDBM25MjK+LHLcm/hMxibxuA9HYEvjPiR8lIInn9p3Eja9Svpv0WZmza6Ct6jOJGwsci7JlN4lX95XEDYsZdryrdgi0XX20pCawbFG8byRuuISOhoF+cp9I3OQcmMTn9qWTxLfvJJyadbMs+dwzJ/HUy0WnvusGiY8tEjlF4hE3AqNisN2dwN19qhpkVdpdcXyHX9etVCHy3/YFibW3iLRfbWJlv8A/ouJFkPVYMUQhcYfvQmeryBnxd4PELT6OEFfeI6+p7cr2eZQZvz9LYFbYGHIPoNhx5s4C+FUPhiBxy7Pr3SvFJeO5dQt8YeezCRzkLS1ymr2iVGdaEwcgSNyuCGPWq1iqTd4MZ14dl68umuTfDS7xeSVfkujZns4fIsi8UiRwscDtvhKpJrNqJFl4a5uU5BV4ryWwoxzyqgeWhQ9pl2J4AsvCRW8TkZfAsnBRiclLYFm4cAUWeQksCxepavGvXwgsCx92binACSwLF5RYYBNYFm50SR8EBkBgAAQGCAyAwAAIDIDAAIEBEBgAgYHG/AKoLC/5EXg9LwAAAABJRU5ErkJggg==";

/** A realistic contract: 160 AKV points, December use year, $125 a point, 10% deposit, a Florida title company. */
export function contractInput(
  opts: {
    firstSentence?: string | null;
    resort?: ContractResort;
    signatures?: Partial<Record<"buyer" | "seller", SignatureStamp>>;
  } = {},
): ContractInput {
  return {
    agreementId: 42,
    contractDate: new Date("2026-03-02T12:00:00Z"),
    buyer: {
      legalNames: ["Daniel R. Okafor", "Amara N. Okafor"],
      address: "1180 Peachtree Street NE, Atlanta, GA 30309",
      email: "buyer@example.test",
      deedNames: ["Daniel R. Okafor", "Amara N. Okafor"],
    },
    seller: {
      legalNames: ["Margaret A. Lindqvist"],
      address: "42 Harbor View Road, Portland, ME 04101",
      firstSentenceOfContract: opts.firstSentence ?? null,
      declared: { foreign: false, stateResident: null },
    },
    resort: opts.resort ?? {
      code: "AKV",
      name: "Animal Kingdom Villas",
      location: "Walt Disney World, FL",
      contractEndYear: 2057,
    },
    terms: {
      points: 160,
      useMonth: 12,
      pointsPerUseYear: [
        { label: "2025 use year (banked)", points: 40 },
        { label: "2026 use year (current)", points: 160 },
        { label: "2027 use year (next)", points: 160 },
      ],
      pricePerPointCents: 12_500,
      totalCents: 2_000_000,
      depositCents: 200_000,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      financing: "cash",
      targetClosingDate: "2026-05-15",
    },
    titleCompany: {
      name: "Sunshine Title & Escrow, LLC",
      contactName: "Rosa Delgado",
      email: "closings@sunshinetitle.example",
      phone: "(407) 555-0142",
      wireInstructions:
        "Bank: First Harbor Bank, Orlando, FL\nRouting number: 063000021\nAccount name: Sunshine Title & Escrow Trust Account\nAccount number: 4471 2290 1183\nReference: VPM-000042 and the buyer's last name",
      fees: { closingFeeCents: 29_500, recordingFeeCents: 3_500, titleSearchCents: 15_000, estoppelFeeCents: 15_000 },
    },
    signatures: opts.signatures,
  };
}
