import { ArrowLeft } from "lucide-react";
import { href, isRouteErrorResponse, Link, useLocation } from "react-router";
import { requireAbility, requireUser } from "~/auth/session.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatDateTimeEastern } from "~/lib/format";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { getMailLogMessage, listMailLog } from "~/modules/notifications/mail-log.server";
import type { Route } from "./+types/mail";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireUser(request);
  if (me.impersonatedBy) return null; // the layout shows the impersonation notice instead
  const { viewer } = await requireAbility(request, "read", "MailLog");
  const services = await getServices();
  const params = new URL(request.url).searchParams;
  const id = params.get("id");
  return orHttpError(async () => {
    if (id !== null) {
      return { view: "message" as const, message: await getMailLogMessage(services, { actor: viewer, input: { id } }) };
    }
    return {
      view: "list" as const,
      list: await listMailLog(services, { actor: viewer, input: { page: params.get("page") } }),
    };
  });
}

export function meta() {
  return [{ title: "Mail log · Admin" }];
}

type Row = Extract<NonNullable<Route.ComponentProps["loaderData"]>, { view: "list" }>["list"]["messages"][number];

const STATUS_STYLES: Record<string, string> = {
  queued: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  kept: "bg-sky-100 text-sky-900",
  failed: "bg-red-100 text-red-900",
};
const STATUS_HELP: Record<string, string> = {
  queued: "waiting to be sent",
  sent: "delivered to the mail server",
  kept: "kept here; no mail server is set up",
  failed: "could not be delivered",
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[status] ?? "bg-slate-100"}`}
    >
      {status}
    </span>
  );
}

/** Keeps the page number so "Back to the mail log" returns to the same page. */
function withParam(search: string, key: string, value: string | null) {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const qs = params.toString();
  return qs ? `?${qs}` : href("/admin/mail");
}

function useColumns(): DataTableColumn<Row>[] {
  const { search } = useLocation();
  return [
    {
      key: "date",
      header: "Date (Eastern)",
      className: "whitespace-nowrap",
      cell: (m) => <time dateTime={m.createdAt}>{formatDateTimeEastern(m.createdAt)}</time>,
    },
    { key: "to", header: "To", cell: (m) => m.to },
    {
      key: "subject",
      header: "Subject",
      wrap: true,
      cell: (m) => (
        <Link to={withParam(search, "id", String(m.id))} className="text-sky-800 underline hover:text-sky-950">
          {m.subject}
        </Link>
      ),
    },
    { key: "template", header: "Template", cell: (m) => m.template ?? <span className="text-slate-600">none</span> },
    { key: "status", header: "Status", cell: (m) => <StatusBadge status={m.status} /> },
    { key: "attempts", header: "Attempts", className: "text-right tabular-nums", cell: (m) => m.attempts },
  ];
}

export default function MailLog({ loaderData }: Route.ComponentProps) {
  const columns = useColumns();
  const { search } = useLocation();
  if (!loaderData) return null;

  if (loaderData.view === "message") {
    const m = loaderData.message;
    return (
      <div className="space-y-6">
        <Link to={withParam(search, "id", null)} className="inline-flex items-center gap-1 text-sky-800 underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to the mail log
        </Link>
        <div>
          <h1 className="text-2xl font-bold break-words text-slate-900">{m.subject}</h1>
          <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium text-slate-700">To</dt>
            <dd className="break-all">{m.to}</dd>
            <dt className="font-medium text-slate-700">Created</dt>
            <dd>
              <time dateTime={m.createdAt}>{formatDateTimeEastern(m.createdAt)}</time> Eastern
            </dd>
            <dt className="font-medium text-slate-700">Sent</dt>
            <dd>
              {m.sentAt ? <time dateTime={m.sentAt}>{formatDateTimeEastern(m.sentAt)} Eastern</time> : "Not sent"}
            </dd>
            <dt className="font-medium text-slate-700">Template</dt>
            <dd>{m.template ?? "none"}</dd>
            <dt className="font-medium text-slate-700">Status</dt>
            <dd>
              <StatusBadge status={m.status} /> <span className="text-slate-700">{STATUS_HELP[m.status]}</span>
            </dd>
            <dt className="font-medium text-slate-700">Attempts</dt>
            <dd>{m.attempts}</dd>
            {m.lastError && (
              <>
                <dt className="font-medium text-slate-700">Last error</dt>
                <dd className="break-words text-red-800">{m.lastError}</dd>
              </>
            )}
          </dl>
        </div>
        <section aria-labelledby="html-heading">
          <h2 id="html-heading" className="text-lg font-semibold text-slate-900">
            HTML version
          </h2>
          <iframe
            sandbox=""
            srcDoc={m.html}
            title={`HTML version of “${m.subject}”`}
            className="mt-2 h-[28rem] w-full rounded-lg border border-slate-200 bg-white"
          />
        </section>
        <section aria-labelledby="text-heading">
          <h2 id="text-heading" className="text-lg font-semibold text-slate-900">
            Text version
          </h2>
          <pre className="mt-2 overflow-x-auto rounded-lg border border-slate-200 bg-white p-4 text-sm whitespace-pre-wrap break-words">
            {m.text}
          </pre>
        </section>
      </div>
    );
  }

  const { list } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Mail log</h1>
        <p className="mt-1 max-w-2xl text-slate-700">
          Every message the site sends, newest first. Without a mail server set up, messages are kept here instead of
          being delivered.
        </p>
      </div>
      <DataTable
        caption="Outgoing messages"
        captionHidden
        columns={columns}
        rows={list.messages}
        rowKey={(m) => m.id}
        empty="No messages yet."
        pagination={{ page: list.page, pageCount: list.pageCount, total: list.total }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Message not found" : "Mail log unavailable"}</h1>
      <p className="text-slate-700">
        {notFound
          ? "There is no message with that number in the mail log."
          : "We could not show the mail log. Please try again in a moment."}
      </p>
      <Link to={href("/admin/mail")} className="inline-flex items-center gap-1 text-sky-800 underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to the mail log
      </Link>
    </div>
  );
}
