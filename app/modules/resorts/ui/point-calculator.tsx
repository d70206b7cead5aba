import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { formatPerPoint, formatPoints, formatPrice } from "~/lib/format";
import { formatCalendarDate, formatDateEastern } from "~/lib/format-dates";
import { emptyState } from "~/lib/facets/facets";
import { listingsHref, RESALE_SEARCH } from "~/modules/listings/listings-url";
import { DataTable, Section } from "~/modules/content/ui/content-page";
import type { CalculatorPage, CalculatorResult } from "../point-charts.server";

/** The calculator's address for a stay (a GET form's result: shareable). */
export function calculatorHref(q: { resort: string; room: string; view: string; checkIn: string; checkOut: string }) {
  return `${href("/buying-vacation-point-calculator")}?${new URLSearchParams(q).toString()}`;
}

/** The calculator's GET form: resort, room type, view, check-in, check-out. Works without JavaScript. */
export function PointCalculatorForm({ page, error }: { page: CalculatorPage; error: string | null }) {
  const q = page.query;
  const here = page.combos[q.resort] ?? [];
  const roomsHere = page.rooms.filter((r) => here.some((c) => c.startsWith(`${r.slug}/`)));
  const viewsHere = page.views.filter((v) => here.some((c) => c.endsWith(`/${v.slug}`)));
  return (
    <form
      method="get"
      action={href("/buying-vacation-point-calculator")}
      className="not-prose mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <SelectField id="calc-resort" label="Resort" name="resort" defaultValue={q.resort}>
          {page.resorts.map((r) => (
            <option key={r.slug} value={r.slug}>
              {r.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="calc-room"
          label="Room type"
          name="room"
          defaultValue={q.room}
          hint={roomsHere.length ? `At this resort: ${roomsHere.map((r) => r.name).join(", ")}.` : undefined}
        >
          {page.rooms.map((r) => (
            <option key={r.slug} value={r.slug}>
              {r.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="calc-view"
          label="View"
          name="view"
          defaultValue={q.view}
          hint={viewsHere.length ? `At this resort: ${viewsHere.map((v) => v.name).join(", ")}.` : undefined}
        >
          {page.views.map((v) => (
            <option key={v.slug} value={v.slug}>
              {v.name}
            </option>
          ))}
        </SelectField>
        <DateField id="calc-in" label="Check-in" name="checkIn" value={q.checkIn} />
        <DateField id="calc-out" label="Check-out" name="checkOut" value={q.checkOut} />
        <div className="flex items-end">
          <button type="submit" className={buttonClass("primary", "md", "w-full")}>
            Price the stay
          </button>
        </div>
      </div>
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      ) : null}
    </form>
  );
}

function DateField({ id, label, name, value }: { id: string; label: string; name: string; value: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        required
        className="block w-full rounded-md border border-slate-400 px-3 py-2 text-base shadow-sm"
      />
    </div>
  );
}

/** The priced stay: night by night, the total, comparisons and the contract size to buy. */
export function PointCalculatorResult({ result }: { result: CalculatorResult }) {
  const r = result;
  const nights = r.nights.length;
  const base = { room: r.room.slug, checkIn: r.checkIn, checkOut: r.checkOut };
  const listings = listingsHref({ ...emptyState(RESALE_SEARCH), resort: r.resort.code, points: r.listingsPoints });
  return (
    <>
      <Section id="nights" title="Points night by night">
        <p>
          A {r.room.name}, {r.view.name} view, at {r.resort.name}: {nights} {nights === 1 ? "night" : "nights"} from{" "}
          {formatCalendarDate(r.checkIn)} to {formatCalendarDate(r.checkOut)}
          {" takes "}
          <strong data-testid="stay-total">{formatPoints(r.total)}</strong>.
          {r.value ? (
            <>
              {" At "}
              {formatPerPoint(r.value.perPointCents)}, a typical rental price, these points are worth about{" "}
              <strong data-testid="stay-value">{formatPrice(r.value.totalCents)}</strong>.
            </>
          ) : null}
        </p>
        <DataTable
          caption={`Points per night, ${r.resort.name}, ${r.room.name}, ${r.view.name} view`}
          head={["Night of", "Day", "Season", "Points"]}
          numeric={[3]}
          rows={[
            ...r.nights.map((n) => [
              formatCalendarDate(n.date),
              `${n.weekday}${n.weekend ? " (weekend)" : ""}`,
              n.seasonName,
              String(n.points),
            ]),
            [<strong key="t">Total</strong>, "", "", <strong key="p">{r.total}</strong>],
          ]}
        />
      </Section>

      <Section id="contract" title="The contract to buy for this stay every year">
        <p>
          To take this stay once a year without borrowing, a contract needs at least {formatPoints(r.total)} a year.
          Resale contracts are listed in steps of 25 points, so look for about{" "}
          <strong data-testid="contract-size">{formatPoints(r.contractSize)}</strong> at {r.resort.name}.
        </p>
        <p>
          <Link to={listings} className={buttonClass("primary", "md", "no-underline! text-white!")}>
            See {r.resort.code} listings of {r.listingsPoints.min}-{r.listingsPoints.max} points
          </Link>
        </p>
      </Section>

      <Section id="views" title="The same stay in other views">
        <DataTable
          caption={`The same nights in each view of a ${r.room.name} at ${r.resort.name}`}
          head={["View", "Points for the stay"]}
          numeric={[1]}
          rows={r.otherViews.map((v) => [
            v.viewSlug === r.view.slug ? (
              `${v.viewName} (this stay)`
            ) : (
              <Link key={v.viewSlug} to={calculatorHref({ ...base, resort: r.resort.slug, view: v.viewSlug })}>
                {v.viewName}
              </Link>
            ),
            v.total === null ? "No chart for these dates" : String(v.total),
          ])}
        />
      </Section>

      <Section id="resorts" title="The same stay at other resorts">
        {r.otherResorts.length ? (
          <DataTable
            caption={`The same nights in a ${r.room.name} at other resorts, each in its lowest-priced view`}
            head={["Resort", "View", "Points for the stay"]}
            numeric={[2]}
            rows={r.otherResorts.map((o) => [
              <Link key={o.resortSlug} to={calculatorHref({ ...base, resort: o.resortSlug, view: o.viewSlug })}>
                {o.resortName}
              </Link>,
              o.viewName,
              o.total === null ? "No chart for these dates" : String(o.total),
            ])}
          />
        ) : (
          <p>No other resort has a {r.room.name}.</p>
        )}
      </Section>

      <Section id="method" title="How we count">
        <p>
          Each night is priced on its own: its date falls in one of the resort's seasons for that year, and the{" "}
          {r.chartYears.join(" and ")} chart gives the room and view's points for that season, one figure for Sunday to
          Thursday nights and a higher one for Friday and Saturday nights. The stay's points are the sum of its nights.
          The contract size is the stay's points rounded up to the next 25 points.
        </p>
        <p data-testid="chart-source">
          {r.demo
            ? `Demo chart: these point charts are demonstration data shaped like Disney Vacation Club's published charts, not the published charts themselves; check the official chart before you book or buy.`
            : "From the point charts as published, entered by our staff."}
          {r.dataDate ? ` Chart data as of ${formatDateEastern(r.dataDate)}.` : ""}
        </p>
      </Section>
    </>
  );
}
