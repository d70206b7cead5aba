import { Outlet } from "react-router";
import { ErrorPage } from "~/components/shell/error-page";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { SkipLink } from "~/components/shell/skip-link";

/** Public pages: header with mega menus, the page, footer. Phones get a bottom tab bar, so the page keeps room for it. */
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
    <div className="flex min-h-screen flex-col pb-16 md:pb-0">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="w-full flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
