/**
 * Reference data from DOMAIN.md: the resorts, listing statuses, the site settings and the menus.
 * Seeded once (insert-if-missing); afterwards the admin owns it.
 */
import { href } from "react-router";
import { formatPerPoint } from "~/lib/format";
export const LISTING_STATUSES = [
  { id: 1, name: "pending" },
  { id: 3, name: "active" },
  { id: 5, name: "under contract" },
  { id: 7, name: "sold" },
  { id: 9, name: "deactivated" },
] as const;

type ResortSeed = {
  code: string;
  name: string;
  slug: string;
  location: string;
  contractEndYear: number | null;
  extendedEndYear?: number;
  endYearUnverified?: boolean;
  /** $/point per year (2022 figures grown ~4%/yr to 2026 where DOMAIN.md gives a 2022 figure). */
  dues: number | null;
  /** Where the dues figure comes from, as the public pages show it (null with no figure). */
  duesSource: string | null;
  summary: string;
  isInterval?: boolean;
};

/** The calendar year the seeded dues are for. */
export const SEED_DUES_YEAR = 2026;

/** The source of every seeded end year (DOMAIN.md: facts gathered from broker sites, owner forums and news sites). */
export const SEED_END_YEAR_SOURCE = "Contract end dates published by DVC resale brokers and owner forums";

/** The source shown with a 2026 figure grown from DOMAIN.md's 2022 dues. */
const from2022 = (dues2022Cents: number) =>
  `Our estimate, from the published 2022 dues of ${formatPerPoint(dues2022Cents)} raised about 4% a year`;

