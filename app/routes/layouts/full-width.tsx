import { Outlet } from "react-router";
import { PublicFrame } from "~/components/shell/public-frame";

/** Sign-in and sign-up pages and /listings: the same header, tool menu and footer, the page across the full width (no side columns). */
export default function FullWidthLayout() {
  return (
    <PublicFrame mainClassName="px-4 py-8 sm:py-12">
      <Outlet />
    </PublicFrame>
  );
}
