import { defineSettings, type SectionOf, type SectionValues } from "~/modules/admin/settings";

/**
 * /admin/finance/settings (SPEC admin menu; issue 31): the payment calculator's starting values and the financing
 * page's disclaimer, a settings record of the admin engine (decision 0064). Read by /dvc-financing through
 * `getFinanceSettings`. Safe for the browser.
 */
export const FINANCE_SETTINGS = defineSettings({
  id: "finance-settings",
  title: "Finance settings",
  description: "What the payment calculator on the financing page starts with, and the note under it.",
  subject: "SiteSettings",
  sections: [
    {
      id: "calculator",
      title: "Payment calculator",
      submitLabel: "Save finance settings",
      description:
        "The rate, term and down payment the calculator on /dvc-financing starts with; a visitor can change each. The disclaimer is shown under the calculator and its result.",
      keys: {
        aprPercent: {
          kind: "percent",
          decimals: 2,
          name: "default_rate",
          storage: "finance_default_rate_bp",
          label: "Default interest rate (APR %)",
          min: 0,
          max: 40,
          default: 9.99,
        },
        termYears: {
          kind: "integer",
          name: "default_term",
          storage: "finance_default_term_years",
          label: "Default term (years)",
          unit: "years",
          min: 1,
          max: 30,
          default: 10,
        },
        downPaymentPercent: {
          kind: "percent",
          decimals: 0,
          name: "default_down",
          storage: "finance_default_down_percent",
          label: "Default down payment (%)",
          min: 0,
          max: 100,
          default: 10,
        },
        disclaimer: {
          kind: "text",
          name: "disclaimer",
          storage: "finance_disclaimer",
          label: "Disclaimer under the calculator",
          maxLength: 400,
          default:
            "An estimate for comparison only, not a loan offer. Rates, terms and approval are set by each lender; ask them for a quote.",
        },
      },
    },
  ],
});

export type FinanceSettings = SectionValues<SectionOf<typeof FINANCE_SETTINGS, "calculator">>;
