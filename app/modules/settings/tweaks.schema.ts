import { defineSettings, type SectionOf, type SectionValues } from "~/modules/admin/settings";
import { formatNumber, formatPercent, formatPerPoint, formatPrice } from "~/lib/format";
import { MIN_PRICE_COMPARABLES } from "~/modules/listings/inventory-comparables";
import { LISTING_LIMITS } from "~/modules/listings/inventory.schema";
import { PAYER_OPTIONS } from "~/modules/offers/offers.schema";

/**
 * `/admin/tweaks` (SPEC section 2, "tweaks with sections for ... inactive users, my settings ..."): the site-wide
 * switches, declared once as settings of the admin engine (issue 30, decision 0064). Each key's range, default and
 * stored row are written here and nowhere else; the code each key governs reads it through `readSettings` /
 * `readSettingsSection` (app/modules/admin/settings.server.ts) or the thin readers of tweaks.server.ts.
 */
/** What the seller's suggested range is ("Pricing strategy"). */
export const PRICING_RANGES = [
  { value: "quartiles", label: "The middle half of the asking prices" },
  { value: "band", label: "A band around the median" },
] as const;

/** The twelve months by their short names, as the `use_years_membership_page` row keeps them ("Feb"). */
export const MONTH_OPTIONS = [
  { value: "Jan", label: "January" },
  { value: "Feb", label: "February" },
  { value: "Mar", label: "March" },
  { value: "Apr", label: "April" },
  { value: "May", label: "May" },
  { value: "Jun", label: "June" },
  { value: "Jul", label: "July" },
  { value: "Aug", label: "August" },
  { value: "Sep", label: "September" },
  { value: "Oct", label: "October" },
  { value: "Nov", label: "November" },
  { value: "Dec", label: "December" },
] as const;
export type MonthName = (typeof MONTH_OPTIONS)[number]["value"];
/** The resale use-year months (SPEC section 9, DOMAIN "Use year"): what the site offers until "Years" says otherwise. */
export const RESALE_USE_MONTHS = ["Feb", "Mar", "Apr", "Jun", "Aug", "Sep", "Oct", "Dec"] as const;
/** A month's number (1 for "Jan"). */
export const monthNumberOf = (name: string) => MONTH_OPTIONS.findIndex((m) => m.value === name) + 1;

/** "My settings": rows a page on the admin lists ("0": each list's own). The resource engine's page sizes. */
export const ADMIN_ROWS_PER_PAGE = [
  { value: "0", label: "Each list's own" },
  { value: "10", label: "10" },
  { value: "25", label: "25" },
  { value: "50", label: "50" },
  { value: "100", label: "100" },
] as const;
/** "My settings": the admin page an administrator lands on. */
export const ADMIN_HOME_PAGES = [
  { value: "offer-dashboard", label: "Offer dashboard" },
  { value: "dashboard", label: "Dashboard" },
] as const;

