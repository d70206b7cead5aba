import { Clock } from "lucide-react";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { formatAgreementNumber, formatTerms } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { timeLeft } from "./offer-ui";

export type WaitingItem = {
  key: string;
  title: string;
  what: string;
  /** ISO time of the deadline, or null when the step has none. */
  dueAt: string | null;
  noDeadline?: string;
  path: string;
  action: string;
};

/** The landing page's shape of `listWaitingOn`: offers first (soonest deadline first), then agreements. */
export function waitingItemsOf(w: {
  offers: {
    offerId: number;
    title: string;
    resortName: string;
    points: number;
    pricePerPointCents: number;
    totalCents: number;
    dueAt: string;
    path: string;
  }[];
  agreements: {
    agreementId: number;
    kind: "sign" | "deposit" | "addendum";
    title: string;
    resortName: string;
    points: number;
    pricePerPointCents: number;
    totalCents: number;
    dueAt: string | null;
    path: string;
  }[];
}): WaitingItem[] {
  return [
    ...w.offers.map((o) => ({
      key: `offer-${o.offerId}`,
      title: o.title,
      what: `${o.resortName}: ${formatTerms(o.points, o.pricePerPointCents, o.totalCents)}`,
      dueAt: o.dueAt,
      path: o.path,
      action: "Answer now",
    })),
    ...w.agreements.map((a) => ({
      key: `agreement-${a.agreementId}-${a.kind}`,
      title: a.title,
      what: `${a.resortName}: ${formatTerms(a.points, a.pricePerPointCents, a.totalCents)} (agreement ${formatAgreementNumber(a.agreementId)})`,
      dueAt: a.dueAt,
      noDeadline:
        a.kind === "deposit"
          ? "Due now"
          : "No deadline, but the deal waits for your signature: we remind you every 48 hours.",
      path: a.path,
      action: a.kind === "deposit" ? "See the wire instructions" : "Sign now",
    })),
  ];
}

/** "What waits on you": each step with its deadline and time left, linking to where it is done. */
export function WaitingList({ items }: { items: WaitingItem[] }) {
  if (items.length === 0) {
    return <p className="text-slate-700">Nothing waits on you right now. We email you as soon as something does.</p>;
  }
  return (
    <ul className="space-y-3" data-testid="waiting-list">
      {items.map((i) => {
        const left = i.dueAt ? timeLeft(i.dueAt) : null;
        return (
          <li
            key={i.key}
            className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-semibold text-slate-900">{i.title}</p>
              <p className="text-slate-800">{i.what}</p>
              <p className="flex items-center gap-1 text-sm text-amber-900">
                <Clock aria-hidden className="size-4 shrink-0" />
                {i.dueAt ? (
                  <span>
                    {left ? `${left} left` : "Overdue"}: until{" "}
                    <time dateTime={i.dueAt}>{formatDateTimeEastern(i.dueAt)}</time> Eastern
                  </span>
                ) : (
                  <span>{i.noDeadline}</span>
                )}
              </p>
            </div>
            <Link to={i.path} className={buttonClass("primary", "md", "shrink-0")}>
              {i.action}
              <span className="sr-only">: {i.title}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