export const RESORTS: ResortSeed[] = [
  {
    code: "OKW",
    name: "Old Key West",
    slug: "old-key-west",
    location: "Walt Disney World, FL",
    contractEndYear: 2042,
    extendedEndYear: 2057,
    dues: 10.31,
    duesSource: from2022(881),
    summary:
      "The first Disney Vacation Club resort, with some of the largest villas in the program and a Key West theme along the Sassagoula River.",
  },
  {
    code: "BWV",
    name: "BoardWalk Villas",
    slug: "boardwalk-villas",
    location: "Walt Disney World (Epcot area)",
    contractEndYear: 2042,
    dues: 9.02,
    duesSource: "Our estimate (we have no published figure for this resort)",
    summary:
      "Villas above the BoardWalk promenade, a walk from Epcot's International Gateway and a boat ride to Disney's Hollywood Studios.",
  },
  {
    code: "BCV",
    name: "Beach Club Villas",
    slug: "beach-club-villas",
    location: "Walt Disney World (Epcot area)",
    contractEndYear: 2042,
    dues: 8.82,
    duesSource: from2022(754),
    summary:
      "New England seaside villas beside Stormalong Bay, the sand-bottom pool shared with the Yacht and Beach Club, steps from Epcot.",
  },
  {
    code: "BRV",
    name: "Boulder Ridge Villas at Wilderness Lodge",
    slug: "boulder-ridge-villas",
    location: "Walt Disney World",
    contractEndYear: 2042,
    dues: 9.54,
    duesSource: from2022(815),
    summary:
      "Formerly the Villas at Wilderness Lodge: a Pacific Northwest lodge on Bay Lake with boat service to Magic Kingdom.",
  },
  {
    code: "VB",
    name: "Vero Beach",
    slug: "vero-beach",
    location: "Vero Beach, FL",
    contractEndYear: 2042,
    dues: 13.97,
    duesSource: from2022(1194),
    summary: "An oceanfront resort on Florida's Atlantic coast, about two hours from Walt Disney World.",
  },
  {
    code: "HHI",
    name: "Hilton Head Island",
    slug: "hilton-head-island",
    location: "Hilton Head, SC",
    contractEndYear: 2042,
    dues: 11.78,
    duesSource: from2022(1007),
    summary:
      "A Lowcountry resort on Broad Creek with a private beach house on the Atlantic. Closings take longer here than at Florida resorts.",
  },
  {
    code: "SSR",
    name: "Saratoga Springs",
    slug: "saratoga-springs",
    location: "Walt Disney World (Disney Springs)",
    contractEndYear: 2054,
    dues: 8.58,
    duesSource: from2022(733),
    summary: "The largest DVC resort, across the lake from Disney Springs, including the Treehouse Villas.",
  },
  {
    code: "AKV",
    name: "Animal Kingdom Villas",
    slug: "animal-kingdom",
    location: "Walt Disney World",
    contractEndYear: 2057,
    dues: 9.64,
    duesSource: from2022(824),
    summary:
      "Jambo House and Kidani Village, with savanna views of giraffes, zebras and other animals from the balcony.",
  },
  {
    code: "BLT",
    name: "Bay Lake Tower",
    slug: "bay-lake-tower",
    location: "Walt Disney World (Magic Kingdom area)",
    contractEndYear: 2060,
    dues: 8.28,
    duesSource: from2022(708),
    summary:
      "A tower beside the Contemporary Resort with a walkway to Magic Kingdom and views of the park and Bay Lake.",
  },
  {
    code: "VGC",
    name: "Villas at Grand Californian",
    slug: "grand-californian",
    location: "Disneyland, CA",
    contractEndYear: 2060,
    endYearUnverified: true,
    dues: 8.75,
    duesSource: from2022(748),
    summary:
      "Arts-and-Crafts villas inside Disneyland Resort with a private entrance to Disney California Adventure. Among the highest resale prices.",
  },
  {
    code: "AUL",
    name: "Aulani",
    slug: "aulani",
    location: "Ko Olina, Oahu, HI",
    contractEndYear: 2062,
    endYearUnverified: true,
    dues: null,
    duesSource: null,
    summary:
      "Disney's Hawaiian resort on Oahu's Ko Olina coast. A non-resident seller faces HARPTA withholding at closing.",
  },
  {
    code: "VGF",
    name: "Villas at Grand Floridian",
    slug: "grand-floridian",
    location: "Walt Disney World",
    contractEndYear: 2064,
    dues: 8.2,
    duesSource: from2022(701),
    summary: "Victorian villas at Disney's flagship hotel on the monorail line, one stop from Magic Kingdom.",
  },
  {
    code: "PVB",
    name: "Polynesian Villas & Bungalows",
    slug: "polynesian-villas",
    location: "Walt Disney World",
    contractEndYear: 2066,
    dues: null,
    duesSource: null,
    summary:
      "Studios, overwater bungalows and, since December 2024, Island Tower, on the monorail loop facing Cinderella Castle.",
  },
  {
    code: "CCV",
    name: "Copper Creek Villas & Cabins",
    slug: "copper-creek",
    location: "Walt Disney World",
    contractEndYear: 2068,
    endYearUnverified: true,
    dues: 8.89,
    duesSource: from2022(760),
    summary: "Villas and lakefront cabins inside Wilderness Lodge, with boat service to Magic Kingdom.",
  },
  {
    code: "RIV",
    name: "Riviera",
    slug: "riviera",
    location: "Walt Disney World (Epcot/Skyliner)",
    contractEndYear: 2070,
    dues: 9.8,
    duesSource: from2022(838),
    summary:
      "A European-inspired resort on the Skyliner gondola to Epcot and Hollywood Studios. Resale contracts here book only Riviera.",
  },
  {
    code: "VDH",
    name: "Villas at Disneyland Hotel",
    slug: "disneyland-hotel-villas",
    location: "Disneyland, CA",
    contractEndYear: 2074,
    endYearUnverified: true,
    dues: null,
    duesSource: null,
    summary:
      "Villas in the Disneyland Hotel, a short walk from both Disneyland parks. Resale contracts here book only this resort.",
  },
  {
    code: "CFW",
    name: "Cabins at Fort Wilderness",
    slug: "cabins-at-fort-wilderness",
    location: "Walt Disney World",
    contractEndYear: 2075,
    dues: null,
    duesSource: null,
    summary: "Cabins in the pines of Fort Wilderness near Bay Lake. Resale contracts here book only these cabins.",
  },
  {
    code: "INT",
    name: "Interval Resorts",
    slug: "interval-resorts",
    location: "Exchange network",
    contractEndYear: null,
    dues: null,
    duesSource: null,
    isInterval: true,
    summary: "Other resorts reached through exchange rather than a Disney home-resort contract.",
  },
];

/**
 * Room types of the point charts (DOMAIN.md "Point charts"), with how many guests each sleeps at most.
 * Inserted when the rooms table is empty; afterwards the admin owns them.
 */
export const ROOMS = [
  { name: "Deluxe Studio", slug: "deluxe-studio", sleeps: 4 },
  { name: "One-Bedroom Villa", slug: "one-bedroom-villa", sleeps: 5 },
  { name: "Two-Bedroom Villa", slug: "two-bedroom-villa", sleeps: 9 },
  { name: "Three-Bedroom Grand Villa", slug: "three-bedroom-grand-villa", sleeps: 12 },
  { name: "Bungalow", slug: "bungalow", sleeps: 8 },
  { name: "Cabin", slug: "cabin", sleeps: 8 },
  { name: "Treehouse Villa", slug: "treehouse-villa", sleeps: 9 },
] as const;

