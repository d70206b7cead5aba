import { Outlet } from "react-router";

export default function LayoutRoute() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
