import { Form } from "react-router";
import { EARLIEST } from "~/modules/agreements/tax-rates";
import { formatPercent, formatPrice } from "~/lib/format";
import { Calculation, DataTable } from "~/modules/content/ui/content-page";
import type { WithholdingQuery } from "../withholding-calculator";
import { ratesOf } from "../withholding-calculator";
import { CalcErrors, CalcField, CalcSubmit } from "./calc-field";

const box = "h-5 w-5 shrink-0 rounded border-slate-400 text-sky-800 focus:outline-2 focus:outline-sky-700";

/**
 * The FIRPTA / HARPTA calculator (issue 31): a GET form (price, closing date, Aulani, foreign seller, not a Hawaii
 * resident) and the server's result, both taxes when both apply. Works without JavaScript; the result is a URL.
 */
export function WithholdingCalculator({ action, query }: { action: string; query: WithholdingQuery }) {
  const f = query.form;
  const errors = query.state === "invalid" ? query.errors : {};
  return (
    <div>
      <CalcErrors errors={errors} />
      <Form method="get" action={action} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Withholding calculator">
        <input type="hidden" name="calc" value="1" />
        <CalcField
          name="price"
          label="Sale price"
          prefix="$"
          value={f.price}
          error={errors.price}
          hint="The contract's total price."
        />
        <CalcField
          name="date"
          label="Closing date"
          type="date"
          value={f.date}
          error={errors.date}
          hint="The rate in force on this date applies."
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-900">The sale</legend>
          <div className="mt-2 grid gap-2">
            <label className="flex items-center gap-2 text-base text-slate-800">
              <input type="checkbox" name="aulani" value="on" defaultChecked={f.aulani} className={box} />
              The contract is at Aulani (Hawaii)
            </label>
            <label className="flex items-center gap-2 text-base text-slate-800">
              <input type="checkbox" name="foreign" value="on" defaultChecked={f.foreign} className={box} />
              The seller is a foreign person for US tax (FIRPTA)
            </label>
            <label className="flex items-center gap-2 text-base text-slate-800">
              <input type="checkbox" name="nonresident" value="on" defaultChecked={f.nonResident} className={box} />
              The seller is not a Hawaii resident (HARPTA, Aulani only)
            </label>
          </div>
        </fieldset>
        <div>
          <CalcSubmit>Calculate the withholding</CalcSubmit>
        </div>
      </Form>
      {query.state === "ok" ? (
        <div aria-live="polite" data-testid="withholding-result" className="mt-6">
          <Calculation
            lines={[
              { label: `Sale price, closing ${query.closingDate}`, value: formatPrice(query.priceCents) },
              ...query.lines.map((l) => ({
                label: `${l.kind}: ${formatPercent(l.percent)} of ${l.kind === "FIRPTA" ? "the gross price" : "the amount realised"} (${l.forms})`,
                value: <span data-testid={`withheld-${l.kind.toLowerCase()}`}>− {formatPrice(l.amountCents)}</span>,
              })),
              ...(query.lines.length === 0
                ? [
                    {
                      label: "Nothing is withheld: neither FIRPTA nor HARPTA applies to this sale",
                      value: formatPrice(0),
                    },
                  ]
                : []),
              { label: "Withheld in all", value: formatPrice(query.totalCents) },
              {
                label: "Paid to the seller before commission and closing costs",
                value: formatPrice(query.netCents),
                total: true,
              },
            ]}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The dated rates the calculator uses (and the agreements' closing statements), newest first. */
export function WithholdingRatesTable({ kind }: { kind: "FIRPTA" | "HARPTA" }) {
  const rows = ratesOf(kind);
  return (
    <DataTable
      caption={`${kind} rates the calculator uses (the same table as our closing statements)`}
      head={["Closing date", "Withheld"]}
      rows={rows.map((r, i) => [
        i === 0
          ? `On or after ${r.from}`
          : r.from === EARLIEST
            ? `Before ${rows[i - 1].from}`
            : `From ${r.from} to before ${rows[i - 1].from}`,
        `${formatPercent(r.percent)} of ${kind === "FIRPTA" ? "the gross price" : "the amount realised"}`,
      ])}
    />
  );
}