const STUDIO_TO_GRAND_VILLA = ["deluxe-studio", "one-bedroom-villa", "two-bedroom-villa", "three-bedroom-grand-villa"];
const STUDIO_TO_TWO_BEDROOM = ["deluxe-studio", "one-bedroom-villa", "two-bedroom-villa"];

/**
 * Which resorts have which room types (DOMAIN.md resorts and point charts), by resort code and room slug: cabins
 * only at Fort Wilderness, cabins beside the villas at Copper Creek, bungalows at the Polynesian, treehouse villas
 * at Saratoga Springs; no grand villas at Beach Club, Boulder Ridge, Vero Beach or Hilton Head. The interval-resorts
 * entry has none. Inserted when `resort_rooms` is empty; afterwards the admin owns them
 * (/admin/vacation-point-calculator/rooms).
 */
export const RESORT_ROOMS: Record<string, readonly string[]> = {
  OKW: STUDIO_TO_GRAND_VILLA,
  BWV: STUDIO_TO_GRAND_VILLA,
  BCV: STUDIO_TO_TWO_BEDROOM,
  BRV: STUDIO_TO_TWO_BEDROOM,
  VB: STUDIO_TO_TWO_BEDROOM,
  HHI: STUDIO_TO_TWO_BEDROOM,
  SSR: [...STUDIO_TO_GRAND_VILLA, "treehouse-villa"],
  AKV: STUDIO_TO_GRAND_VILLA,
  BLT: STUDIO_TO_GRAND_VILLA,
  VGC: STUDIO_TO_GRAND_VILLA,
  AUL: STUDIO_TO_GRAND_VILLA,
  VGF: STUDIO_TO_GRAND_VILLA,
  PVB: [...STUDIO_TO_TWO_BEDROOM, "bungalow"],
  CCV: [...STUDIO_TO_GRAND_VILLA, "cabin"],
  RIV: STUDIO_TO_GRAND_VILLA,
  VDH: STUDIO_TO_GRAND_VILLA,
  CFW: ["cabin"],
};

export const DEFAULT_SETTINGS: Record<string, unknown> = {
  site_name: "Vacation Points Market",
  site_email: "hello@vacationpointsmarket.test",
  site_phone: "(800) 555-0142",
  site_phone_secondary: "(407) 555-0186",
  business_hours: [
    { label: "Mon-Sat", value: "9am-9pm Eastern" },
    { label: "Sun", value: "10am-6pm Eastern" },
  ],
  copyright_start_year: 2016,
  is_show_plane_banner: false,
  use_years_membership_page: ["Feb", "Mar", "Apr", "Jun", "Aug", "Sep", "Oct", "Dec"],
  featured_listings_count: 12,
};

export type MenuSeed = { menu: string; label: string; href: string; description?: string };

