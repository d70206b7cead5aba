import { DataTable } from "~/components/ui/data-table";
import { formatDateTimeEastern } from "~/lib/format-dates";

export type AuditEventView = {
  id: number;
  createdAt: string;
  event: string;
  note: string;
  who: string;
  onBehalfOf: "buyer" | "seller" | null;
  ipAddress: string | null;
  userAgent: string | null;
};

const none = <span className="text-slate-500">—</span>;

/**
 * An agreement's audit trail for the back office, oldest first: the time (Eastern), the event in words with its code,
 * who took it, the side an administrator acted for, and the IP address and user agent it came from.
 */
export function AuditTrailTable({ events }: { events: AuditEventView[] }) {
  return (
    <DataTable
      caption="Audit trail (Eastern time)"
      captionHidden
      rows={events}
      rowKey={(e) => e.id}
      empty="Nothing recorded yet."
      columns={[
        {
          key: "time",
          header: "Time (Eastern)",
          cell: (e) => (
            <time dateTime={e.createdAt} className="block w-28 whitespace-normal">
              {formatDateTimeEastern(e.createdAt)}
            </time>
          ),
        },
        {
          key: "event",
          header: "Event",
          wrap: true,
          cell: (e) => (
            <>
              {e.note || e.event}
              <span className="block text-xs text-slate-600">{e.event}</span>
            </>
          ),
        },
        { key: "who", header: "Who", cell: (e) => e.who },
        { key: "behalf", header: "On behalf of", cell: (e) => (e.onBehalfOf ? `The ${e.onBehalfOf}` : none) },
        { key: "ip", header: "IP address", cell: (e) => e.ipAddress ?? none },
        {
          key: "agent",
          header: "User agent",
          // A fixed width that wraps: the sentence of the event gets the rest of the row.
          cell: (e) =>
            e.userAgent ? (
              <span className="block w-44 text-xs break-words whitespace-normal text-slate-700">{e.userAgent}</span>
            ) : (
              none
            ),
        },
      ]}
    />
  );
}
