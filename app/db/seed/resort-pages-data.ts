import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { resortDining, resorts } from "~/db/schema";
import { claimSeedStep, hasRows } from "./seed-steps";

type Dining = [name: string, kind: "table-service" | "quick-service" | "lounge", description: string];
type ResortPageSeed = {
  /** WGS 84 degrees, to about 100 m (2 decimals, about 1 km, where only the area is certain). */
  lat: number;
  lng: number;
  opened: number;
  description: string;
  dining: Dining[];
};

/**
 * Issue 31 (decision 0074): where each resort is, the year its DVC villas opened, a short description and the
 * restaurants, quick-service spots and lounges at or beside it, from public sources (Disney's and the resorts' own
 * pages, news of the openings). Where a fact was not certain it is left out rather than guessed: Vero Beach and
 * Hilton Head list only the places we are sure of, and their positions are given to the area (2 decimals).
 */
export const RESORT_PAGES: Record<string, ResortPageSeed> = {
  OKW: {
    lat: 28.3727,
    lng: -81.5316,
    opened: 1991,
    description:
      "<p>The first Disney Vacation Club resort, opened in December 1991 on the Sassagoula River between Epcot and Disney Springs. Its villas are among the largest in the club, in Key West-style buildings spread around a golf course.</p><p>Boats run along the river to Disney Springs; buses serve the parks.</p>",
    dining: [
      ["Olivia's Cafe", "table-service", "Key West-inspired breakfast, lunch and dinner by the Hospitality House."],
      ["Good's Food to Go", "quick-service", "Counter service beside the main pool."],
      ["The Gurgling Suitcase", "lounge", "A small bar by Olivia's."],
    ],
  },
  BWV: {
    lat: 28.3677,
    lng: -81.5557,
    opened: 1996,
    description:
      "<p>Villas above the BoardWalk on Crescent Lake, opened in 1996, a walk from Epcot's International Gateway and a walk or boat ride from Disney's Hollywood Studios.</p>",
    dining: [
      ["Flying Fish", "table-service", "Seafood on the BoardWalk."],
      ["Trattoria al Forno", "table-service", "Italian breakfast and dinner on the BoardWalk."],
      ["Big River Grille & Brewing Works", "table-service", "A brewpub on the BoardWalk."],
      ["BoardWalk Deli", "quick-service", "Sandwiches and coffee on the BoardWalk."],
      ["Belle Vue Lounge", "lounge", "A quiet lounge in the BoardWalk Inn lobby."],
      ["AbracadaBar", "lounge", "A magic-themed bar on the BoardWalk."],
    ],
  },
  BCV: {
    lat: 28.3705,
    lng: -81.5577,
    opened: 2002,
    description:
      "<p>Villas beside Disney's Beach Club Resort on Crescent Lake, opened in 2002, with Stormalong Bay, the sand-bottomed pool shared with the Yacht Club, and a walk to Epcot's International Gateway.</p>",
    dining: [
      ["Cape May Cafe", "table-service", "Character breakfast and a seafood buffet at the Beach Club."],
      ["Beaches & Cream Soda Shop", "table-service", "Burgers and the Kitchen Sink sundae."],
      ["Beach Club Marketplace", "quick-service", "Counter service and groceries at the Beach Club."],
      ["Martha's Vineyard", "lounge", "A wine bar beside Cape May Cafe."],
    ],
  },
  BRV: {
    lat: 28.4081,
    lng: -81.5735,
    opened: 2000,
    description:
      "<p>Villas at Disney's Wilderness Lodge on Bay Lake, opened in 2000 as the Villas at Wilderness Lodge, with boats to Magic Kingdom.</p>",
    dining: [
      ["Whispering Canyon Cafe", "table-service", "All-you-care-to-eat skillets in the Lodge."],
      ["Story Book Dining at Artist Point with Snow White", "table-service", "A character dinner in the Lodge."],
      ["Roaring Fork", "quick-service", "Counter service by the Lodge's pool."],
      ["Geyser Point Bar & Grill", "quick-service", "Counter service and a bar on the lakeshore."],
      ["Territory Lounge", "lounge", "The Lodge's lobby-level bar."],
    ],
  },
  VB: {
    lat: 27.74,
    lng: -80.38,
    opened: 1995,
    description:
      "<p>A beach resort on Florida's Atlantic coast, opened in 1995, about two hours from Walt Disney World: a place for a beach holiday rather than the parks.</p>",
    dining: [
      ["Shutters", "table-service", "The resort's restaurant."],
      ["Green Cabin Room", "lounge", "The resort's bar."],
    ],
  },
  HHI: {
    lat: 32.19,
    lng: -80.74,
    opened: 1996,
    description:
      "<p>A Lowcountry resort on Longview Island off Broad Creek, opened in 1996, with a beach house on the Atlantic a short drive away.</p>",
    dining: [["Tide Me Over", "quick-service", "Counter service and groceries at the resort."]],
  },
  SSR: {
    lat: 28.3757,
    lng: -81.5152,
    opened: 2004,
    description:
      "<p>The largest DVC resort, opened in 2004 across the lake from Disney Springs, in the style of an upstate New York spa town; the Treehouse Villas followed in 2009. Walkways and boats lead to Disney Springs.</p>",
    dining: [
      ["The Turf Club Bar and Grill", "table-service", "American grill by the Carriage House."],
      ["The Artist's Palette", "quick-service", "Counter service and groceries by the lobby."],
      ["On the Rocks", "lounge", "The bar at the High Rock Spring pool."],
    ],
  },
  AKV: {
    lat: 28.3547,
    lng: -81.6025,
    opened: 2007,
    description:
      "<p>Villas in Jambo House (2007) and Kidani Village (2009) at Disney's Animal Kingdom Lodge, with savanna views of giraffes, zebras and other animals.</p>",
    dining: [
      ["Jiko – The Cooking Place", "table-service", "African-inspired dinner in Jambo House."],
      ["Boma – Flavors of Africa", "table-service", "A buffet in Jambo House."],
      ["Sanaa", "table-service", "African and Indian cooking with a savanna view, in Kidani Village."],
      ["The Mara", "quick-service", "Counter service in Jambo House."],
      ["Victoria Falls", "lounge", "A lounge overlooking Boma in Jambo House."],
    ],
  },
  BLT: {
    lat: 28.4158,
    lng: -81.5744,
    opened: 2009,
    description:
      "<p>A tower beside Disney's Contemporary Resort on Bay Lake, opened in 2009, a walk from Magic Kingdom and on the monorail.</p>",
    dining: [
      ["California Grill", "table-service", "On the Contemporary's top floor, over Magic Kingdom."],
      ["Chef Mickey's", "table-service", "A character buffet in the Contemporary's Grand Canyon Concourse."],
      ["Steakhouse 71", "table-service", "In the Contemporary."],
      ["Contempo Cafe", "quick-service", "Counter service in the Contemporary's Grand Canyon Concourse."],
      ["Top of the World Lounge", "lounge", "On the top floor of Bay Lake Tower."],
    ],
  },
  VGC: {
    lat: 33.809,
    lng: -117.9222,
    opened: 2009,
    description:
      "<p>Villas in Disney's Grand Californian Hotel & Spa at the Disneyland Resort, opened in 2009, with its own entrance to Disney California Adventure.</p>",
    dining: [
      ["Napa Rose", "table-service", "California cooking and wine in the hotel."],
      ["Storytellers Cafe", "table-service", "Breakfast and dinner in the hotel."],
      ["GCH Craftsman Grill", "quick-service", "Counter service by the pool."],
      ["Hearthstone Lounge", "lounge", "The hotel's lobby lounge."],
    ],
  },
  AUL: {
    lat: 21.34,
    lng: -158.1239,
    opened: 2011,
    description:
      "<p>Aulani, a Disney resort and spa at Ko Olina on Oahu's west coast, opened in 2011, with a lagoon beach, a lazy river and snorkelling pool.</p>",
    dining: [
      ["'Ama'ama", "table-service", "Dinner by the lagoon."],
      ["Makahiki", "table-service", "Breakfast, with Disney characters, and dinner."],
      ["Ka Wa'a", "table-service", "A lūʻau on the lawn."],
      ["Ulu Cafe", "quick-service", "Counter service by the pools."],
      ["'Olelo Room", "lounge", "A bar where the staff teach Hawaiian words."],
    ],
  },
  VGF: {
    lat: 28.4112,
    lng: -81.5879,
    opened: 2013,
    description:
      "<p>Villas at Disney's Grand Floridian Resort & Spa on the Seven Seas Lagoon, opened in 2013, on the monorail and a walk from Magic Kingdom.</p>",
    dining: [
      ["Victoria & Albert's", "table-service", "A tasting-menu restaurant in the main building."],
      ["Citricos", "table-service", "Mediterranean dinner."],
      ["Narcoossee's", "table-service", "Seafood on the lagoon."],
      ["1900 Park Fare", "table-service", "A character buffet."],
      ["Grand Floridian Cafe", "table-service", "Breakfast, lunch and dinner in the main building."],
      ["Gasparilla Island Grill", "quick-service", "Counter service by the marina."],
      ["Enchanted Rose", "lounge", "The lounge in the main building."],
    ],
  },
  PVB: {
    lat: 28.4056,
    lng: -81.5847,
    opened: 2015,
    description:
      "<p>Villas and over-water bungalows at Disney's Polynesian Village Resort on the Seven Seas Lagoon, opened in 2015; Island Tower opened in December 2024. On the monorail, across the lagoon from Magic Kingdom.</p>",
    dining: [
      ["'Ohana", "table-service", "Family-style dinner in the Great Ceremonial House."],
      ["Kona Cafe", "table-service", "Pacific-inspired breakfast, lunch and dinner."],
      ["Capt. Cook's", "quick-service", "Counter service, and Dole Whip, in the Great Ceremonial House."],
      ["Pineapple Lanai", "quick-service", "A walk-up window for Dole Whip."],
      ["Trader Sam's Grog Grotto", "lounge", "A tiki bar."],
    ],
  },
  CCV: {
    lat: 28.4085,
    lng: -81.5741,
    opened: 2017,
    description:
      "<p>Villas and lakeside cabins at Disney's Wilderness Lodge on Bay Lake, opened in 2017, sharing the Lodge's restaurants, pools and boats to Magic Kingdom.</p>",
    dining: [
      ["Whispering Canyon Cafe", "table-service", "All-you-care-to-eat skillets in the Lodge."],
      ["Story Book Dining at Artist Point with Snow White", "table-service", "A character dinner in the Lodge."],
      ["Roaring Fork", "quick-service", "Counter service by the Lodge's pool."],
      ["Geyser Point Bar & Grill", "quick-service", "Counter service and a bar on the lakeshore."],
      ["Territory Lounge", "lounge", "The Lodge's lobby-level bar."],
    ],
  },
  RIV: {
    lat: 28.3694,
    lng: -81.5477,
    opened: 2019,
    description:
      "<p>Disney's Riviera Resort, opened in December 2019, in the style of the European Riviera, on the Disney Skyliner gondolas to Epcot and Disney's Hollywood Studios.</p>",
    dining: [
      [
        "Topolino's Terrace – Flavors of the Riviera",
        "table-service",
        "A rooftop restaurant, with characters at breakfast.",
      ],
      ["Primo Piatto", "quick-service", "Counter service by the lobby."],
      ["Bar Riva", "lounge", "A poolside bar."],
      ["Le Petit Café", "lounge", "Coffee by day, wine by night."],
    ],
  },
  VDH: {
    lat: 33.8093,
    lng: -117.9255,
    opened: 2023,
    description:
      "<p>The Villas at Disneyland Hotel, opened in September 2023, a tower of the Disneyland Hotel, a walk from the parks through Downtown Disney.</p>",
    dining: [
      ["Goofy's Kitchen", "table-service", "A character buffet in the Disneyland Hotel."],
      ["Tangaroa Terrace Tropical Bar & Grill", "quick-service", "Counter service by the pools."],
      ["Trader Sam's Enchanted Tiki Bar", "lounge", "The hotel's tiki bar."],
    ],
  },
  CFW: {
    lat: 28.4045,
    lng: -81.5616,
    opened: 2024,
    description:
      "<p>The Cabins at Disney's Fort Wilderness Resort, opened in 2024 in the campground's woods on Bay Lake, with boats to Magic Kingdom.</p>",
    dining: [
      ["Trail's End Restaurant", "table-service", "Southern cooking at the Settlement."],
      ["Hoop-Dee-Doo Musical Revue", "table-service", "A dinner show in Pioneer Hall."],
      ["P&J's Southern Takeout", "quick-service", "Takeout at the Settlement."],
      ["Crockett's Tavern", "lounge", "The bar in Pioneer Hall."],
    ],
  },
};

