import { href } from "react-router";
import { dollarsToCents } from "~/lib/money";
import { ChipLinks, FacetPanel, fieldClass } from "~/components/ui/facet-panel";
import { CheckboxGroup } from "~/components/ui/multi-select";
import { RangeField, rangeChips } from "~/components/ui/range-slider";
import { sameDays } from "~/lib/facets/days";
import { applyChange, clearedState } from "~/lib/facets/facets";
import { formatPrice } from "~/lib/format";
import { formatMonth } from "../rentals-constants";
import { checkInMonths, RENTAL_SEARCH, type RentalsBounds, type RentalsQuery, rentalsHref } from "../rentals-url";

export type RentalFilterChoices = {
  resorts: { code: string; name: string; count: number }[];
  rooms: { id: number; name: string; sleeps: number; count: number }[];
  brokers: { id: number; name: string }[];
  /** Bounds from the data (prices in dollars), shown as the range fields' placeholders. */
  bounds: RentalsBounds;
};

/**
 * The rental filter panel (the kit's FacetPanel): sort, page size and resort, check-in dates with the
 * coming months, nights and price per night with their quick choices, room types and brokers.
 */
export function RentalsFilters({
  query,
  choices,
  today,
}: {
  query: RentalsQuery;
  choices: RentalFilterChoices;
  today: string;
}) {
  const changed = (change: Partial<RentalsQuery>) =>
    rentalsHref(applyChange(RENTAL_SEARCH, query, { ...query, ...change }));
  const ppn = choices.bounds.pricePerNight;
  return (
    <FacetPanel
      search={RENTAL_SEARCH}
      state={query}
      bounds={choices.bounds}
      action={href("/rentals")}
      clearHref={rentalsHref(clearedState(RENTAL_SEARCH, query))}
      perPageLabel="Rentals per page"
      choice={{
        name: "resort",
        label: "Resort",
        all: "All resorts",
        options: choices.resorts.map((r) => ({ value: r.code, label: `${r.name} (${r.count})` })),
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Check-in</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
          {(["from", "to"] as const).map((end) => (
            <div key={end}>
              <label htmlFor={`f-checkin-${end}`} className="block text-xs text-slate-700">
                {end === "from" ? "From" : "To"}
              </label>
              <input
                id={`f-checkin-${end}`}
                name={`checkin_${end}`}
                type="date"
                defaultValue={query.checkIn?.[end] ?? ""}
                className={fieldClass}
              />
            </div>
          ))}
        </div>
        <ChipLinks
          label="Check-in month"
          items={[
            { key: "any", label: "Any date", href: changed({ checkIn: null }), active: query.checkIn === null },
            ...checkInMonths(today).map((m) => ({
              key: m.month,
              label: formatMonth(m.month),
              href: changed({ checkIn: m.range }),
              active: sameDays(query.checkIn, m.range),
            })),
          ]}
        />
      </fieldset>

      <RangeField
        name="nights"
        title="Nights"
        noun="nights"
        unit=""
        step={1}
        whole
        slider={false}
        value={query.nights}
        bounds={choices.bounds.nights ?? null}
      >
        <ChipLinks
          label="Quick nights choices"
          items={rangeChips(
            RENTAL_SEARCH.facets.nights.bands ?? [],
            query.nights,
            (nights) => changed({ nights }),
            (b) => `${b.label} nights`,
          )}
        />
      </RangeField>

      <RangeField
        name="ppn"
        title="Price per night"
        noun="price per night"
        unit="$"
        step={1}
        slider={false}
        value={query.pricePerNight}
        bounds={ppn ?? null}
      >
        <ChipLinks
          label="Quick price per night choices"
          items={rangeChips(RENTAL_SEARCH.facets.pricePerNight.bands ?? [], query.pricePerNight, (pricePerNight) =>
            changed({ pricePerNight }),
          )}
        />
        {ppn ? (
          <p className="mt-1 text-xs text-slate-700">
            From {formatPrice(dollarsToCents(ppn[0]))} to {formatPrice(dollarsToCents(ppn[1]))} a night.
          </p>
        ) : null}
      </RangeField>

      <CheckboxGroup
        legend="Room type"
        name="room"
        options={choices.rooms.map((r) => ({ value: String(r.id), label: r.name, count: r.count }))}
        checked={query.roomIds.map(String)}
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