export const TWEAKS = defineSettings({
  id: "tweaks",
  title: "Tweaks",
  description: 'Site-wide switches, and your own preferences under "My settings". Each section saves on its own.',
  subject: "SiteSettings",
  sections: [
    {
      id: "inactive-users",
      title: "Inactive users",
      description:
        'A seller with active listings who has not been active for this many days appears in the header\'s "Inactive users" list. The list is rebuilt every night and right after you save.',
      keys: {
        days: {
          kind: "integer",
          name: "inactive_user_days",
          storage: "inactive_user_days",
          label: "Inactive after (days)",
          unit: "days",
          min: 7,
          max: 730,
          default: 90,
        },
      },
      // The staff module's queue (STAFF_QUEUES.inactiveUsersRefresh): the list is rebuilt now, not at the next night.
      afterSaveJob: "users.inactive-refresh",
      saved: (v) => `Inactive users period saved: ${v.days} days.`,
    },
    {
      id: "my-settings",
      title: "My settings",
      scope: "user",
      description:
        "Your own preferences as an administrator: they apply only when you are signed in, and every other administrator keeps their own.",
      keys: {
        rowsPerPage: {
          kind: "select",
          numeric: true,
          name: "my_rows_per_page",
          storage: "admin_rows_per_page",
          label: "Rows per page on admin lists",
          help: "A list's own page size choice (the menu above it) still wins for that visit.",
          options: ADMIN_ROWS_PER_PAGE,
          default: "0",
        },
        homePage: {
          kind: "select",
          name: "my_home_page",
          storage: "admin_home_page",
          label: "Page opened after signing in and from the logo",
          options: ADMIN_HOME_PAGES,
          default: "offer-dashboard",
        },
      },
      saved: (v) =>
        `My settings saved: ${Number(v.rowsPerPage) > 0 ? `${v.rowsPerPage} rows` : "each list's own number of rows"} a page; you land on the ${
          ADMIN_HOME_PAGES.find((p) => p.value === v.homePage)?.label.toLowerCase() ?? "offer dashboard"
        }.`,
    },
    {
      id: "security",
      title: "Security",
      keys: {
        requireAdminTwoFactor: {
          kind: "boolean",
          name: "require_admin_two_factor",
          storage: "require_admin_two_factor",
          label: "Require two-factor authentication for administrators",
          help: "When on, an administrator without two-factor authentication is asked to set it up before using the admin area.",
          default: false,
        },
      },
      saved: (v) =>
        v.requireAdminTwoFactor
          ? "Security saved: administrators must now use two-factor authentication."
          : "Security saved: two-factor authentication is optional for administrators.",
    },
    {
      id: "banking-reminder",
      title: "Banking reminder cron job",
      submitLabel: "Save banking reminder",
      description:
        "Every morning, sellers whose listings state current use-year points are mailed before their use year's banking deadline (the end of its eighth month), with the points they could still bank; those who turned text messages on are texted too. Each listing gets each reminder once a use year.",
      keys: {
        enabled: {
          kind: "boolean",
          name: "banking_reminder_enabled",
          storage: "banking_reminder_enabled",
          label: "Send banking reminders",
          default: true,
        },
        firstLeadDays: {
          kind: "integer",
          name: "banking_reminder_first_days",
          storage: "banking_reminder_first_days",
          label: "First reminder (days before the deadline)",
          unit: "days",
          min: 1,
          max: 180,
          default: 30,
        },
        secondLeadDays: {
          kind: "integer",
          name: "banking_reminder_second_days",
          storage: "banking_reminder_second_days",
          label: "Second reminder (days before the deadline, 0 for none)",
          unit: "days",
          min: 0,
          max: 179,
          default: 7,
        },
      },
      check: (v) =>
        Number(v.secondLeadDays) > 0 && Number(v.secondLeadDays) >= Number(v.firstLeadDays)
          ? {
              secondLeadDays:
                "The second reminder must come closer to the deadline than the first: enter fewer days, or 0.",
            }
          : null,
      saved: (v) =>
        v.enabled
          ? `Banking reminder saved: ${v.firstLeadDays} days${Number(v.secondLeadDays) > 0 ? ` and ${v.secondLeadDays} days` : ""} before the deadline.`
          : "Banking reminder saved: switched off.",
    },
    {
      id: "repost",
      title: "Repost",
      submitLabel: "Save repost",
      description:
        "Every morning, active listings not posted or reposted for this many days are reposted automatically (given today's date, as the Repost button does), up to the number of automatic reposts a listing may get. Reposts made on the Reposts screen do not count toward it.",
      keys: {
        enabled: {
          kind: "boolean",
          name: "auto_repost_enabled",
          storage: "auto_repost_enabled",
          label: "Repost listings automatically",
          default: false,
        },
        afterDays: {
          kind: "integer",
          name: "auto_repost_after_days",
          storage: "auto_repost_after_days",
          label: "Repost after (days since the last post or repost)",
          unit: "days",
          min: 1,
          max: 365,
          default: 30,
        },
        maxPerListing: {
          kind: "integer",
          name: "auto_repost_max_per_listing",
          storage: "auto_repost_max_per_listing",
          label: "Automatic reposts a listing may get",
          unit: "reposts",
          min: 1,
          max: 100,
          default: 3,
        },
        perRun: {
          kind: "integer",
          name: "auto_repost_per_run",
          storage: "auto_repost_per_run",
          label: "Listings reposted each morning, at most",
          unit: "listings",
          min: 1,
          max: 1000,
          default: 50,
        },
      },
      saved: (v) =>
        v.enabled
          ? `Repost saved: listings are reposted after ${v.afterDays} days, at most ${v.maxPerListing} times each, ${v.perRun} a morning at most.`
          : "Repost saved: automatic reposts are off.",
    },
    {
      id: "offers",
      title: "Offers and who pays",
      submitLabel: "Save offers",
      description:
        "How long an offer or a counter-offer stands before it expires (a reminder goes out halfway), how many open offers a buyer may have unless their account says otherwise, and who pays the current year's dues and the closing costs when an offer does not say.",
      keys: {
        expiryHours: {
          kind: "integer",
          name: "offer_expiry_hours",
          storage: "offer_expiry_hours",
          label: "An offer stands for (hours)",
          unit: "hours",
          min: 1,
          max: 336,
          default: 48,
        },
        allowedOffers: {
          kind: "integer",
          name: "offers_allowed_default",
          storage: "offers_allowed_default",
          label: "Open offers a buyer may have",
          unit: "offers",
          min: 0,
          max: 100,
          default: 5,
        },
        // By custom the buyer reimburses the current year's dues and pays the closing costs (DOMAIN.md).
        whoPaysDues: {
          kind: "select",
          name: "who_pays_dues",
          storage: "who_pays_dues",
          label: "Current year's dues paid by",
          options: PAYER_OPTIONS,
          default: "buyer",
          message: "Choose who pays the current year's dues: the buyer, the seller, or split evenly.",
        },
        whoPaysClosingCosts: {
          kind: "select",
          name: "who_pays_closing_costs",
          storage: "who_pays_closing_costs",
          label: "Closing costs paid by",
          options: PAYER_OPTIONS,
          default: "buyer",
          message: "Choose who pays the closing costs: the buyer, the seller, or split evenly.",
        },
      },
      saved: (v) =>
        `Offers saved: offers stand ${v.expiryHours} hours, ${v.allowedOffers} open offers a buyer by default.`,
    },
    {
      id: "agreement",
      title: "Agreement",
      description:
        "The deposit the buyer wires to the title company's escrow once both sides have signed: a percent of the price, never less than the minimum (nor more than the price), and the hours the buyer has to wire it. A reminder goes out halfway; at the deadline the administrators are told. Agreements already sent keep their deposit.",
      // DOMAIN.md: commonly 10%, at least $1,000, wired within 24-72 hours.
      keys: {
        depositPercent: {
          kind: "percent",
          decimals: 0,
          name: "deposit_percent",
          storage: "agreement_deposit_percent",
          label: "Deposit (percent of the price)",
          min: 1,
          max: 100,
          default: 10,
        },
        depositMinimumCents: {
          kind: "money",
          name: "deposit_minimum",
          storage: "agreement_deposit_minimum_cents",
          label: "Minimum deposit (dollars)",
          min: 0,
          max: 10_000_000,
          default: 100_000,
        },
        depositHours: {
          kind: "integer",
          name: "deposit_hours",
          storage: "agreement_deposit_hours",
          label: "Hours to wire it",
          unit: "hours",
          min: 1,
          max: 720,
          default: 72,
        },
      },
      saved: (v) => `Agreement saved: ${depositWords(v)}.`,
    },
    {
      id: "marketing",
      title: "Marketing",
      description:
        "How marketing campaigns are sent (/admin/marketing/emails): in batches of this many addresses, at most this many mails a minute. Unsubscribes are checked again before every batch.",
      keys: {
        batchSize: {
          kind: "integer",
          name: "marketing_batch_size",
          storage: "marketing_batch_size",
          label: "Addresses per batch",
          unit: "addresses",
          min: 1,
          max: 1000,
          default: 50,
        },
        perMinute: {
          kind: "integer",
          name: "marketing_per_minute",
          storage: "marketing_per_minute",
          label: "Mails a minute at most",
          unit: "mails",
          min: 1,
          max: 10_000,
          default: 200,
        },
      },
      saved: (v) =>
        `Marketing saved: batches of ${formatNumber(Number(v.batchSize))}, at most ${formatNumber(Number(v.perMinute))} mails a minute.`,
    },
    {
      id: "fees",
      title: "Admin fees",
      description:
        "What the closing statements use: the commission taken from the seller's proceeds (a seller's own adjusted commission in their settings wins), and the estoppel fee and the seller's closing fee when the title company's cost table gives none.",
      // DOMAIN.md: commission typically 6.9%-10%; estoppel fee about $150; the seller's closing about $200-$400.
      keys: {
        commissionPercent: {
          kind: "percent",
          decimals: 2,
          name: "commission_percent",
          storage: "admin_fee_commission_bps",
          label: "Commission (percent of the price)",
          min: 0,
          max: 25,
          default: 8,
        },
        commissionMinimumCents: {
          kind: "money",
          name: "commission_minimum",
          storage: "admin_fee_commission_minimum_cents",
          label: "Minimum commission",
          min: 0,
          max: 1_000_000,
          default: 0,
        },
        estoppelFeeCents: {
          kind: "money",
          name: "estoppel_fee",
          storage: "admin_fee_estoppel_cents",
          label: "Estoppel fee",
          min: 0,
          max: 200_000,
          default: 15_000,
        },
        sellerClosingFeeCents: {
          kind: "money",
          name: "seller_closing_fee",
          storage: "admin_fee_seller_closing_cents",
          label: "Seller's closing fee",
          min: 0,
          max: 500_000,
          default: 30_000,
        },
      },
      saved: (v) => `Admin fees saved: ${feeWords(v)}.`,
    },
    {
      id: "deal-meter",
      title: "Blog and good deal meter",
      submitLabel: "Save blog and good deal meter",
      description:
        "The good deal meter's words for a listing's score (0 to 100, 50 = priced at the median of comparable listings): the score each band starts at, highest first. The score's weights: the points a listing gains or loses for each spread (the middle half of comparable prices) below or above the median, the listings a resort needs before its own median is used, and the smallest spread as a percent of the median. Every score is recomputed right after you save. And the posts on each page of the blog.",
      keys: {
        greatFrom: {
          kind: "integer",
          name: "deal_great_from",
          storage: "deal_meter_great_from",
          label: '"Great value" from score',
          unit: "score points",
          min: 2,
          max: 100,
          default: 80,
        },
        goodFrom: {
          kind: "integer",
          name: "deal_good_from",
          storage: "deal_meter_good_from",
          label: '"Good value" from score',
          unit: "score points",
          min: 1,
          max: 99,
          default: 60,
        },
        fairFrom: {
          kind: "integer",
          name: "deal_fair_from",
          storage: "deal_meter_fair_from",
          label: '"Fair price" from score',
          unit: "score points",
          min: 1,
          max: 98,
          default: 40,
        },
        aboveFrom: {
          kind: "integer",
          name: "deal_above_from",
          storage: "deal_meter_above_from",
          label: '"Above market" from score (below it: "High price")',
          unit: "score points",
          min: 1,
          max: 97,
          default: 20,
        },
        scorePerSpread: {
          kind: "integer",
          name: "score_per_spread",
          storage: "score_points_per_spread",
          label: "Score points for each spread below or above the median",
          unit: "score points",
          min: 5,
          max: 50,
          default: 25,
        },
        minComparables: {
          kind: "integer",
          name: "score_min_comparables",
          storage: "score_min_comparables",
          label: "Listings a resort needs to be compared on its own",
          unit: "listings",
          min: 1,
          max: 20,
          default: 3,
        },
        minSpreadPercent: {
          kind: "percent",
          decimals: 0,
          name: "score_min_spread_percent",
          storage: "score_min_spread_percent",
          label: "Smallest spread (percent of the median)",
          min: 1,
          max: 50,
          default: 6,
        },
        blogPostsPerPage: {
          kind: "integer",
          name: "blog_posts_per_page",
          storage: "blog_posts_per_page",
          label: "Blog posts a page",
          unit: "posts",
          min: 3,
          max: 48,
          default: 9,
        },
      },
      // Bands start higher as they get better: each threshold above the next.
      check: (v) => {
        const refused: Record<string, string> = {};
        if (Number(v.fairFrom) <= Number(v.aboveFrom))
          refused.fairFrom = '"Fair price" must start above "Above market".';
        if (Number(v.goodFrom) <= Number(v.fairFrom)) refused.goodFrom = '"Good value" must start above "Fair price".';
        if (Number(v.greatFrom) <= Number(v.goodFrom))
          refused.greatFrom = '"Great value" must start above "Good value".';
        return Object.keys(refused).length ? refused : null;
      },
      // The listings module's queue (LISTINGS_QUEUES.recomputeScores): every stored score with the new weights.
      afterSaveJob: "listings.recompute-scores",
      saved: (v) =>
        `Blog and good deal meter saved: great value from ${v.greatFrom}, good from ${v.goodFrom}, fair from ${v.fairFrom}, above market from ${v.aboveFrom}; ${v.scorePerSpread} points a spread; scores are being recomputed; ${v.blogPostsPerPage} blog posts a page.`,
    },
    {
      id: "listing-info",
      title: "Listing info",
      description:
        "What a seller may list: the contract size and the asking price per point a new or edited listing must fall within (the listing form states them, and a listing outside them is refused). Listings already for sale keep their terms.",
      keys: {
        contractPointsMin: {
          kind: "integer",
          name: "listing_points_min",
          storage: "listing_contract_points_min",
          label: "Smallest contract (points)",
          unit: "points",
          min: LISTING_LIMITS.contractPointsMin,
          max: LISTING_LIMITS.contractPointsMax,
          default: LISTING_LIMITS.contractPointsMin,
        },
        contractPointsMax: {
          kind: "integer",
          name: "listing_points_max",
          storage: "listing_contract_points_max",
          label: "Largest contract (points)",
          unit: "points",
          min: LISTING_LIMITS.contractPointsMin,
          max: LISTING_LIMITS.contractPointsMax,
          default: LISTING_LIMITS.contractPointsMax,
        },
        priceMinCents: {
          kind: "money",
          name: "listing_price_min",
          storage: "listing_price_per_point_min_cents",
          label: "Lowest asking price per point (dollars)",
          min: LISTING_LIMITS.priceMin * 100,
          max: LISTING_LIMITS.priceMax * 100,
          default: LISTING_LIMITS.priceMin * 100,
        },
        priceMaxCents: {
          kind: "money",
          name: "listing_price_max",
          storage: "listing_price_per_point_max_cents",
          label: "Highest asking price per point (dollars)",
          min: LISTING_LIMITS.priceMin * 100,
          max: LISTING_LIMITS.priceMax * 100,
          default: LISTING_LIMITS.priceMax * 100,
        },
      },
      check: (v) => {
        const refused: Record<string, string> = {};
        if (Number(v.contractPointsMax) < Number(v.contractPointsMin))
          refused.contractPointsMax = "The largest contract cannot be smaller than the smallest.";
        if (Number(v.priceMaxCents) < Number(v.priceMinCents))
          refused.priceMaxCents = "The highest price per point cannot be lower than the lowest.";
        return Object.keys(refused).length ? refused : null;
      },
      saved: (v) =>
        `Listing info saved: contracts of ${v.contractPointsMin} to ${v.contractPointsMax} points, asking ${formatPerPoint(Number(v.priceMinCents))} to ${formatPerPoint(Number(v.priceMaxCents))}.`,
    },
    {
      id: "pricing-strategy",
      title: "Pricing strategy",
      description:
        "The price guidance on the seller's listing form: the listings for sale at the resort it needs before it shows a median and a suggested range, and what the suggested range is, the middle half of the asking prices or a band around their median.",
      keys: {
        minComparables: {
          kind: "integer",
          name: "pricing_min_comparables",
          storage: "pricing_min_comparables",
          label: "Listings needed for a suggested range",
          unit: "listings",
          min: 1,
          max: 20,
          default: MIN_PRICE_COMPARABLES,
        },
        range: {
          kind: "select",
          name: "pricing_range",
          storage: "pricing_range",
          label: "Suggested range",
          options: PRICING_RANGES,
          default: "quartiles",
        },
        bandPercent: {
          kind: "percent",
          decimals: 0,
          name: "pricing_band_percent",
          storage: "pricing_band_percent",
          label: "Band around the median (percent either side)",
          help: "Used when the suggested range is a band around the median.",
          min: 1,
          max: 50,
          default: 10,
        },
      },
      saved: (v) =>
        v.range === "band"
          ? `Pricing strategy saved: a suggested range of ${v.bandPercent}% either side of the median, from ${v.minComparables} listings.`
          : `Pricing strategy saved: the middle half of asking prices is the suggested range, from ${v.minComparables} listings.`,
    },
    {
      id: "chart-value",
      title: "Chart value",
      description:
        "What a point is worth in money on the vacation point calculator: a stay priced from the point chart is also shown at this rental value per point (what renting the points would cost). Zero hides the money figure.",
      keys: {
        valuePerPointCents: {
          kind: "money",
          name: "chart_value_per_point",
          storage: "chart_value_per_point_cents",
          label: "Value of a point (dollars)",
          help: "A typical rental price per point; DVC points rent for about $17 to $25.",
          min: 0,
          max: 10_000,
          default: 2_000,
        },
      },
      saved: (v) =>
        Number(v.valuePerPointCents) > 0
          ? `Chart value saved: the calculator values a point at ${formatPerPoint(Number(v.valuePerPointCents))}.`
          : "Chart value saved: the calculator shows points only.",
    },
    {
      id: "membership",
      title: "Membership",
      description:
        "What a listed membership (contract) may carry: whether a stripped contract (fewer current use-year points than the contract gives) may be listed, and how many banked points it may bring, as a multiple of its contract points. New and edited listings are checked against these.",
      keys: {
        allowStripped: {
          kind: "boolean",
          name: "membership_allow_stripped",
          storage: "membership_allow_stripped",
          label: "Allow stripped contracts",
          help: "When off, a listing must have all its current use-year points.",
          default: true,
        },
        bankedMaxMultiple: {
          kind: "integer",
          name: "membership_banked_max_multiple",
          storage: "membership_banked_max_multiple",
          label: "Banked points, at most (times the contract points)",
          unit: "times the contract",
          min: 0,
          max: 2,
          default: 2,
        },
      },
      saved: (v) =>
        `Membership saved: stripped contracts ${v.allowStripped ? "allowed" : "refused"}; banked points up to ${v.bankedMaxMultiple} times the contract.`,
    },
    {
      id: "contract",
      title: "Contract",
      description:
        "What the purchase agreement (contract section 1) says on the company's behalf. Contracts already sent for signature keep the text they were sent with; these apply to contracts drawn from now on.",
      keys: {
        companyAddress: {
          kind: "text",
          name: "contract_company_address",
          storage: "contract_company_address",
          label: "Company address printed on the contract",
          help: "The company's mailing address on one line, printed after its name in the opening paragraph. Empty: the name alone.",
          maxLength: 200,
          default: "",
          optional: true,
        },
        governingState: {
          kind: "text",
          name: "contract_governing_state",
          storage: "contract_governing_state",
          label: "Governing law (state)",
          help: "The state whose laws govern the agreement (clause 7). Disney Vacation Club resorts are Florida condominiums.",
          maxLength: 60,
          default: "Florida",
        },
        closingTargetDays: {
          kind: "integer",
          name: "contract_closing_target_days",
          storage: "contract_closing_target_days",
          label: "Target closing (days after the contract date)",
          help: 'When the agreement names no target closing date, the contract aims to close this many days after its date. 0: "as soon as practical".',
          unit: "days",
          min: 0,
          max: 365,
          default: 0,
        },
      },
      check: (v) =>
        String(v.governingState ?? "").trim() === ""
          ? { governingState: "Enter the state whose laws govern the agreement." }
          : null,
      saved: (v) =>
        `Contract saved: governed by the laws of ${v.governingState}; ${
          Number(v.closingTargetDays) > 0
            ? `closing aimed ${v.closingTargetDays} days after the contract date`
            : "closing as soon as practical"
        } when no date is agreed${v.companyAddress ? `; company address "${v.companyAddress}"` : ""}.`,
    },
    {
      id: "years",
      title: "Years",
      description:
        "The use-year months the site offers: the listing search's use-year filter, the months a seller may choose on the listing form, and the months the listing call returns. A listing already for sale keeps its month. Also the first year of the copyright line at the foot of every page.",
      keys: {
        useMonths: {
          kind: "multiselect",
          name: "use_years_membership_page",
          storage: "use_years_membership_page",
          label: "Use-year months offered",
          help: "Disney Vacation Club resale contracts have the February, March, April, June, August, September, October and December use years.",
          options: MONTH_OPTIONS,
          default: RESALE_USE_MONTHS,
          min: 1,
        },
        copyrightStartYear: {
          kind: "integer",
          name: "copyright_start_year",
          storage: "copyright_start_year",
          label: "Copyright from (year)",
          help: "The copyright line at the foot of every page runs from this year to the current one.",
          unit: "year",
          min: 1990,
          max: 2100,
          default: 2016,
        },
      },
      check: (v) =>
        Number(v.copyrightStartYear) > new Date().getUTCFullYear()
          ? { copyrightStartYear: "The copyright year cannot be later than this year." }
          : null,
      saved: (v) =>
        `Years saved: use-year months ${(v.useMonths as string[]).join(", ")}; copyright from ${v.copyrightStartYear}.`,
    },
  ],
});

