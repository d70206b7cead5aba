import { Clock, Mail, Phone } from "lucide-react";
import { useMatches, useNavigate } from "react-router";
import type { MenuLink } from "~/modules/content/content.server";
import { LazyFooterCapture, LazyVoicesCorner } from "~/modules/voices/ui/lazy-voices";
import { CachedMarkup } from "./cached-markup";
import { followLinksInPage, isSitePath } from "./clicks";
import { useShell } from "./use-shell";

/** Route ids of the pages with a filter column (the listing and rental searches). */
const FILTER_COLUMN_PAGES = ["listings", "rentals"];

const GROUPS = [
  { menu: "footer_buying", title: "Buying" },
  { menu: "footer_selling", title: "Selling" },
  { menu: "footer_rental", title: "Rental" },
  { menu: "footer_company", title: "Company" },
  { menu: "footer_accreditations", title: "Accreditations" },
] as const;

/** "(800) 555-0142" -> "tel:+18005550142" (US numbers; anything else keeps its digits). */
export function telHref(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 ? `tel:+1${digits}` : `tel:+${digits}`;
}

export function Footer() {
  const { site, menus, year, voices, design } = useShell();
  // The search pages' filter column reaches the bottom left of the window, where the reviews badge sits: there the
  // badge would cover the column's Apply and Clear, so those pages leave it out.
  const withFilterColumn = useMatches().some((m) => FILTER_COLUMN_PAGES.includes(m.id));
  const navigate = useNavigate();
  return (
    <>
      {/* The link groups' links are plain (`MenuAnchor`): this one handler navigates in the page for them (0119). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the clicks are its links' (each a Link's own handler) */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link is a click; the footer takes no other key */}
      <footer data-site-footer className="bg-slate-900 text-slate-200" onClick={followLinksInPage(navigate)}>
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[1fr_2fr]">
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="text-lg font-semibold text-white">
              Talk to a person
            </h2>
            <ul className="footer-links mt-4 space-y-3">
              {site.email ? (
                <li>
                  <a href={`mailto:${site.email}`} className="inline-flex items-center gap-2 [overflow-wrap:anywhere]">
                    <Mail aria-hidden className="size-4 shrink-0" />
                    Email {site.email}
                  </a>
                </li>
              ) : null}
              {site.phone ? (
                <li>
                  <a href={telHref(site.phone)} className="inline-flex items-center gap-2">
                    <Phone aria-hidden className="size-4 shrink-0" />
                    Call toll-free {site.phone}
                  </a>
                </li>
              ) : null}
              {site.phoneSecondary ? (
                <li>
                  <a href={telHref(site.phoneSecondary)} className="inline-flex items-center gap-2">
                    <Phone aria-hidden className="size-4 shrink-0" />
                    Local {site.phoneSecondary}
                  </a>
                </li>
              ) : null}
            </ul>
            {site.hours.length ? (
              <div className="mt-4 flex gap-2">
                <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {site.hours.map((h) => (
                    <div key={h.label} className="contents">
                      <dt className="font-medium text-white">{h.label}</dt>
                      <dd>{h.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ) : null}
          </section>
          {/* A third of a page's elements, the same on every page: rendered once per version of the menus (0119). */}
          <CachedMarkup
            name="footer-link-groups"
            data={menus}
            className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-5"
          >
            {GROUPS.map((g) => (
              <LinkGroup key={g.menu} title={g.title} links={menus[g.menu] ?? []} />
            ))}
          </CachedMarkup>
        </div>
        {/* Issue 32: the app-download phone capture and the newsletter sign-up */}
        <div className="border-t border-slate-700">
          <div className="mx-auto max-w-7xl px-4 py-8">
            <LazyFooterCapture />
          </div>
        </div>
        <div className="border-t border-slate-700">
          <div className="mx-auto max-w-7xl space-y-2 px-4 py-6 text-sm text-slate-300">
            {design?.footerText ? <p data-footer-text>{design.footerText}</p> : null}
            <p>
              © {site.copyrightStartYear}-{year} {site.siteName}
            </p>
            <p>
              {site.siteName} is an independent resale broker. We are not affiliated with, sponsored by or endorsed by
              Disney Vacation Club or The Walt Disney Company.
            </p>
          </div>
        </div>
      </footer>
      {/* Issue 32: the reviews badge and the feedback tab */}
      {withFilterColumn ? null : <LazyVoicesCorner voices={voices} />}
    </>
  );
}

function LinkGroup({ title, links }: { title: string; links: MenuLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={`${title} links`}>
      <h2 className="font-semibold text-white">{title}</h2>
      <ul className="footer-links mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <MenuAnchor link={l} />
            {l.children.length ? (
              <ul className="mt-2 space-y-2 border-l border-slate-600 pl-3">
                {l.children.map((c) => (
                  <li key={c.href}>
                    <MenuAnchor link={c} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A menu's link as React Router's `Link` writes it (`data-discover` on a path of this site), without its work: the
 * footer's fifty links were each a `Link` with its two dozen hooks, in every page's hydration. The footer's handler
 * navigates in the page for them (`followLinksInPage`).
 */
function MenuAnchor({ link }: { link: { href: string; label: string } }) {
  return (
    <a href={link.href} data-discover={isSitePath(link.href) ? "true" : undefined}>
      {link.label}
    </a>
  );
}
