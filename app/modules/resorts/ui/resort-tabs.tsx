import type { ReactNode } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import type { ResortHeader, ResortTab } from "../resort-tabs.server";
import { ResortPicture } from "./resort-picture";

const TAB_LABELS: Record<ResortTab, string> = { overview: "Overview", rooms: "Rooms", dining: "Dining", map: "Map" };

/** The address of a resort page's tab. */
export function resortTabHref(slug: string, tab: ResortTab): string {
  switch (tab) {
    case "overview":
      return href("/resorts/:resort", { resort: slug });
    case "rooms":
      return href("/resorts/:resort/rooms", { resort: slug });
    case "dining":
      return href("/resorts/:resort/dining", { resort: slug });
    case "map":
      return href("/resorts/:resort/map", { resort: slug });
  }
}

/**
 * A resort page's shell (issue 31): the breadcrumb, the picture, the name and the tab strip, then the tab's content.
 * The tabs are plain links (each tab is its own URL and works without JavaScript), the selected one marked with
 * `aria-current="page"`; on a narrow screen the four tabs share the width equally.
 */
export function ResortTabsLayout({
  header,
  tab,
  children,
}: {
  header: ResortHeader;
  tab: ResortTab;
  children: ReactNode;
}) {
  const r = header.resort;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link
          to={href("/resorts")}
          className="font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950"
        >
          All resorts
        </Link>
      </nav>
      <header className="mt-4">
        <ResortPicture
          resort={r}
          label={header.pictureLabel ?? undefined}
          eager
          className="aspect-[16/7] w-full rounded-2xl shadow-sm ring-1 ring-slate-900/5"
        />
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{r.name}</h1>
        <p className="mt-2 text-slate-700">
          {r.location} · resort code {r.code}
        </p>
      </header>
      <nav aria-label={`${r.name}: sections`} className="mt-6 border-b border-slate-200" data-testid="resort-tabs">
        <ul className="-mb-px grid grid-cols-4 sm:flex sm:gap-1">
          {(Object.keys(TAB_LABELS) as ResortTab[]).map((t) => {
            const selected = t === tab;
            return (
              <li key={t}>
                <Link
                  to={resortTabHref(r.slug, t)}
                  aria-current={selected ? "page" : undefined}
                  preventScrollReset
                  className={`block border-b-2 px-1 py-3 text-center text-sm sm:px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 ${
                    selected
                      ? "border-sky-800 text-sky-900"
                      : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900"
                  }`}
                >
                  {TAB_LABELS[t]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </article>
  );
}
