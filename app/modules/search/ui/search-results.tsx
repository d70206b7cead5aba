import type { KeyboardEvent } from "react";
import { Link } from "~/components/ui/link";
import { formatNumber } from "~/lib/format";
import type { SearchGroup } from "../search";

/**
 * The results of a site search grouped by kind (Resorts, Listings for sale...), each group with its count; each
 * result a link with its highlighted title and excerpt (HTML escaped by the server except its `<mark>`s). Up and
 * Down move between results (Home and End to the first and last), Tab works as everywhere.
 */
export function SearchResults({
  groups,
  idPrefix,
  onOpen,
}: {
  groups: SearchGroup[];
  idPrefix: string;
  /** Called when a result is opened (the panel closes). */
  onOpen?: () => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the links inside
    <div onKeyDown={moveBetweenResults} className="space-y-6">
      {groups.map((g) => (
        <section key={g.kind} aria-labelledby={`${idPrefix}-${g.kind}`}>
          <h2 id={`${idPrefix}-${g.kind}`} className="text-base font-semibold text-slate-900">
            {g.label}{" "}
            <span className="font-normal text-slate-600">
              (
              {g.count > g.hits.length
                ? `${formatNumber(g.hits.length)} of ${formatNumber(g.count)}`
                : formatNumber(g.count)}
              )
            </span>
          </h2>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {g.hits.map((h) => (
              <li key={h.id}>
                <Link
                  to={h.url}
                  onClick={onOpen}
                  data-search-result
                  className="block px-3 py-2.5 hover:bg-sky-50 focus-visible:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-700 [&_mark]:rounded-sm [&_mark]:bg-amber-200 [&_mark]:px-0.5 [&_mark]:text-slate-950"
                >
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: escaped on the server, only <mark> tags */}
                  <span className="block font-medium text-sky-900" dangerouslySetInnerHTML={{ __html: h.titleHtml }} />
                  {h.excerptHtml ? (
                    <span
                      className="mt-0.5 block text-sm text-slate-700"
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped on the server, only <mark> tags
                      dangerouslySetInnerHTML={{ __html: h.excerptHtml }}
                    />
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function moveBetweenResults(event: KeyboardEvent<HTMLElement>) {
  if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[data-search-result]")];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (at < 0) return;
  event.preventDefault();
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? links.length - 1
        : Math.min(links.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)));
  links[next]?.focus();
}
