import { z } from "zod";
import { id, int } from "~/lib/fields";
import { defineSettings, type SectionValues } from "~/modules/admin/settings";
import { LISTING_LIMITS, USE_YEAR_MONTHS } from "~/modules/listings/inventory.schema";

/**
 * /admin/resorts/rvc (SPEC admin menu): the resale value calculator's own parameters, a settings screen of the admin
 * engine (decision 0077). The per-resort reference values per point are /admin/resorts/membership-values.
 */
export const RVC_SETTINGS = defineSettings({
  id: "rvc",
  title: "Resale value calculator",
  description:
    "How the resale value calculator (/selling/rvc) turns comparable listings, closed sales and the reference values per point into a value range. The listing score and the offer limits use the same comparison of listings.",
  subject: "ResortAdmin",
  sections: [
    {
      id: "appraisal",
      title: "Appraisal",
      submitLabel: "Save appraisal settings",
      storedAs: "rvc_settings",
      keys: {
        salesMonths: {
          kind: "integer",
          name: "sales_months",
          storage: "salesMonths",
          label: "Closed sales compared (months back)",
          unit: "months",
          min: 3,
          max: 36,
          default: 12,
        },
        minSales: {
          kind: "integer",
          name: "min_sales",
          storage: "minSales",
          label: "Fewest closed sales to compare with",
          unit: "sales",
          min: 1,
          max: 100,
          default: 5,
        },
        referenceMarginPercent: {
          kind: "percent",
          decimals: 0,
          name: "reference_margin",
          storage: "referenceMarginPercent",
          label: "Range around a reference value",
          help: "Used only when there are too few comparable listings and sales: the reference value per point plus or minus this share.",
          min: 1,
          max: 30,
          default: 8,
        },
        smallContractPremiumCents: {
          kind: "money",
          name: "small_contract_premium",
          storage: "smallContractPremiumCents",
          label: "Premium per point for contracts of 100 points or fewer (US dollars)",
          help: "Small contracts fetch $10-15 a point more (published resale reports). 0 for none.",
          min: 0,
          max: 5000,
          default: 1000,
        },
      },
      saved: () => "Resale value calculator settings saved.",
    },
  ],
});
export type RvcSettingsValues = SectionValues<(typeof RVC_SETTINGS)["sections"][0]>;

/** The calculator's GET form: resort, points, use year and the points of each use year (banked, current, next). */
export const RvcQuerySchema = z
  .object({
    resort: id("Choose a resort."),
    points: int({
      min: LISTING_LIMITS.contractPointsMin,
      max: LISTING_LIMITS.contractPointsMax,
      message: `Enter the contract's points, a whole number from ${LISTING_LIMITS.contractPointsMin} to ${LISTING_LIMITS.contractPointsMax}.`,
    }),
    useMonth: int({ min: 1, max: 12, message: "Choose the use-year month." }).refine(
      (m) => (USE_YEAR_MONTHS as readonly number[]).includes(m),
      "Choose one of the use-year months listed.",
    ),
    banked: int({ min: 0, max: LISTING_LIMITS.contractPointsMax * 2, message: "Enter the banked points, 0 or more." }),
    current: int({
      min: 0,
      max: LISTING_LIMITS.contractPointsMax,
      message: "Enter the current use year's points, 0 or more.",
    }),
    next: int({
      min: 0,
      max: LISTING_LIMITS.contractPointsMax,
      message: "Enter the next use year's points, 0 or more.",
    }),
  })
  .superRefine((v, ctx) => {
    if (v.banked > v.points * 2)
      ctx.addIssue({
        code: "custom",
        path: ["banked"],
        message: `Banked points can be at most twice the contract (${v.points * 2}).`,
      });
    for (const key of ["current", "next"] as const)
      if (v[key] > v.points)
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `A use year can hold at most the contract's ${v.points} points.`,
        });
  });
export type RvcQuery = z.infer<typeof RvcQuerySchema>;
