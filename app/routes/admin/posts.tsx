import { ExternalLink } from "lucide-react";
import { requireAdminPage } from "~/auth/session.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { getServices } from "~/lib/runtime.server";
import { listPublishedPages, pathOfRoute } from "~/modules/content/pages.server";
import type { Route } from "./+types/posts";

type ContentLink = { label: string; href: string };

export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "read", "ContentWorkspace");
  if (!page) return page;
  // Issue 32: the published pages of the pages table (decision 0078).
  const pages = await listPublishedPages((await getServices()).db);
  return { pages: pages.map((p): ContentLink => ({ label: p.heading, href: pathOfRoute(p.route) })) };
}

export function meta() {
  return [{ title: "Posts workspace · Admin" }];
}

const COLUMNS: DataTableColumn<ContentLink>[] = [
  { key: "label", header: "Page", cell: (p) => <span className="font-medium">{p.label}</span> },
  { key: "href", header: "Path", cell: (p) => <code className="text-slate-800">{p.href}</code> },
  {
    key: "view",
    header: <span className="sr-only">Open</span>,
    className: "text-right",
    cell: (p) => (
      <a
        href={p.href}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-sky-800 underline hover:text-sky-950"
      >
        View<span className="sr-only"> {p.label} (opens in a new tab)</span>
        <ExternalLink aria-hidden className="size-3.5" />
      </a>
    ),
  },
];

export default function PostsWorkspace({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Posts workspace</h1>
        <p className="mt-1 max-w-2xl text-slate-700">
          The product&apos;s content pages, with a link to each as visitors see it, so writers can check what is
          published.
        </p>
      </div>
      <DataTable
        caption="Content pages"
        columns={COLUMNS}
        rows={[...loaderData.pages]}
        rowKey={(p) => p.href}
        empty="There are no content pages yet."
      />
    </div>
  );
}
