/** Demo accounts and listings, seeded once on a first start with SEED_DEMO (the default outside production). */
export const DEMO_PASSWORD = "demopass";

export const DEMO_USERS = [
  { email: "admin@example.com", name: "Alex Admin", role: "admin", staffRole: "admin" },
  { email: "writer@example.com", name: "Wren Writer", role: "buyer", staffRole: "writer" },
  { email: "senior.writer@example.com", name: "Sam Senior", role: "buyer", staffRole: "senior_writer" },
  { email: "seller@example.com", name: "Sally Seller", role: "seller", staffRole: null },
  { email: "seller2@example.com", name: "Sean Seller", role: "seller", staffRole: null },
  { email: "buyer@example.com", name: "Bella Buyer", role: "buyer", staffRole: null },
  { email: "buyer2@example.com", name: "Ben Buyer", role: "buyer", staffRole: null },
] as const;

export const DEMO_BROKERS = [
  { name: "Magic Resale Partners", slug: "magic-resale-partners", website: "https://magic-resale.example" },
  {
    name: "Lakeside Timeshare Brokers",
    slug: "lakeside-timeshare-brokers",
    website: "https://lakeside-brokers.example",
  },
  { name: "Sunshine Points Exchange", slug: "sunshine-points-exchange", website: "https://sunshine-points.example" },
];

/** Resale $/point, July 2021 (DOMAIN.md), the centre of each resort's generated asking prices. */
export const RESALE_PRICE_PER_POINT: Record<string, number> = {
  AKV: 118,
  AUL: 108,
  BLT: 150,
  BCV: 146,
  BWV: 138,
  BRV: 99,
  CCV: 148,
  VGC: 227,
  VGF: 174,
  HHI: 70,
  OKW: 112,
  RIV: 145,
  SSR: 109,
  VB: 68,
  PVB: 160,
  VDH: 190,
  CFW: 180,
};

export const USE_MONTHS = [2, 3, 4, 6, 8, 9, 10, 12];
export const CONTRACT_SIZES = [25, 50, 75, 100, 120, 150, 160, 170, 175, 200, 220, 250, 270, 300, 350, 400];
export const DEMO_LISTING_COUNT = 300;

/** A small deterministic generator so every fresh start seeds the same listings. */
export function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
