import { requireAbility } from "~/auth/session.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { listMyJournal } from "~/modules/journal/journal-list.server";
import type { Route } from "./+types/journal-activity";

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "read", "Profile");
  const page = new URL(request.url).searchParams.get("page");
  return orHttpError(async () => listMyJournal(await getServices(), { actor: viewer, input: { page } }));
}

export function meta() {
  return [{ title: "Journal activity · Vacation Points Market" }];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const columns: DataTableColumn<Row>[] = [
  {
    key: "time",
    header: "When (Eastern)",
    cell: (r) => <time dateTime={r.createdAt}>{formatDateTimeEastern(r.createdAt)}</time>,
  },
  { key: "summary", header: "What happened", wrap: true, cell: (r) => r.summary },
  { key: "who", header: "Done by", wrap: true, cell: (r) => r.who },
];

export default function JournalActivity({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Journal activity</h1>
        <p className="mt-1 text-slate-700">
          Everything that happened to your account and your listings, newest first: sign-ins, changes to your profile
          and settings, and listing status changes, with who made each change.
        </p>
      </div>
      <DataTable
        caption="Your account's journal"
        captionHidden
        columns={columns}
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        empty="Nothing has been recorded for your account yet."
        pagination={{ page: loaderData.page, pageCount: loaderData.pageCount, total: loaderData.total }}
      />
    </div>
  );
}
