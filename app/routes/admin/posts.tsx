import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAdminPage } from "~/auth/session.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatNumber } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { getWritersWorkspace, type WorkspacePost } from "~/modules/blog/blog.server";
import { statusLabel } from "~/modules/blog/blog-status";
import type { Route } from "./+types/posts";

/**
 * /admin/posts (SPEC section 4: where writers and senior writers land): the writers' workspace (decision 0080). The
 * counts of posts in each state, the viewer's drafts, what waits for review and what is scheduled, each linked to
 * its page in /admin/blogs.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "read", "ContentWorkspace");
  if (!page) return null;
  const { db } = await getServices();
  return getWritersWorkspace({ db }, { actor: page.viewer });
}

export function meta() {
  return [{ title: "Posts workspace · Admin" }];
}

const postHref = (id: number) => `${href("/admin/blogs")}/${id}`;
const listHref = (status: string) => `${href("/admin/blogs")}?f.status=${status}`;

function columns(when: "updated" | "scheduled"): DataTableColumn<WorkspacePost>[] {
  return [
    {
      key: "title",
      header: "Post",
      cell: (p) => (
        <Link to={postHref(p.id)} className="font-medium text-sky-800 underline hover:text-sky-950">
          {p.title}
        </Link>
      ),
    },
    { key: "author", header: "Author", cell: (p) => p.author ?? "—" },
    {
      key: "when",
      header: when === "scheduled" ? "Publishes (Eastern)" : "Last saved (Eastern)",
      cell: (p) =>
        when === "scheduled" && p.scheduledFor
          ? formatDateTimeEastern(p.scheduledFor)
          : formatDateTimeEastern(p.updatedAt),
    },
  ];
}

export default function PostsWorkspace({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const { counts, drafts, review, scheduled, publisher } = loaderData;
  const tiles = [
    { status: "draft", n: counts.draft },
    { status: "review", n: counts.review },
    { status: "scheduled", n: counts.scheduled },
    { status: "published", n: counts.published },
  ];
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Posts workspace</h1>
          <p className="mt-1 max-w-2xl text-slate-700">
            {publisher
              ? "Posts waiting for your review, what is scheduled, and every draft. Open a post to publish, schedule or compare its versions."
              : "Your drafts and what waits for a senior writer's review. Send a draft to review when it is ready; a senior writer publishes it."}
          </p>
        </div>
        <Link
          to={href("/admin/blogs/create")}
          className="inline-flex min-h-10 items-center rounded-md bg-sky-800 px-4 font-semibold text-white hover:bg-sky-900"
        >
          New post
        </Link>
      </div>
      <ul aria-label="Posts by status" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map((t) => (
          <li key={t.status}>
            <Link
              to={listHref(t.status)}
              className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-sky-700"
              data-testid={`count-${t.status}`}
            >
              <span className="block text-2xl font-bold text-slate-900">{formatNumber(t.n)}</span>
              <span className="text-sm text-slate-700">{statusLabel(t.status)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="review-heading">
        <h2 id="review-heading" className="text-lg font-semibold text-slate-900">
          {publisher ? "Waiting for your review" : "Your posts waiting for review"}
        </h2>
        <DataTable
          caption="Posts in review"
          columns={columns("updated")}
          rows={review}
          rowKey={(p) => String(p.id)}
          empty="Nothing waits for review."
        />
      </section>
      <section aria-labelledby="drafts-heading">
        <h2 id="drafts-heading" className="text-lg font-semibold text-slate-900">
          {publisher ? "Drafts" : "Your drafts"}
        </h2>
        <DataTable
          caption="Drafts"
          columns={columns("updated")}
          rows={drafts}
          rowKey={(p) => String(p.id)}
          empty="No drafts."
        />
      </section>
      <section aria-labelledby="scheduled-heading">
        <h2 id="scheduled-heading" className="text-lg font-semibold text-slate-900">
          Scheduled
        </h2>
        <DataTable
          caption="Scheduled posts"
          columns={columns("scheduled")}
          rows={scheduled}
          rowKey={(p) => String(p.id)}
          empty="Nothing is scheduled."
        />
      </section>
    </div>
  );
}
