import type { ReactNode } from "react";
import { Footer } from "./footer";
import { Header } from "./header";
import { HeaderBanner } from "./header-banner";
import { SkipLink } from "./skip-link";
import { ToolMenu } from "./tool-menu";
import { ToolMenuProvider } from "./tool-menu-context";

/**
 * The frame of every public page (the front-end and full-width layouts): header, the page, footer and the tool
 * menu. Header, page and footer run to both edges of the window; the tool menu floats (a Tools tab in the phone's
 * tab bar, a round Tools button, or a slim rail in the gutter of wide screens) and takes no strip of its own
 * (decision 0049). The room the phone's tab bar needs is kept by app.css for every layout that shows it.
 */
export function PublicFrame({ children, mainClassName = "" }: { children: ReactNode; mainClassName?: string }) {
  return (
    <ToolMenuProvider>
      <div className="flex min-h-screen flex-col print:p-0">
        <SkipLink />
        <HeaderBanner />
        <Header />
        <ToolMenu />
        <main id="main" tabIndex={-1} className={`w-full flex-1 focus:outline-none ${mainClassName}`}>
          {children}
        </main>
        <Footer />
      </div>
    </ToolMenuProvider>
  );
}
