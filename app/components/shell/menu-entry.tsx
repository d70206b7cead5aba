import type { ComponentType, ReactNode } from "react";
import { Link } from "~/components/ui/link";
import type { MenuLink } from "~/modules/content/content.server";

type LinkLike = ComponentType<{ to: string; className?: string; children: ReactNode }>;

/**
 * One entry of a header menu (decision 0065): its link with the description under the label, and its child pages
 * as a list under it. The same in the desktop mega menu, the phone's tab panels and their "all pages" dialog, so a
 * child added at /admin/left-menu-settings shows on every screen size. `as` is the link (a dialog's closes it).
 */
export function MenuEntry({
  item,
  as: To = Link,
  className,
  strong = false,
}: {
  item: MenuLink;
  as?: LinkLike;
  className: string;
  /** The desktop panel's bolder label. */
  strong?: boolean;
}) {
  return (
    <>
      <To to={item.href} className={className}>
        <span className={strong ? "menu-label font-semibold" : "menu-label"}>{item.label}</span>
        {item.description ? <span className="menu-description">{item.description}</span> : null}
      </To>
      {item.children.length ? (
        <ul aria-label={`${item.label}: more`} className="ml-3 border-l border-slate-200 pl-2">
          {item.children.map((child) => (
            <li key={child.href}>
              <To to={child.href} className="block rounded-md px-3 py-1.5 text-sm text-sky-900 hover:bg-slate-100">
                {child.label}
              </To>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
