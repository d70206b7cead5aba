import { Bell, Check, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { href, useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import { useDisclosure } from "~/components/shell/use-disclosure";
import { formatDateTimeEastern } from "~/lib/format-dates";
import type { NotificationBell as BellData, UserNotificationItem } from "../user-notifications.schema";

/** Inline for the same reason as the header's ON_HEADER_FOCUS: an outline in the header's own text colour. */
const ON_HEADER_FOCUS = { outlineColor: "currentcolor", outlineOffset: "-4px" } as const;

/**
 * The public header's bell for signed-in people (issue 10): the unread count, and a dropdown of the newest
 * notifications that opens when the button gets focus (or is pressed) and closes when focus leaves it or on Escape
 * (SPEC section 4). Mark read and delete are calls to /api/notifications; a deleted one disappears at once. The whole
 * list, which works without JavaScript, is /v2/profile/notifications.
 */
export function NotificationBell({ bell }: { bell: BellData }) {
  const { open, setOpen, rootRef, buttonRef, panelId, onBlur } = useDisclosure();
  // A press first focuses the button (which opens the panel); the click that follows must not close it again.
  const openAtPress = useRef<boolean | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  const readAll = useFetcher();
  useEffect(() => {
    if (!open) return;
    const onFocusIn = (e: FocusEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [open, rootRef, setOpen]);
  const label = bell.unread === 1 ? "Notifications, 1 unread" : `Notifications, ${bell.unread} unread`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the button and its panel closes the panel
    <div ref={rootRef} onBlur={onBlur} className="sm:relative" data-notification-bell>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onPointerDown={() => {
          openAtPress.current = open;
        }}
        onFocus={() => {
          if (!open) setOpen(true);
        }}
        onClick={() => {
          const before = openAtPress.current ?? open;
          openAtPress.current = null;
          setOpen(!before);
        }}
        style={ON_HEADER_FOCUS}
        className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-current/10"
      >
        <Bell aria-hidden className="size-5" />
        {bell.unread > 0 ? (
          <span
            aria-hidden
            data-unread-count
            className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-amber-300 px-1 text-center text-xs leading-5 font-semibold text-slate-950 tabular-nums"
          >
            {bell.unread > 99 ? "99+" : bell.unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          ref={panelRef}
          id={panelId}
          aria-label="Your notifications"
          tabIndex={-1}
          className="absolute inset-x-2 top-full z-40 mt-1 rounded-lg border border-slate-300 bg-white text-slate-900 shadow-xl focus:outline-none sm:inset-x-auto sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
            <h2 className="flex items-center gap-2 text-sm font-semibold">
              <Bell aria-hidden className="size-4" />
              Notifications
            </h2>
            {bell.unread > 0 ? (
              <readAll.Form
                method="post"
                action={href("/api/notifications")}
                onSubmit={() => panelRef.current?.focus()}
              >
                <input type="hidden" name="intent" value="read-all" />
                <button
                  type="submit"
                  className="rounded px-2 py-1 text-xs font-medium text-sky-800 underline hover:bg-sky-50"
                >
                  Mark all read
                </button>
              </readAll.Form>
            ) : null}
          </div>
          <div className="max-h-80 overflow-y-auto">
            {bell.items.length === 0 ? (
              <p className="px-3 py-4 text-sm text-slate-700">You have no notifications.</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {bell.items.map((n) => (
                  <BellRow key={n.id} item={n} />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-slate-200 px-3 py-2 text-sm">
            <Link to={href("/v2/profile/notifications")} className="font-medium text-sky-800 underline">
              See all notifications
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function BellRow({ item }: { item: UserNotificationItem }) {
  const remove = useFetcher<{ success?: boolean }>();
  const read = useFetcher();
  // SPEC section 4: deleting a notification removes it at once.
  if (remove.state !== "idle" || remove.data?.success) return null;
  const isRead = item.read || read.state !== "idle";
  const keepOpen = (e: { currentTarget: HTMLElement }) => e.currentTarget.closest("section")?.focus();
  return (
    <li className={`px-3 py-2 text-sm ${isRead ? "" : "bg-sky-50"}`} data-notification-id={item.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">
            {isRead ? null : <span className="sr-only">Unread: </span>}
            {item.href ? (
              <Link
                to={item.href}
                className="text-sky-900 underline"
                onClick={() => {
                  if (!isRead)
                    read.submit(
                      { intent: "read", id: item.id },
                      { method: "post", action: href("/api/notifications") },
                    );
                }}
              >
                {item.title}
              </Link>
            ) : (
              item.title
            )}
          </p>
          {item.body ? <p className="break-words text-slate-800">{item.body}</p> : null}
          <p className="text-xs text-slate-700">
            <time dateTime={item.createdAt}>{formatDateTimeEastern(item.createdAt)}</time>
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          {isRead ? null : (
            <read.Form method="post" action={href("/api/notifications")} onSubmit={keepOpen}>
              <input type="hidden" name="intent" value="read" />
              <input type="hidden" name="id" value={item.id} />
              <button
                type="submit"
                aria-label={`Mark read: ${item.title}`}
                className="rounded p-1 text-slate-700 hover:bg-sky-100 hover:text-sky-900"
              >
                <Check aria-hidden className="size-4" />
              </button>
            </read.Form>
          )}
          <remove.Form method="post" action={href("/api/notifications")} onSubmit={keepOpen}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              aria-label={`Delete notification: ${item.title}`}
              className="rounded p-1 text-slate-700 hover:bg-red-50 hover:text-red-800"
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
          </remove.Form>
        </div>
      </div>
    </li>
  );
}
