import { href, Outlet, redirect } from "react-router";
import { landingPathFor } from "~/auth/abilities";
import { requireAbility } from "~/auth/session.server";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { profileNavFor, staffProfileNav } from "~/components/shell/profile-nav";
import { ProfileSidebar } from "~/components/shell/profile-sidebar";
import { SkipLink } from "~/components/shell/skip-link";
import { samePlace } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { getProfileCard } from "~/modules/profile/profile.server";
import type { Route } from "./+types/layout";

const PROFILE_HOME = href("/v2/profile");
const ACCOUNT_PAGE = href("/profile");

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "read", "Profile");
  // Administrators and writers (not impersonating) have no buyer or seller profile: they keep their own account
  // page (name, password, email, photo) and are sent to their landing page from the others.
  const landing = landingPathFor(viewer);
  if (landing !== PROFILE_HOME) {
    if (samePlace(request).split("?")[0] !== ACCOUNT_PAGE) throw redirect(landing);
    return {
      nav: staffProfileNav(landing),
      heading: "Staff account",
      card: await getProfileCard(await getServices(), { actor: viewer }),
    };
  }
  return {
    nav: profileNavFor(viewer.role),
    heading: viewer.role === "seller" ? "Seller account" : "Buyer account",
    card: await getProfileCard(await getServices(), { actor: viewer }),
  };
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col md:flex-row md:gap-8 md:px-6 md:py-8">
        <ProfileSidebar items={loaderData.nav} heading={loaderData.heading} card={loaderData.card} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-0 md:py-0">
          <Outlet />
        </main>
      </div>
      <Footer />
    </div>
  );
}
