import { Outlet } from "react-router";
import { LazyErrorPage as ErrorPage } from "~/components/errors/lazy-error-page";
import { PublicFrame } from "~/components/shell/public-frame";

/** Public pages: header with mega menus, the page, footer and the tool menu (`PublicFrame`, decision 0049). */
export default function FrontEndLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

/** A failing public page keeps the header and footer, so the visitor can carry on. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <PublicFrame>
      <ErrorPage error={error} />
    </PublicFrame>
  );
}
