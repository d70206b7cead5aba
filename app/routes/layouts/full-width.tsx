import { Outlet } from "react-router";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { SkipLink } from "~/components/shell/skip-link";
import { ToolMenu } from "~/components/shell/tool-menu";

/** Sign-in and sign-up pages and /listings: the same header, tool menu and footer, the page across the full width (no side columns). */
export default function FullWidthLayout() {
  return (
    <div className="flex min-h-screen flex-col pb-32 md:pr-16 md:pb-0 print:p-0">
      <SkipLink />
      <Header />
      <ToolMenu />
      <main id="main" tabIndex={-1} className="w-full flex-1 px-4 py-8 focus:outline-none sm:py-12">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
