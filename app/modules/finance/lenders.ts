/** The lenders' limits (the admin form's schema states them once, from here). Browser-safe. */
export const LENDER_LIMITS = {
  apr: { min: 0, max: 40 },
  years: { min: 1, max: 30 },
  minLoanCents: { max: 10_000_000 },
  down: { min: 0, max: 100 },
} as const;

/** A lender as /dvc-financing shows it. */
export type PublicLender = {
  id: number;
  name: string;
  website: string | null;
  phone: string | null;
  aprMinPercent: number;
  aprMaxPercent: number;
  termMinYears: number;
  termMaxYears: number;
  minLoanCents: number;
  downPaymentPercent: number;
  notes: string;
  isDemo: boolean;
};
