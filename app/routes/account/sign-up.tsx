import { href, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { landingPathFor } from "~/auth/abilities";
import { getViewer } from "~/auth/session.server";
import { getServices } from "~/lib/runtime.server";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import { getSiteCommission } from "~/modules/settings/tweaks.server";
import type { Route } from "./+types/sign-up";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => [
  { title: "Create an account | Vacation Points Market" },
  {
    name: "description",
    content:
      "Join Vacation Points Market to buy DVC resale points (save listings, make offers online) or to list the Disney Vacation Club contract you want to sell.",
  },
]);

/** "Create an account": choose to buy or to sell, or sign in. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw redirect(landingPathFor(viewer));
  const role = new URL(request.url).searchParams.get("role");
  if (role === "buyer" || role === "seller") throw redirect(`${href("/sign-up/new")}?role=${role}`);
  // The promise to sellers states the commission the closing statement charges (the admin fees tweaks).
  const { db } = await getServices();
  return { commission: (await getSiteCommission(db)).words };
}

const CHOICES = [
  {
    role: "buyer",
    title: "I want to buy",
    text: "Save favorites, compare contracts, make offers and sign your purchase agreement online.",
  },
  {
    role: "seller",
    title: "I want to sell",
    text: "List your contract, see it beside the prices of similar listings, and follow your sale from offer to closing.",
  },
] as const;

export default function SignUpChooser({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Create an account" intro="Join free in a minute. Tell us first whether you are buying or selling.">
      <ul className="grid gap-3">
        {CHOICES.map((c) => (
          <li key={c.role}>
            <Link
              to={`${href("/sign-up/new")}?role=${c.role}`}
              className="block rounded-lg border border-slate-300 p-4 hover:border-sky-700 hover:bg-sky-50"
            >
              <span className="block text-lg font-semibold text-slate-900">{c.title}</span>
              <span className="mt-1 block text-sm text-slate-700">
                {c.text}
                {c.role === "seller"
                  ? ` Our commission is ${loaderData.commission}, paid only when the sale closes.`
                  : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-slate-700">
        Already a member?{" "}
        <Link to={href("/sign-in")} className="font-medium text-sky-800 underline">
          Sign in
        </Link>
      </p>
      <p className="mt-2 text-center">
        <Link to={href("/forgot/password")} className="text-sm font-medium text-sky-800 underline">
          Forgot your password?
        </Link>
      </p>
    </AuthCard>
  );
}
