import { href } from "react-router";

/** The point calculator's address (issue 31: query names `resort`, `room`, `view`, `checkIn`, `checkOut`). */
export const POINT_CALCULATOR_PATH = href("/buying-vacation-point-calculator");

/** The point calculator for a resort's room: `/buying-vacation-point-calculator?resort=<slug>&room=<slug>`. */
export function pointCalculatorHref(resortSlug: string, roomSlug?: string): string {
  const q = new URLSearchParams({ resort: resortSlug });
  if (roomSlug) q.set("room", roomSlug);
  return `${POINT_CALCULATOR_PATH}?${q}`;
}