const RESORT_PAGES_MARKER = "seed.resort_pages_seeded_at";

/**
 * Issue 31's resort page facts, once per database (a seed step of its own, so a database seeded before them gets them
 * too): fills the position, opening year and description where they are empty and adds the dining of a resort that
 * has none. Afterwards the admin owns them.
 */
export async function seedResortPages(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, RESORT_PAGES_MARKER))) return;
    const rows = await tx.select({ id: resorts.id, code: resorts.code }).from(resorts);
    const diningExists = await hasRows(tx, resortDining);
    for (const r of rows) {
      const page = RESORT_PAGES[r.code];
      if (!page) continue;
      await tx
        .update(resorts)
        .set({ latitude: page.lat, longitude: page.lng })
        .where(and(eq(resorts.id, r.id), isNull(resorts.latitude)));
      await tx
        .update(resorts)
        .set({ openingYear: page.opened })
        .where(and(eq(resorts.id, r.id), isNull(resorts.openingYear)));
      await tx
        .update(resorts)
        .set({ description: page.description })
        .where(and(eq(resorts.id, r.id), isNull(resorts.description)));
      if (!diningExists && page.dining.length) {
        await tx.insert(resortDining).values(
          page.dining.map(([name, kind, description], i) => ({
            resortId: r.id,
            name,
            kind,
            description,
            sortOrder: i + 1,
          })),
        );
      }
    }
  });
}
