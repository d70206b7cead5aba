import { BadgeCheck, CircleAlert } from "lucide-react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAbility } from "~/auth/session.server";
import { formatNumber } from "~/lib/format";
import { formatDateTimeEastern, formatDateEastern } from "~/lib/format-dates";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { buttonClass } from "~/components/ui/button";
import { listWaitingOn } from "~/modules/offers/offer-money.server";
import { WaitingList, waitingItemsOf } from "~/modules/offers/ui/waiting-list";
import { getProfileOverview } from "~/modules/profile/profile.server";
import { RegistrationProgress } from "~/modules/profile/ui/registration-progress";
import type { Route } from "./+types/overview";

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "read", "Profile");
  return orHttpError(async () => {
    const services = await getServices();
    const [me, waiting] = await Promise.all([
      getProfileOverview(services, { actor: viewer }),
      listWaitingOn(services, { actor: viewer }),
    ]);
    return {
      ...me,
      waiting: {
        offers: waiting.offers.map((o) => ({ ...o, dueAt: o.dueAt.toISOString() })),
        agreements: waiting.agreements.map((a) => ({ ...a, dueAt: a.dueAt ? a.dueAt.toISOString() : null })),
      },
    };
  });
}

export function meta() {
  return [{ title: "My profile · Vacation Points Market" }];
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-800">{children}</div>
    </section>
  );
}

export default function ProfileOverview({ loaderData: me }: Route.ComponentProps) {
  const waiting = waitingItemsOf(me.waiting);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">My profile</h1>
        <p className="mt-1 text-slate-700">Welcome back, {me.name}.</p>
      </div>

      <Section id="waiting" title={waiting.length ? `Waiting on you (${waiting.length})` : "Waiting on you"}>
        <WaitingList items={waiting} />
      </Section>

      <Section id="account" title="Account">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm font-medium text-slate-700">Name</dt>
          <dd className="-mt-2 sm:mt-0">{me.name}</dd>
          <dt className="text-sm font-medium text-slate-700">Email</dt>
          <dd className="-mt-2 break-all sm:mt-0">{me.email}</dd>
          <dt className="text-sm font-medium text-slate-700">Account type</dt>
          <dd className="-mt-2 sm:mt-0">{me.role === "seller" ? "Seller" : "Buyer"}</dd>
          <dt className="text-sm font-medium text-slate-700">Email verified</dt>
          <dd className="-mt-2 sm:mt-0">
            {me.emailVerified ? (
              <span className="inline-flex items-center gap-1 text-emerald-800">
                <BadgeCheck aria-hidden className="size-4" /> Verified
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-amber-800">
                <CircleAlert aria-hidden className="size-4" /> Not verified yet
              </span>
            )}
          </dd>
          <dt className="text-sm font-medium text-slate-700">Member since</dt>
          <dd className="-mt-2 sm:mt-0">
            <time dateTime={me.memberSince} title={`${formatDateTimeEastern(me.memberSince)} Eastern`}>
              {formatDateEastern(me.memberSince)}
            </time>
          </dd>
        </dl>
      </Section>

      {me.listings && (
        <Section id="listings" title="My listings">
          <dl className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="seller-listing-counts">
            {(
              [
                ["Active", me.listings.active],
                ["Pending", me.listings.pending],
                ["Deactivated", me.listings.deactivated],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-md bg-slate-50 p-3">
                <dt className="text-xs text-slate-700 sm:text-sm">{label}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-700">
            Active listings are shown to buyers; pending ones are waiting for our review; deactivated ones are hidden.
          </p>
        </Section>
      )}

      <Section id="registration" title="Registration progress">
        <RegistrationProgress steps={me.progress} />
      </Section>

      <Section id="settings" title="Settings">
        <p>Change your name, phone number, mailing address, password, photo and email address.</p>
        <div className="flex flex-wrap gap-3">
          <Link to={href("/profile")} className={buttonClass("secondary")}>
            Account settings
          </Link>
          <Link to={`${href("/profile")}#preferences`} className={buttonClass("secondary")}>
            Edit settings
          </Link>
          <Link to={href("/profile/security")} className={buttonClass("secondary")}>
            Security
          </Link>
        </div>
      </Section>

      {me.role === "seller" ? (
        <Section id="required" title="Required page">
          <p>What we still need from you before a contract can close, and where to provide it.</p>
          <Link to={href("/required")} className="text-sky-800 underline">
            Open the Required page
          </Link>
        </Section>
      ) : (
        <Section id="special-requests" title="Special requests">
          <p>
            Looking for a particular resort, use year or number of points? File a special request and we email you when
            a listing that meets it goes live or drops its price.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={href("/special-request")} className={buttonClass("secondary")}>
              New special request
            </Link>
            <Link to={href("/my-special-requests")} className={buttonClass("secondary")}>
              My special requests
            </Link>
          </div>
        </Section>
      )}
    </div>
  );
}
