import { Outlet } from "react-router";
import { ErrorPage } from "~/components/shell/error-page";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { SkipLink } from "~/components/shell/skip-link";
import { ToolMenu } from "~/components/shell/tool-menu";

/**
 * Public pages: header with mega menus, the page, footer and the right-side tool menu. Phones get a bottom tab bar and
 * a Tools button above it, so the page keeps room for both; from 768 px the tool rail keeps a gutter on the right.
 */
export default function FrontEndLayout() {
  return (
    <FrontEndFrame>
      <Outlet />
    </FrontEndFrame>
  );
}

/** A failing public page keeps the header and footer, so the visitor can carry on. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <FrontEndFrame>
      <ErrorPage error={error} />
    </FrontEndFrame>
  );
}

function FrontEndFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col pb-32 md:pr-16 md:pb-0 print:p-0">
      <SkipLink />
      <Header />
      <ToolMenu />
      <main id="main" tabIndex={-1} className="w-full flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
