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

/**
 * One demo listing's random parts, drawn from `rand` in a fixed order (the seed's listings depend on it): the
 * contract size, an asking price within 12% of the resort's resale price (small contracts $10-15 a point more,
 * DOMAIN.md), loaded (extra banked points) in a quarter of cases, stripped or partly used current points in 30%,
 * days since posting and the use-year month. Pure, so the score's tests can score the same market the demo shows.
 */
export function drawDemoListing(rand: () => number, resortPricePerPoint: number) {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const points = pick(CONTRACT_SIZES);
  const smallPremium = points <= 100 ? 10 + Math.floor(rand() * 6) : 0;
  const pricePerPoint = Math.round(resortPricePerPoint * (0.88 + rand() * 0.24)) + smallPremium;
  const shape = rand();
  const prevYearPoints = shape < 0.25 ? Math.round(points * (0.2 + rand() * 0.8)) : 0;
  const currYearPoints = shape > 0.85 ? 0 : shape > 0.7 ? Math.round(points * rand()) : points;
  const postedDaysAgo = Math.floor(rand() * 120);
  const useMonth = pick(USE_MONTHS);
  return { points, pricePerPoint, prevYearPoints, currYearPoints, postedDaysAgo, useMonth };
}

/** Which of the demo listings (by index) are test listings, pending review, deactivated or a broker's. */
export function demoListingKind(i: number) {
  const isBroker = i % 5 === 4;
  const isTest = i % 47 === 2;
  const isPending = !isBroker && !isTest && i % 53 === 3;
  const isDeactivated = !isPending && i % 23 === 0;
  return { isBroker, isTest, isPending, isDeactivated };
}

/* Demo rentals: confirmed reservations offered for rent, spread over the resorts and room types. */
export const DEMO_RENTAL_COUNT = 120;

/** Room types each resort has (DOMAIN.md "Point charts"); the others have studios to grand villas. */
const RENTAL_ROOMS: Record<string, string[]> = {
  CFW: ["cabin"],
  PVB: ["deluxe-studio", "one-bedroom-villa", "two-bedroom-villa", "bungalow"],
  CCV: ["deluxe-studio", "one-bedroom-villa", "two-bedroom-villa", "three-bedroom-grand-villa", "cabin"],
  SSR: ["deluxe-studio", "one-bedroom-villa", "two-bedroom-villa", "three-bedroom-grand-villa", "treehouse-villa"],
  VB: ["deluxe-studio", "one-bedroom-villa", "two-bedroom-villa"],
  HHI: ["deluxe-studio", "one-bedroom-villa", "two-bedroom-villa"],
};
const STANDARD_ROOMS = ["deluxe-studio", "one-bedroom-villa", "two-bedroom-villa", "three-bedroom-grand-villa"];

/** View categories by resort; bungalows, cabins and treehouses have none. */
const RENTAL_VIEWS: Record<string, string[]> = {
  AKV: ["Standard View", "Savanna View", "Value"],
  BLT: ["Standard View", "Lake View", "Theme Park View"],
  VGF: ["Standard View", "Lake View", "Theme Park View"],
  BWV: ["Standard View", "Preferred View", "BoardWalk View"],
  PVB: ["Standard View", "Preferred View", "Theme Park View"],
  VB: ["Standard View", "Ocean View"],
  AUL: ["Standard View", "Island View", "Ocean View"],
  VGC: ["Standard View", "Garden/Pool View"],
};
const NO_VIEW_ROOMS = new Set(["bungalow", "cabin", "treehouse-villa"]);

