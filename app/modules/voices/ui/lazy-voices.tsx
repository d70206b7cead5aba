import { lazy, Suspense } from "react";
import type { VoicesShell } from "../voices-shell.server";

/**
 * The footer's phone and newsletter capture and the reviews badge with the feedback tab are on every public page, so
 * their code is not part of any page's first JavaScript (issue 12's budget): in the browser each is a lazy component
 * fetched while the page hydrates, and until it arrives React keeps the server's HTML, whose forms work as plain forms.
 * The server has the modules before any render (a top-level await, in the server build only) and renders them inside
 * the same Suspense boundaries (as the listing page's question form, listing-question-panel.tsx).
 */
const capture = import.meta.env.SSR ? await import("./footer-capture") : undefined;
const corner = import.meta.env.SSR ? await import("./voices-corner") : undefined;

const FooterCaptureChunk =
  capture?.FooterCapture ?? lazy(() => import("./footer-capture").then((m) => ({ default: m.FooterCapture })));
const VoicesCornerChunk =
  corner?.VoicesCorner ?? lazy(() => import("./voices-corner").then((m) => ({ default: m.VoicesCorner })));

export function LazyFooterCapture() {
  return (
    <Suspense fallback={null}>
      <FooterCaptureChunk />
    </Suspense>
  );
}

export function LazyVoicesCorner({ voices }: { voices: VoicesShell }) {
  return (
    <Suspense fallback={null}>
      <VoicesCornerChunk voices={voices} />
    </Suspense>
  );
}
