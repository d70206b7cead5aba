import { Bell, Check, Trash2 } from "lucide-react";
import { Form, href } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import { requireAbility } from "~/auth/session.server";
import { ActionErrorAlert } from "~/components/admin/admin-chrome";
import { buttonClass } from "~/components/ui/button";
import { handleAction, intent } from "~/lib/action.server";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import {
  deleteMyNotification,
  listMyNotifications,
  markAllMyNotificationsRead,
  markMyNotificationRead,
} from "~/modules/notifications/user-notifications.server";
import type { Route } from "./+types/notifications";

/**
 * /v2/profile/notifications: the signed-in person's in-app notifications, newest first, a page at a time. Mark read,
 * mark all read and delete are plain forms through the action pipeline, so the page works without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "read", "Profile");
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  return orHttpError(async () => listMyNotifications(await getServices(), { actor: viewer, input: { page } }));
}

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "read", "Profile");
  const services = await getServices();
  const any = z.looseObject({});
  return handleAction(request, {
    actor: viewer,
    maxBytes: 4096,
    intents: {
      read: intent(any, async ({ actor, body }) => {
        await markMyNotificationRead(services, { actor, input: body });
        return "Marked as read.";
      }),
      "read-all": intent(any, async ({ actor }) => {
        const { marked } = await markAllMyNotificationsRead(services, { actor });
        return marked === 1 ? "1 notification marked as read." : `${marked} notifications marked as read.`;
      }),
      delete: intent(any, async ({ actor, body }) => {
        await deleteMyNotification(services, { actor, input: body });
        return "Notification deleted.";
      }),
    },
  });
}

export function meta() {
  return [{ title: "Notifications · Vacation Points Market" }];
}

export default function NotificationsPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const pageHref = (p: number) => `${href("/v2/profile/notifications")}?page=${p}`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
          <p className="mt-1 text-slate-700">
            {d.total === 0
              ? "Offers, answers and matches for your special requests show up here."
              : `${d.unread} unread of ${d.total}.`}
          </p>
        </div>
        {d.unread > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="read-all" className={buttonClass("secondary", "sm")}>
              <Check aria-hidden className="size-4" />
              Mark all read
            </button>
          </Form>
        ) : null}
      </div>
      <ActionErrorAlert actionData={actionData} />
      {d.items.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          <Bell aria-hidden className="size-5" />
          You have no notifications.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-notifications>
          {d.items.map((n) => (
            <li
              key={n.id}
              data-notification-id={n.id}
              className={`flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between ${n.read ? "" : "bg-sky-50"}`}
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">
                  {n.read ? null : (
                    <>
                      <span aria-hidden className="mr-2 inline-block size-2 rounded-full bg-sky-700 align-middle" />
                      <span className="sr-only">Unread: </span>
                    </>
                  )}
                  {n.href ? (
                    <Link to={n.href} className="text-sky-900 underline">
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </p>
                {n.body ? <p className="mt-0.5 break-words text-slate-800">{n.body}</p> : null}
                <p className="mt-0.5 text-sm text-slate-700">
                  <time dateTime={n.createdAt}>{formatDateTimeEastern(n.createdAt)}</time>
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {n.read ? null : (
                  <Form method="post">
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" name="intent" value="read" className={buttonClass("secondary", "sm")}>
                      Mark read<span className="sr-only">: {n.title}</span>
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="id" value={n.id} />
                  <button type="submit" name="intent" value="delete" className={buttonClass("ghost", "sm")}>
                    <Trash2 aria-hidden className="size-4" />
                    Delete<span className="sr-only">: {n.title}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {d.pages > 1 ? (
        <nav aria-label="Notification pages" className="flex items-center justify-between text-sm">
          {d.page > 1 ? (
            <Link to={pageHref(d.page - 1)} className="text-sky-800 underline">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-700">
            Page {d.page} of {d.pages}
          </span>
          {d.page < d.pages ? (
            <Link to={pageHref(d.page + 1)} className="text-sky-800 underline">
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
