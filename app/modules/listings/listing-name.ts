import { formatPoints } from "~/lib/format";

/**
 * How a person names a listing in a list, a mail or a notification (issue 27): the resort and the points,
 * "Animal Kingdom Villas, 160 points", with the code after it when one is given ("…, 160 points (VPM-1042)").
 * Browser-safe; the code alone never names a listing to a person.
 */
export function listingName(l: { resortName: string; contractPoints: number; listingCode?: string | null }) {
  const name = `${l.resortName}, ${formatPoints(l.contractPoints)}`;
  return l.listingCode ? `${name} (${l.listingCode})` : name;
}
