import { useEffect, useRef, useState } from "react";
import { useMatches } from "react-router";
import { Link } from "~/components/ui/link";
import { bannerForPage, routeFlagsOf } from "~/modules/content/header-banner";
import type { HeaderBannerView } from "~/modules/content/header-banner.server";
import { ShellDialog } from "./shell-dialog";
import { useShell } from "./use-shell";

/**
 * The header banner (SPEC section 2) above every public page, or only the pages flagged to show it
 * (`showsHeaderBanner`), while one is live (decision 0068): its text and call to
 * action in the administrator's colours (checked for AA contrast when saved). With a link the call to action is a
 * link; without one it opens the banner's title and detail text: a disclosure (`<details>`) as the server renders it,
 * which works without JavaScript, and the shell's modal dialog once the page is interactive.
 */
export function HeaderBanner() {
  const { headerBanners, page } = useShell();
  // A route's own flags, else the pages table's row of this path (issue 32: `show_header_banner`).
  const flags = routeFlagsOf(useMatches()) ?? (page.own ? { showHeaderBanner: page.own.showHeaderBanner } : null);
  const b = bannerForPage(headerBanners, flags);
  if (!b) return null;
  return (
    <section
      aria-label="Announcement"
      data-header-banner
      style={{ backgroundColor: b.backgroundColor, color: b.textColor, fontSize: b.fontSize, lineHeight: b.lineHeight }}
      className="w-full px-4 py-2 print:hidden"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center">
        <p>{b.text}</p>
        <CallToAction banner={b} />
      </div>
    </section>
  );
}

const ctaClass = "font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-current";

function CallToAction({ banner: b }: { banner: HeaderBannerView }) {
  const [interactive, setInteractive] = useState(false);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => setInteractive(true), []);
  if (b.callToActionLink) {
    return /^https:\/\//.test(b.callToActionLink) ? (
      <a href={b.callToActionLink} className={ctaClass}>
        {b.callToActionText}
      </a>
    ) : (
      <Link to={b.callToActionLink} className={ctaClass}>
        {b.callToActionText}
      </Link>
    );
  }
  const details = (
    <>
      {b.detailText?.split(/\n{2,}/).map((p) => (
        <p key={p} className="mt-2 whitespace-pre-line first:mt-0">
          {p}
        </p>
      ))}
    </>
  );
  if (!interactive) {
    return (
      <details className="text-left">
        <summary className={`cursor-pointer ${ctaClass}`}>{b.callToActionText}</summary>
        <div className="mt-2 max-w-prose rounded-md bg-white p-3 text-base text-slate-900 shadow">
          <h2 className="font-semibold">{b.title}</h2>
          {details}
        </div>
      </details>
    );
  }
  return (
    <>
      <button ref={opener} type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className={ctaClass}>
        {b.callToActionText}
      </button>
      <ShellDialog open={open} onOpenChange={setOpen} title={b.title} returnFocusTo={opener}>
        <div className="text-base leading-relaxed text-slate-800">{details}</div>
      </ShellDialog>
    </>
  );
}
