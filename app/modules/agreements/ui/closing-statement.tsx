import { formatPrice } from "~/lib/format";

type Line = { key: string; label: string; amountCents: number };

export type ClosingStatementView = {
  estimate: boolean;
  notes: string[];
  buyer: { lines: Line[]; totalDueCents: number; depositPaidCents: number; balanceToWireCents: number } | null;
  seller: { lines: Line[]; netProceedsCents: number } | null;
};

/** A side's statement: its lines and totals in a two-column table (amounts right-aligned, negatives with a minus). */
function SideTable({
  caption,
  lines,
  totals,
  testId,
}: {
  caption: string;
  lines: Line[];
  totals: { label: string; cents: number; strong?: boolean }[];
  testId: string;
}) {
  return (
    <table className="w-full border-collapse text-sm" data-testid={testId}>
      <caption className="pb-2 text-left font-semibold text-slate-900">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.key} className="border-t border-slate-200" data-line={l.key}>
            <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-800">
              {l.label}
            </th>
            <td className="py-1.5 text-right whitespace-nowrap tabular-nums text-slate-900" data-cents={l.amountCents}>
              {l.amountCents < 0 ? `−${formatPrice(-l.amountCents)}` : formatPrice(l.amountCents)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totals.map((t) => (
          <tr key={t.label} className="border-t-2 border-slate-300">
            <th
              scope="row"
              className={`py-1.5 pr-3 text-left ${t.strong ? "font-semibold" : "font-normal"} text-slate-900`}
            >
              {t.label}
            </th>
            <td
              className={`py-1.5 text-right whitespace-nowrap tabular-nums ${t.strong ? "font-semibold" : ""} text-slate-900`}
              data-total-cents={t.cents}
            >
              {t.cents < 0 ? `−${formatPrice(-t.cents)}` : formatPrice(t.cents)}
            </td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

/** The closing statement of the viewer's side (administrators: both), said to be an estimate until closing. */
export function ClosingStatementSection({ statement }: { statement: ClosingStatementView }) {
  return (
    <section aria-labelledby="statement-heading">
      <h2 id="statement-heading" className="text-lg font-semibold text-slate-900">
        Closing statement{statement.estimate ? " (estimate)" : ""}
      </h2>
      <ul className="mt-1 space-y-1 text-sm text-slate-700">
        {statement.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        {statement.buyer && (
          <SideTable
            caption="Buyer's side"
            testId="statement-buyer"
            lines={statement.buyer.lines}
            totals={[
              { label: "Total due", cents: statement.buyer.totalDueCents, strong: true },
              { label: "Less the deposit into escrow", cents: -statement.buyer.depositPaidCents },
              { label: "Balance to wire for closing", cents: statement.buyer.balanceToWireCents, strong: true },
            ]}
          />
        )}
        {statement.seller && (
          <SideTable
            caption="Seller's side"
            testId="statement-seller"
            lines={statement.seller.lines}
            totals={[{ label: "Net proceeds", cents: statement.seller.netProceedsCents, strong: true }]}
          />
        )}
      </div>
    </section>
  );
}