/** Only pages that exist. A later issue adds more through the admin. */
export const MENU_ITEMS: MenuSeed[] = [
  {
    menu: "buyers",
    label: "All listings",
    href: href("/listings"),
    description: "Search every contract for sale by resort, use year, points and price",
  },
  {
    menu: "buyers",
    label: "Broker listings",
    href: href("/broker-listings"),
    description: "Contracts listed by licensed resale brokers, one broker at a time",
  },
  {
    menu: "buyers",
    label: "Featured listings",
    href: `${href("/")}#featured`,
    description: "Contracts for sale right now, with points per use year",
  },
  {
    menu: "buyers",
    label: "Resale restrictions",
    href: href("/resale-restrictions"),
    description: "What resale points can and cannot book",
  },
  {
    menu: "buyers",
    label: "Annual dues",
    href: href("/dvc-annual-dues"),
    description: "Dues per point at every resort, and who pays at closing",
  },
  {
    menu: "buyers",
    label: "How DVC works",
    href: href("/how-dvc-works"),
    description: "Use years, banking, borrowing and booking windows",
  },
  {
    menu: "buyers",
    label: "Rentals",
    href: href("/rentals"),
    description: "Rent a confirmed DVC reservation by check-in date, nights, room type and price",
  },
  {
    menu: "buyers",
    label: "Resorts",
    href: href("/resorts"),
    description: "All 17 resorts and when their contracts end",
  },
  {
    menu: "sellers",
    label: "Fees of selling",
    href: href("/selling-fees-associated"),
    description: "Commission, estoppel and closing costs",
  },
  {
    menu: "sellers",
    label: "FIRPTA withholding",
    href: href("/dvc-firpta"),
    description: "Foreign sellers: 15% withheld at closing",
  },
  {
    menu: "sellers",
    label: "HARPTA withholding",
    href: href("/harpta"),
    description: "Aulani sellers who are not Hawaii residents",
  },
  {
    menu: "sellers",
    label: "List your contract",
    href: `${href("/sign-up")}?role=seller`,
    description: "Create a seller account and list your points",
  },
  { menu: "quick_facts", label: "About us", href: href("/about-us"), description: "Who we are and how we work" },
  {
    menu: "quick_facts",
    label: "How a resale closes",
    href: `${href("/how-dvc-works")}#closing`,
    description: "Offer, ROFR, estoppel, closing: 60-90 days",
  },
  { menu: "footer_buying", label: "Listings for sale", href: href("/listings") },
  { menu: "footer_buying", label: "Resale restrictions", href: href("/resale-restrictions") },
  { menu: "footer_buying", label: "Annual dues", href: href("/dvc-annual-dues") },
  { menu: "footer_buying", label: "How DVC works", href: href("/how-dvc-works") },
  { menu: "footer_buying", label: "Point calculator", href: href("/buying-vacation-point-calculator") },
  { menu: "footer_buying", label: "Buyer's checklist", href: "/dvc-checklist" },
  { menu: "footer_buying", label: "FAQs", href: "/faqs" },
  { menu: "footer_selling", label: "Fees of selling", href: href("/selling-fees-associated") },
  { menu: "footer_selling", label: "FIRPTA", href: href("/dvc-firpta") },
  { menu: "footer_selling", label: "HARPTA", href: href("/harpta") },
  // Issue 32: the appraisal and the seller pages written as pages-table rows (served by the catch-all page route).
  { menu: "footer_selling", label: "What is my contract worth", href: href("/selling/rvc") },
  { menu: "footer_selling", label: "How long to sell", href: "/selling-how-long-to-sell" },
  { menu: "footer_selling", label: "Compare brokers", href: "/compare-brokers" },
  { menu: "footer_rental", label: "Rentals", href: href("/rentals") },
  { menu: "footer_rental", label: "Resorts", href: href("/resorts") },
  { menu: "footer_rental", label: "Booking windows", href: `${href("/how-dvc-works")}#booking` },
  { menu: "footer_company", label: "About us", href: href("/about-us") },
  { menu: "footer_company", label: "Privacy policy", href: href("/privacy-policy") },
  { menu: "footer_company", label: "Terms and conditions", href: href("/terms-and-conditions") },
  { menu: "footer_company", label: "Blog", href: href("/blogs") },
  { menu: "footer_company", label: "Help centre", href: href("/help") },
  { menu: "footer_company", label: "Testimonials", href: href("/testimonials") },
  { menu: "footer_company", label: "Contact us", href: "/contact-us" },
  { menu: "footer_accreditations", label: "Licensed and insured broker", href: `${href("/about-us")}#licensing` },
  {
    menu: "footer_accreditations",
    label: "Escrow through licensed title companies",
    href: `${href("/about-us")}#escrow`,
  },
];

/**
 * SPEC section 3 "Quick facts", in menu order. "Listings for sale now" and "Contracts under contract" are counted
 * from the data (their value here is ignored); a fact with an empty value stays out of the menu until an
 * administrator fills it in at /admin/quick-facts.
 */
export const QUICK_FACTS = [
  {
    key: "mission_statement",
    title: "Our mission",
    value:
      "Make buying and selling a vacation-club resale contract as clear as buying a home: every listing priced per point with its dues, contract end and resale restrictions, every deal closed through escrow.",
    link: href("/about-us"),
  },
  { key: "available_listings", title: "Listings for sale now", value: "", link: href("/listings") },
  { key: "pending_closings", title: "Contracts under contract", value: "", link: `${href("/how-dvc-works")}#closing` },
  { key: "open_since", title: "Open since", value: "2016", link: href("/about-us") },
  {
    key: "licensed_insured_broker",
    title: "Licensed, insured broker",
    value: "Florida",
    link: `${href("/about-us")}#licensing`,
  },
  { key: "commission_rate", title: "Commission", value: "", link: href("/selling-fees-associated") },
  {
    key: "lowest_commission_guarantee",
    title: "Lowest commission guarantee",
    value: "We match a lower written quote",
    link: href("/selling-fees-associated"),
  },
  {
    key: "listing_agreement",
    title: "Listing agreement",
    value: "No long lock-in",
    link: href("/selling-fees-associated"),
  },
  { key: "employees", title: "Employees", value: "", link: href("/about-us") },
  { key: "bbb_rating", title: "BBB rating", value: "", link: null },
  { key: "former_guides", title: "Former Disney guides on staff", value: "", link: href("/about-us") },
  { key: "hundreds_of_millions_in_sales", title: "Sales closed", value: "", link: null },
  { key: "real_time_traffic", title: "Buyers browsing now", value: "", link: null },
];
