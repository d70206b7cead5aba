import { ArrowLeft } from "lucide-react";
import { data, Form, href, isRouteErrorResponse, Link, redirect, useLocation } from "react-router";
import { requireAbility, requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { formatDateTimeEastern } from "~/lib/format";
import { orHttpError } from "~/lib/http.server";
import { listQueryInput } from "~/lib/list-query";
import { getServices } from "~/lib/runtime.server";
import {
  listContactMessages,
  markContactMessageAsUnread,
  readContactMessage,
} from "~/modules/contact/contact-admin.server";
import { ActionErrorAlert, AdminScreenHeading } from "~/components/admin/admin-chrome";
import type { Route } from "./+types/contact-messages";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireUser(request);
  if (me.impersonatedBy) return null; // the layout shows the impersonation notice instead
  const { viewer } = await requireAbility(request, "read", "AdminDashboard");
  const services = await getServices();
  const params = new URL(request.url).searchParams;
  const id = params.get("id");
  return orHttpError(async () => {
    if (id !== null) {
      return {
        view: "message" as const,
        message: await readContactMessage(services, { actor: viewer, input: { id } }),
      };
    }
    return {
      view: "list" as const,
      list: await listContactMessages(services, { actor: viewer, input: listQueryInput(params) }),
    };
  });
}

/** Mark as unread: back to the list (without `id`) with a toast. */
export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "read", "AdminDashboard");
  const form = await request.formData();
  const params = new URL(request.url).searchParams;
  params.delete("id");
  try {
    await markContactMessageAsUnread(await getServices(), { actor: viewer, input: { id: form.get("id") } });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: err.message }, { status: err.status });
  }
  const headers = await setFlash(new Headers(), { kind: "success", message: "The message is marked as unread." });
  const qs = params.toString();
  return redirect(`${href("/admin/contact-messages")}${qs ? `?${qs}` : ""}`, { headers, status: 303 });
}

export function meta() {
  return [{ title: "Contact messages · Admin" }];
}

type Row = Extract<NonNullable<Route.ComponentProps["loaderData"]>, { view: "list" }>["list"]["rows"][number];

function withParam(search: string, key: string, value: string | null) {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const qs = params.toString();
  return qs ? `?${qs}` : href("/admin/contact-messages");
}

function ListingLink({ id, code }: { id: number | null; code: string | null }) {
  if (id === null) return <span className="text-slate-600">None</span>;
  return (
    <Link to={href("/listing-info/:id", { id: String(id) })} className="text-sky-800 underline hover:text-sky-950">
      {code ?? `Listing ${id}`}
    </Link>
  );
}

function useColumns(): DataTableColumn<Row>[] {
  const { search } = useLocation();
  return [
    {
      key: "received",
      header: "Received (Eastern)",
      sortKey: "received",
      sortFirst: "desc",
      cell: (m) => <time dateTime={m.createdAt}>{formatDateTimeEastern(m.createdAt)}</time>,
    },
    {
      key: "name",
      header: "From",
      sortKey: "name",
      cell: (m) => (
        <>
          <span className={m.readAt ? "" : "font-semibold"}>{m.name}</span>
          <span className="block text-xs text-slate-600">{m.email}</span>
          {m.phone ? <span className="block text-xs text-slate-600">{m.phone}</span> : null}
        </>
      ),
    },
    {
      key: "subject",
      header: "Subject",
      sortKey: "subject",
      wrap: true,
      cell: (m) => (
        <span className="flex flex-wrap items-center gap-2">
          {m.readAt ? null : (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Unread</span>
          )}
          <Link
            to={withParam(search, "id", String(m.id))}
            className={`text-sky-800 underline hover:text-sky-950 ${m.readAt ? "" : "font-semibold"}`}
          >
            {m.subject}
          </Link>
        </span>
      ),
    },
    { key: "listing", header: "Listing", cell: (m) => <ListingLink id={m.listingId} code={m.listingCode} /> },
  ];
}

export default function ContactMessages({ loaderData, actionData }: Route.ComponentProps) {
  const columns = useColumns();
  const { search } = useLocation();
  if (!loaderData) return null;

  if (loaderData.view === "message") {
    const m = loaderData.message;
    return (
      <div className="space-y-6">
        <Link to={withParam(search, "id", null)} className="inline-flex items-center gap-1 text-sky-800 underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to contact messages
        </Link>
        <ActionErrorAlert actionData={actionData} />
        <div>
          <h1 className="text-2xl font-bold break-words text-slate-900">{m.subject}</h1>
          <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium text-slate-700">From</dt>
            <dd className="break-words">{m.name}</dd>
            <dt className="font-medium text-slate-700">Email</dt>
            <dd className="break-all">
              <a href={`mailto:${m.email}`} className="text-sky-800 underline">
                {m.email}
              </a>
            </dd>
            <dt className="font-medium text-slate-700">Phone</dt>
            <dd>{m.phone || "Not given"}</dd>
            <dt className="font-medium text-slate-700">Listing</dt>
            <dd>
              <ListingLink id={m.listingId} code={m.listingCode} />
            </dd>
            <dt className="font-medium text-slate-700">Received</dt>
            <dd>
              <time dateTime={m.createdAt}>{formatDateTimeEastern(m.createdAt)}</time> Eastern
            </dd>
          </dl>
        </div>
        <section aria-labelledby="message-heading">
          <h2 id="message-heading" className="text-lg font-semibold text-slate-900">
            Message
          </h2>
          <p className="mt-2 rounded-lg border border-slate-200 bg-white p-4 whitespace-pre-wrap break-words text-slate-900">
            {m.message}
          </p>
        </section>
        <Form method="post">
          <input type="hidden" name="id" value={m.id} />
          <Button type="submit" variant="secondary">
            Mark as unread
          </Button>
        </Form>
      </div>
    );
  }

  const { list } = loaderData;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Contact messages">
        Questions visitors sent through the site, newest first. Opening a message marks it read.{" "}
        {list.unread > 0 ? `${list.unread} unread.` : list.total > 0 ? "All read." : ""}
      </AdminScreenHeading>
      <ActionErrorAlert actionData={actionData} />
      <DataTable
        caption="Contact messages"
        captionHidden
        columns={columns}
        rows={list.rows}
        rowKey={(m) => m.id}
        empty={list.q ? `No message matches “${list.q}”.` : "No messages yet."}
        pagination={{ page: list.page, pageCount: list.pageCount, total: list.total }}
        sort={list.sort}
        search={{ value: list.q, label: "Search by name, email or subject" }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Message not found" : "Messages unavailable"}</h1>
      <p className="text-slate-700">
        {notFound
          ? "There is no contact message with that number."
          : "We could not show the contact messages. Please try again in a moment."}
      </p>
      <Link to={href("/admin/contact-messages")} className="inline-flex items-center gap-1 text-sky-800 underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to contact messages
      </Link>
    </div>
  );
}
