import { rows as core } from "./core.rows";
import type { RouteAccessRow } from "./types";

/** Every area's rows; add an area's file here. */
export const rows: RouteAccessRow[] = [...core];
