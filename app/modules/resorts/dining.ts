/** What a dining place is (issue 31, table `resort_dining`): the resort page's dining tab groups by it, in this order. */
export const DINING_KINDS = ["table-service", "quick-service", "lounge"] as const;
export type DiningKind = (typeof DINING_KINDS)[number];

export const DINING_KIND_LABELS: Record<DiningKind, string> = {
  "table-service": "Table service",
  "quick-service": "Quick service",
  lounge: "Lounges",
};
