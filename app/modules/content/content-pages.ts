import { href } from "react-router";
/**
 * The product's guide pages: one list for the related-pages block, the sitemap and the
 * writers' workspace in the admin.
 */
export type ContentLink = { href: string; label: string; description: string };

export const CONTENT_PAGES: ContentLink[] = [
  {
    href: href("/how-dvc-works"),
    label: "How DVC works",
    description: "Use years, banking, borrowing, booking windows and how a resale closes.",
  },
  {
    href: href("/resale-restrictions"),
    label: "Resale restrictions",
    description: "What resale points can and cannot book, and which contracts are grandfathered.",
  },
  {
    href: href("/dvc-annual-dues"),
    label: "Annual dues",
    description: "Dues per point at every resort and how they are split at closing.",
  },
  {
    href: href("/resorts"),
    label: "Resorts",
    description: "All 17 resorts, when their contracts end and what dues they charge.",
  },
  {
    href: href("/selling-fees-associated"),
    label: "Fees of selling",
    description: "Commission, estoppel and closing costs, with a net-proceeds example.",
  },
  {
    href: href("/dvc-firpta"),
    label: "FIRPTA withholding",
    description: "Foreign sellers: 15% of the price withheld at closing.",
  },
  { href: href("/harpta"), label: "HARPTA withholding", description: "Aulani sellers who do not live in Hawaii." },
  {
    href: href("/about-us"),
    label: "About us",
    description: "Who we are, our licence and how escrow protects your deposit.",
  },
  {
    href: href("/privacy-policy"),
    label: "Privacy policy",
    description: "What data we collect, the cookies we set and your rights.",
  },
  {
    href: href("/terms-and-conditions"),
    label: "Terms and conditions",
    description: "The rules for listing, offering and closing through us.",
  },
];
