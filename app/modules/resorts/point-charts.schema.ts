import { z } from "zod";
import { int, optionalId } from "~/lib/fields";

/** "Copy a year to the next" on the season ranges (decision 0073): the year, and one resort or every resort. */
export const CopyYearSchema = z.object({
  year: int({ min: 2000, max: 2099, message: "Enter the year to copy, like 2026." }),
  resort_id: optionalId("Choose one of the resorts, or leave it as every resort."),
});
export type CopyYear = z.infer<typeof CopyYearSchema>;

const slug = (what: string) =>
  z
    .string()
    .trim()
    .max(80, `Choose a ${what} from the list.`)
    .regex(/^[a-z0-9-]*$/, `Choose a ${what} from the list.`)
    .optional()
    .transform((v) => v || undefined);
const day = (what: string) =>
  z
    .string()
    .trim()
    .max(10)
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, `Enter the ${what} date as YYYY-MM-DD.`)
    .optional()
    .transform((v) => v || undefined);

/** The calculator's query string: resort, room and view slugs, check-in and check-out dates (all optional). */
export const CalculatorQuerySchema = z.object({
  resort: slug("resort"),
  room: slug("room type"),
  view: slug("view"),
  checkIn: day("check-in"),
  checkOut: day("check-out"),
});
export type CalculatorQuery = z.infer<typeof CalculatorQuerySchema>;
