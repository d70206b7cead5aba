import { lazy, Suspense } from "react";
import type { Viewer } from "~/auth/abilities";
import type { NotificationBell as BellData } from "~/modules/notifications/user-notifications.schema";

/**
 * The header's notification bell and account menu are drawn only for signed-in people, so their code is not part of
 * the shell every visitor downloads (issue 34: 2.4 KB gzipped off every public page). As with the footer's capture
 * (lazy-voices.tsx): the server has both modules before any render and draws them in full; in the browser each is a
 * lazy component fetched while the page hydrates, and until it arrives React keeps the server's HTML.
 */
const bellModule = import.meta.env.SSR ? await import("~/modules/notifications/ui/notification-bell") : undefined;
const menuModule = import.meta.env.SSR ? await import("./user-menu") : undefined;

const BellChunk =
  bellModule?.NotificationBell ??
  lazy(() => import("~/modules/notifications/ui/notification-bell").then((m) => ({ default: m.NotificationBell })));
const UserMenuChunk = menuModule?.UserMenu ?? lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));

export function LazyNotificationBell({ bell }: { bell: BellData }) {
  return (
    <Suspense fallback={null}>
      <BellChunk bell={bell} />
    </Suspense>
  );
}

export function LazyUserMenu({ viewer }: { viewer: Viewer }) {
  return (
    <Suspense fallback={null}>
      <UserMenuChunk viewer={viewer} />
    </Suspense>
  );
}
