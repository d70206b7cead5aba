import { Bell, Clock, Home, LogIn, MapPin, MessageSquare, Trash2, UserPlus } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { href, useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import { useDisclosure } from "~/components/shell/use-disclosure";
import { formatDateEastern, formatDateTimeEastern } from "~/lib/format-dates";
import type { AdminInbox, InactiveUserItem, InboxItem } from "../admin-inbox.schema";

const ROLE_LABELS: Record<string, string> = { buyer: "Buyer", seller: "Seller", admin: "Admin" };
const roleLabel = (role: string) => ROLE_LABELS[role] ?? role;

/**
 * The admin header's notification dropdowns (SPEC sections 2 and 4): new registrations (with Login), inactive users
 * with active listings, listing notifications, feedback and address help. Each shows its unread count, opens when its
 * button gets focus (or is pressed), closes when focus leaves it or on Escape, and scrolls past about 18rem.
 */
export function AdminNotificationMenus({ inbox }: { inbox: AdminInbox }) {
  return (
    // Each button shows its name beside its count at every width (issue 13: counts with no visible label); on phones
    // the five sit in two columns under the site name.
    <div className="grid w-full grid-cols-2 gap-1 sm:relative sm:flex sm:w-auto sm:flex-wrap sm:items-center">
      <h2 className="sr-only">Notifications</h2>
      <Dropdown
        label="New registrations"
        icon={<UserPlus aria-hidden className="size-4 shrink-0" />}
        count={inbox.registrations.unread}
        countLabel="unread"
      >
        <ItemList
          items={inbox.registrations.items}
          empty="No new registrations yet."
          render={(n) => <NotificationRow item={n} login />}
        />
      </Dropdown>
      <Dropdown
        label="Inactive users"
        icon={<Clock aria-hidden className="size-4 shrink-0" />}
        count={inbox.inactive.total}
        countLabel="inactive with active listings"
      >
        {inbox.inactive.items.length === 0 ? (
          <EmptyNote>No inactive users with active listings.</EmptyNote>
        ) : (
          <ul className="divide-y divide-slate-200">
            {inbox.inactive.items.map((u) => (
              <InactiveRow key={u.id} user={u} />
            ))}
          </ul>
        )}
        {inbox.inactive.total > inbox.inactive.items.length ? (
          <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-700">
            Showing {inbox.inactive.items.length} of {inbox.inactive.total}.
          </p>
        ) : null}
      </Dropdown>
      <Dropdown
        label="Listing notifications"
        icon={<Home aria-hidden className="size-4 shrink-0" />}
        count={inbox.listings.unread}
        countLabel="unread"
        readAllAction={inbox.listings.unread > 0 ? href("/api/admin/listing/read-notifications") : undefined}
      >
        <ItemList
          items={inbox.listings.items}
          empty="No listing notifications yet."
          render={(n) => <NotificationRow item={n} listingLink />}
        />
      </Dropdown>
      <Dropdown
        label="Feedback"
        icon={<MessageSquare aria-hidden className="size-4 shrink-0" />}
        count={inbox.feedback.unread}
        countLabel="unread"
        readAllAction={inbox.feedback.unread > 0 ? href("/api/admin/testimonials/read-notifications") : undefined}
      >
        <ItemList items={inbox.feedback.items} empty="No feedback yet." render={(n) => <NotificationRow item={n} />} />
      </Dropdown>
      <Dropdown
        label="Address help"
        icon={<MapPin aria-hidden className="size-4 shrink-0" />}
        count={inbox.addressHelp.unread}
        countLabel="unread"
      >
        <ItemList
          items={inbox.addressHelp.items}
          empty="No requests for help with an address."
          render={(n) => <NotificationRow item={n} login />}
        />
      </Dropdown>
    </div>
  );
}

function Dropdown({
  label,
  icon,
  count,
  countLabel,
  readAllAction,
  children,
}: {
  label: string;
  icon: ReactNode;
  count: number;
  countLabel: string;
  readAllAction?: string;
  children: ReactNode;
}) {
  const { open, setOpen, rootRef, buttonRef, panelId, onBlur } = useDisclosure();
  // A press on the button first focuses it (which opens the panel); the click that follows must not close it
  // again. So a pointer press toggles from the state before it began; a keyboard click toggles as usual.
  const openAtPress = useRef<boolean | null>(null);
  const readAll = useFetcher();
  const panelRef = useRef<HTMLElement>(null);
  // Focus can also leave without a blur on this element (the focused control was removed, e.g. "Mark all read"
  // once nothing is unread): close whenever focus lands anywhere outside.
  useEffect(() => {
    if (!open) return;
    const onFocusIn = (e: FocusEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [open, rootRef, setOpen]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the button and its panel closes the panel
    <div ref={rootRef} onBlur={onBlur} data-notification-menu={label}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
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
        className="relative inline-flex w-full items-center gap-1.5 rounded-md px-2 py-1.5 text-left text-xs text-white hover:bg-slate-700 sm:w-auto sm:text-sm"
      >
        {icon}
        <span className="min-w-0 flex-1 leading-tight">{label}</span>
        <span
          className={`min-w-5 shrink-0 rounded-full px-1.5 text-center text-xs font-semibold tabular-nums ${count > 0 ? "bg-amber-300 text-slate-950" : "bg-slate-700 text-slate-100"}`}
        >
          {count}
          <span className="sr-only"> {countLabel}</span>
        </span>
      </button>
      {open ? (
        <section
          ref={panelRef}
          id={panelId}
          aria-label={label}
          tabIndex={-1}
          className="absolute inset-x-2 top-full z-40 mt-1 rounded-lg border border-slate-300 bg-white text-slate-900 shadow-xl focus:outline-none sm:inset-x-auto sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              <Bell aria-hidden className="size-4" />
              {label}
            </h3>
            {readAllAction ? (
              <readAll.Form method="post" action={readAllAction} onSubmit={() => panelRef.current?.focus()}>
                <button
                  type="submit"
                  className="rounded px-2 py-1 text-xs font-medium text-sky-800 underline hover:bg-sky-50"
                >
                  Mark all read
                </button>
              </readAll.Form>
            ) : null}
          </div>
          {/* SPEC section 9: the dropdown's height is limited (about 72 units: 18rem); the rest scrolls. */}
          <div className="max-h-72 overflow-y-auto">{children}</div>
        </section>
      ) : null}
    </div>
  );
}

function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="px-3 py-4 text-sm text-slate-700">{children}</p>;
}

function ItemList({
  items,
  empty,
  render,
}: {
  items: InboxItem[];
  empty: string;
  render: (item: InboxItem) => ReactNode;
}) {
  if (items.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return <ul className="divide-y divide-slate-200">{items.map((n) => render(n))}</ul>;
}

function NotificationRow({ item, login, listingLink }: { item: InboxItem; login?: boolean; listingLink?: boolean }) {
  const remove = useFetcher<{ success?: boolean }>();
  // SPEC section 4: deleting a notification removes it at once.
  if (remove.state !== "idle" || remove.data?.success) return null;
  return (
    <li className={`px-3 py-2 text-sm ${item.read ? "" : "bg-amber-50"}`} data-notification-id={item.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">
            {item.read ? null : <span className="sr-only">Unread: </span>}
            {item.user || "Unknown user"}
            {item.role ? <span className="font-normal text-slate-700"> · {roleLabel(item.role)}</span> : null}
          </p>
          {item.notification ? <p className="break-words text-slate-800">{item.notification}</p> : null}
          <p className="text-xs text-slate-700">
            <time dateTime={item.createdAt}>{formatDateTimeEastern(item.createdAt)}</time>
          </p>
        </div>
        <remove.Form
          method="post"
          action={href("/api/admin/notification/delete")}
          // The row disappears at once: keep focus in the panel so it stays open.
          onSubmit={(e) => e.currentTarget.closest("section")?.focus()}
        >
          <input type="hidden" name="notification_id" value={item.id} />
          <button
            type="submit"
            aria-label={`Delete notification about ${item.user || "this user"}`}
            className="rounded p-1 text-slate-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </remove.Form>
      </div>
      <div className="mt-1 flex flex-wrap gap-2">
        {login && item.userUniqid ? (
          <LoginForm uniqid={item.userUniqid} name={item.user} notificationId={item.id} />
        ) : null}
        {listingLink && item.listingCode ? (
          <Link to={href("/admin/pending-listings")} className="text-xs font-medium text-sky-800 underline">
            Review {item.listingCode}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function InactiveRow({ user }: { user: InactiveUserItem }) {
  return (
    <li className="px-3 py-2 text-sm">
      <p className="font-medium break-words">
        {user.name} <span className="font-normal text-slate-700">· {roleLabel(user.role)}</span>
      </p>
      <p className="text-xs text-slate-700">
        Last active{" "}
        {user.last_activity ? (
          <time dateTime={user.last_activity}>{formatDateEastern(user.last_activity)}</time>
        ) : (
          "never"
        )}
        {" · "}
        {user.active_listings} active listing{user.active_listings === 1 ? "" : "s"}
      </p>
      <div className="mt-1">
        <LoginForm uniqid={user.user_uniqid} name={user.name} />
      </div>
    </li>
  );
}

/**
 * The Login action: a plain form post (a full page load, since the whole session changes) to
 * POST /admin/users/impersonate/{user_uniqid}; the answer lands on the user's page with a success toast.
 */
export function LoginForm({ uniqid, name, notificationId }: { uniqid: string; name: string; notificationId?: number }) {
  return (
    <form method="post" action={href("/admin/users/impersonate/:user_uniqid", { user_uniqid: uniqid })}>
      {notificationId ? <input type="hidden" name="notification_id" value={notificationId} /> : null}
      <button
        type="submit"
        className="inline-flex items-center gap-1 rounded bg-sky-800 px-2 py-1 text-xs font-semibold text-white hover:bg-sky-900"
      >
        <LogIn aria-hidden className="size-3.5" />
        Login<span className="sr-only"> as {name}</span>
      </button>
    </form>
  );
}
