import { href } from "react-router";
import { Link } from "~/components/ui/link";

/**
 * The home page's plane banner (SPEC section 2 "Other shell elements": setting is_show_plane_banner, switched on at
 * /admin/frontend-design-settings): a small plane towing a banner with the administrator's words, a link to the
 * listings for sale. It stands still (no motion to distract or to switch off).
 */
export function PlaneBanner({ text }: { text: string }) {
  return (
    <div data-plane-banner className="overflow-hidden bg-sky-100">
      <Link
        to={href("/listings")}
        className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-2 text-sky-950 hover:underline focus-visible:outline-2 focus-visible:outline-sky-900"
      >
        <svg aria-hidden viewBox="0 0 48 24" className="h-6 w-12 shrink-0 fill-sky-900">
          <path d="M2 11h16l8-9h4l-4 9h10l4-4h3l-2 5 2 5h-3l-4-4H26l4 9h-4l-8-9H2z" />
        </svg>
        <span aria-hidden className="h-px w-6 shrink-0 bg-sky-900" />
        <span className="rounded-sm border border-sky-900 bg-white px-3 py-0.5 text-sm font-semibold shadow-sm">
          {text}
        </span>
      </Link>
    </div>
  );
}
