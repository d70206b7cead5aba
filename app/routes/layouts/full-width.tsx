import { Outlet } from "react-router";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { SkipLink } from "~/components/shell/skip-link";

/** Sign-in and sign-up pages: the same header and footer, the page across the full width (no side columns). */
export default function FullWidthLayout() {
  return (
    <div className="flex min-h-screen flex-col pb-16 md:pb-0">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="w-full flex-1 px-4 py-8 focus:outline-none sm:py-12">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
