import { PartyPopper } from "lucide-react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { landingPathFor } from "~/auth/abilities";
import { requireUser } from "~/auth/session.server";
import { LinkButton } from "~/components/ui/button";
import { AuthCard } from "~/modules/accounts/ui/auth-card";
import type { Route } from "./+types/welcome";

export const meta = () => [{ title: "Welcome | Vacation Points Market" }];

/** Thank-you and welcome page after the email is verified: next, the contact details (or straight to the account). */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return { name: viewer.name, role: viewer.role, landing: landingPathFor(viewer), verified: viewer.emailVerified };
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const seller = loaderData.role === "seller";
  return (
    <AuthCard
      title={`Welcome, ${loaderData.name}`}
      intro={
        <p className="flex items-start gap-2">
          <PartyPopper aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-800" />
          <span>
            Thank you for joining Vacation Points Market.{" "}
            {loaderData.verified ? "Your email is verified." : "Please verify your email when you can."}
          </span>
        </p>
      }
    >
      <div className="space-y-4 text-slate-800">
        <p>
          {/* Issue 13: only what the product does. The contract is filled in from the profile (agreement-contract). */}
          {seller
            ? "One more step: add your phone number and mailing address. They go on the purchase agreement when you sell, and we use them to reach you about offers on your listings."
            : "One more step: add your phone number and mailing address. They go on your purchase agreement when an offer is accepted, and we use them to reach you about your offers."}
        </p>
        <LinkButton to={href("/user/complete-profile")} className="w-full">
          Complete my profile
        </LinkButton>
        <p className="text-center text-sm">
          <Link to={loaderData.landing} className="text-sky-800 underline">
            Skip for now and go to my account
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