export type Payer = (typeof PAYER_OPTIONS)[number]["value"];
export type OfferTweaks = SectionValues<SectionOf<typeof TWEAKS, "offers">>;
export type AgreementTweaks = SectionValues<SectionOf<typeof TWEAKS, "agreement">>;
export type MarketingTweaks = SectionValues<SectionOf<typeof TWEAKS, "marketing">>;
export type FeeTweaks = SectionValues<SectionOf<typeof TWEAKS, "fees">>;
export type BankingReminderTweaks = SectionValues<SectionOf<typeof TWEAKS, "banking-reminder">>;
export type RepostTweaks = SectionValues<SectionOf<typeof TWEAKS, "repost">>;
export type DealMeterTweaks = SectionValues<SectionOf<typeof TWEAKS, "deal-meter">>;
export type MySettings = SectionValues<SectionOf<typeof TWEAKS, "my-settings">>;
export type ContractTweaks = SectionValues<SectionOf<typeof TWEAKS, "contract">>;
export type YearsTweaks = SectionValues<SectionOf<typeof TWEAKS, "years">>;
export type ListingInfoTweaks = SectionValues<SectionOf<typeof TWEAKS, "listing-info">>;

/** The agreement section in words (its toast). */
function depositWords(t: Record<string, unknown>) {
  return `deposit ${t.depositPercent}% (at least ${formatPrice(Number(t.depositMinimumCents))}) within ${t.depositHours} hours`;
}

/** The admin fees section in words (its toast). */
function feeWords(t: Record<string, unknown>) {
  return `commission ${t.commissionPercent}% (at least ${formatPrice(Number(t.commissionMinimumCents))}), estoppel fee ${formatPrice(Number(t.estoppelFeeCents))}, seller's closing fee ${formatPrice(Number(t.sellerClosingFeeCents))}`;
}

/**
 * The site's commission as every page states it (the quick facts, the seller guides, the sign-up promise, the
 * commission text call): "8% of the price", with the minimum when one is set ("8% of the price, at least $1,500").
 * The closing statement charges the same figure (`applicableCommission`), so what is promised is what is taken.
 */
export function commissionWords(fees: Pick<FeeTweaks, "commissionPercent" | "commissionMinimumCents">): string {
  const minimum = fees.commissionMinimumCents > 0 ? `, at least ${formatPrice(fees.commissionMinimumCents)}` : "";
  return `${formatPercent(fees.commissionPercent)} of the price${minimum}`;
}