/** Points for an average night of a mixed week in a middle season at a middle-priced resort. */
const ROOM_POINTS_PER_NIGHT: Record<string, number> = {
  "deluxe-studio": 13,
  "one-bedroom-villa": 26,
  "two-bedroom-villa": 36,
  "three-bedroom-grand-villa": 78,
  bungalow: 105,
  cabin: 45,
  "treehouse-villa": 42,
};
/** How much dearer (or cheaper) a night is at each resort than at a middle-priced one. */
const RESORT_POINT_FACTOR: Record<string, number> = {
  VGF: 1.3,
  VGC: 1.35,
  VDH: 1.3,
  BLT: 1.25,
  PVB: 1.25,
  BCV: 1.2,
  BWV: 1.15,
  RIV: 1.15,
  CCV: 1.1,
  BRV: 1.05,
  AUL: 1.05,
  AKV: 1,
  OKW: 0.9,
  SSR: 0.9,
  CFW: 0.9,
  HHI: 0.85,
  VB: 0.85,
};
/** Travel periods by check-in month, January first: holidays and spring break cost most, early autumn least. */
const SEASON_FACTOR = [0.85, 0.95, 1.15, 1.1, 0.95, 1, 1.05, 0.8, 0.75, 1, 0.95, 1.2];
const RENTAL_NIGHTS = [1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 7, 7, 7, 7, 8, 9, 10, 12, 14];

export type DemoRental = {
  listingCode: string;
  source: "member" | "broker";
  sellerId: string | null;
  brokerId: number | null;
  resortId: number;
  roomId: number;
  viewName: string | null;
  checkIn: string;
  nights: number;
  points: number;
  pricePerNightCents: number;
  listingStatusId: number;
  postedAt: Date;
};

/**
 * About 120 rentals checking in over the next 11 months from `now`: nights 1-14, points for the stay
 * from the room, resort and season, priced at $17-$25 a point (the usual DVC rental rate), so the price
 * per night is points per night x $/point in whole dollars. One in eight is a broker's, the rest the
 * demo sellers'; one in nineteen is deactivated.
 */
export function demoRentals(args: {
  now: Date;
  resorts: { id: number; code: string }[];
  rooms: { id: number; slug: string }[];
  sellerIds: string[];
  brokerIds: number[];
}): DemoRental[] {
  const { now, resorts, sellerIds, brokerIds } = args;
  const roomId = new Map(args.rooms.map((r) => [r.slug, r.id]));
  const rand = mulberry32(20261123);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const out: DemoRental[] = [];
  for (let i = 0; i < DEMO_RENTAL_COUNT; i++) {
    const resort = resorts[i % resorts.length];
    const roomSlugs = RENTAL_ROOMS[resort.code] ?? STANDARD_ROOMS;
    const room = roomSlugs[Math.floor(i / resorts.length) % roomSlugs.length];
    const checkIn = new Date(now.getTime() + (2 + Math.floor(rand() * 328)) * 86_400_000);
    const nights = pick(RENTAL_NIGHTS);
    const perNight =
      (ROOM_POINTS_PER_NIGHT[room] ?? 20) *
      (RESORT_POINT_FACTOR[resort.code] ?? 1) *
      (resort.code === "CCV" && room === "cabin" ? 2.2 : 1) *
      SEASON_FACTOR[checkIn.getUTCMonth()] *
      (0.88 + rand() * 0.24);
    const points = Math.max(nights, Math.round(perNight * nights));
    const dollarsPerPoint = 17 + Math.floor(rand() * 9);
    const isBroker = i % 8 === 3;
    const view = NO_VIEW_ROOMS.has(room)
      ? null
      : pick(RENTAL_VIEWS[resort.code] ?? ["Standard View", "Preferred View"]);
    out.push({
      listingCode: `RNT-${20001 + i}`,
      source: isBroker ? "broker" : "member",
      sellerId: isBroker ? null : sellerIds[i % sellerIds.length],
      brokerId: isBroker ? brokerIds[i % brokerIds.length] : null,
      resortId: resort.id,
      roomId: roomId.get(room) ?? args.rooms[0].id,
      viewName: view,
      checkIn: checkIn.toISOString().slice(0, 10),
      nights,
      points,
      pricePerNightCents: Math.round((points * dollarsPerPoint) / nights) * 100,
      listingStatusId: i % 19 === 7 ? 9 : 3,
      postedAt: new Date(now.getTime() - Math.floor(rand() * 45) * 86_400_000),
    });
  }
  return out;
}
