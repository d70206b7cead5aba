import { href } from "react-router";
import { ChipLinks, FacetPanel } from "~/components/ui/facet-panel";
import { CheckboxGroup } from "~/components/ui/multi-select";
import { RangeField, rangeChips } from "~/components/ui/range-slider";
import { applyChange, type Range } from "~/lib/facets/facets";
import {
  type ListingsBounds,
  type ListingsQuery,
  listingsHref,
  RESALE_SEARCH,
  USE_YEAR_MONTHS,
  USE_YEAR_NAMES,
  LISTING_STATES_SHOWN,
} from "../listings-url";

const STATES = Object.keys(LISTING_STATES_SHOWN) as (keyof typeof LISTING_STATES_SHOWN)[];

export type FilterChoices = {
  resorts: { code: string; name: string; count: number }[];
  brokers: { id: number; name: string }[];
  bounds: ListingsBounds;
  /** The use-year months the site offers (/admin/tweaks "Years"); a month the query names is shown too. */
  useYears?: string[];
};

type RangeKey = "points" | "pricePerPoint" | "price" | "score" | "pointPercentage";
const RANGES: { key: RangeKey; title: string; noun: string; unit: "" | "$" | "%"; step: number }[] = [
  { key: "points", title: "Contract points", noun: "contract points", unit: "", step: 1 },
  { key: "pricePerPoint", title: "Price per point", noun: "price per point", unit: "$", step: 1 },
  { key: "price", title: "Total price", noun: "total price", unit: "$", step: 500 },
  { key: "score", title: "Score (0-100)", noun: "score", unit: "", step: 1 },
  {
    key: "pointPercentage",
    title: "Current-year points (%)",
    noun: "current-year points percentage",
    unit: "%",
    step: 1,
  },
];

/**
 * The resale filter panel (the kit's FacetPanel): sort, page size and resort, a slider for each range with
 * its quick choices, use years and brokers. A change of a filter, a quick choice included, keeps the sort the visitor
 * chose and goes back to page 1 (decision 0050).
 */
export function ListingsFilters({ query, choices }: { query: ListingsQuery; choices: FilterChoices }) {
  const bandHref = (key: RangeKey, range: Range | null) =>
    listingsHref(applyChange(RESALE_SEARCH, query, { ...query, [key]: range }));
  const monthNames = USE_YEAR_NAMES.filter((m) => query.useYears.includes(USE_YEAR_MONTHS[m]));
  return (
    <FacetPanel
      search={RESALE_SEARCH}
      state={query}
      bounds={choices.bounds}
      action={href("/listings")}
      clearHref="/listings"
      perPageLabel="Listings per page"
      choice={{
        name: "resort",
        label: "Resort",
        all: "All resorts",
        options: choices.resorts.map((r) => ({ value: r.code, label: `${r.name} (${r.count})` })),
      }}
    >
      {RANGES.map(({ key, title, noun, unit, step }) => {
        const { param, bands } = RESALE_SEARCH.facets[key];
        return (
          <RangeField
            key={key}
            name={param}
            title={title}
            noun={noun}
            unit={unit}
            step={step}
            slider
            value={query[key]}
            bounds={choices.bounds[key] ?? null}
          >
            {bands ? (
              <ChipLinks
                label={`Quick ${title.toLowerCase()} choices`}
                items={rangeChips(bands, query[key], (range) => bandHref(key, range))}
              />
            ) : null}
          </RangeField>
        );
      })}

      <CheckboxGroup
        legend="Use year"
        name="uy"
        layout="grid"
        options={USE_YEAR_NAMES.filter(
          (m) => (choices.useYears ?? USE_YEAR_NAMES).includes(m) || monthNames.includes(m),
        ).map((m) => ({ value: m, label: m }))}
        checked={monthNames}
      />

      <CheckboxGroup
        legend="Also show"
        name="status"
        options={[
          { value: "under-contract", label: "Under contract" },
          { value: "sold", label: "Sold in the last year" },
        ]}
        checked={STATES.filter((s) => query.status.includes(LISTING_STATES_SHOWN[s]))}
      />

      {choices.brokers.length > 0 ? (
        <CheckboxGroup
          legend="Broker"
          name="broker"
          options={choices.brokers.map((b) => ({ value: String(b.id), label: b.name }))}
          checked={query.brokers.map(String)}
        />
      ) : null}
    </FacetPanel>
  );
}
