import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, useNavigation } from "react-router";
import { requireAbility, requireAdminPage } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { handleFormAction, readForm } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { PayerSelect } from "~/modules/offers/ui/offer-ui";
import {
  type AgreementTweaks,
  AgreementTweakSchema,
  ALLOWED_OFFERS,
  COMMISSION_BPS,
  COMMISSION_MINIMUM_DOLLARS,
  DEPOSIT_HOURS,
  DEPOSIT_MINIMUM_DOLLARS,
  DEPOSIT_PERCENT,
  ESTOPPEL_FEE_DOLLARS,
  type FeeTweaks,
  FeeTweakSchema,
  INACTIVE_USER_DAYS,
  InactiveUsersTweakSchema,
  OFFER_EXPIRY_HOURS,
  type OfferTweaks,
  OffersTweakSchema,
  SecurityTweakSchema,
  SELLER_CLOSING_FEE_DOLLARS,
} from "~/modules/settings/tweaks.schema";
import { getTweaks, saveTweaks } from "~/modules/settings/tweaks.server";
import type { Route } from "./+types/tweaks";
import { formatNumber } from "~/lib/format";

/** /admin/tweaks (SPEC admin menu): the sections that exist today, one form each, working without JavaScript. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "manage", "all");
  return page && getTweaks(await getServices(), { actor: page.viewer });
}

const SCHEMAS = {
  "inactive-users": InactiveUsersTweakSchema,
  security: SecurityTweakSchema,
  offers: OffersTweakSchema,
  agreement: AgreementTweakSchema,
  fees: FeeTweakSchema,
} as const;
type Section = keyof typeof SCHEMAS;

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "all");
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  if (!(intent in SCHEMAS))
    return data({ intent: null, result: null, error: "Choose a section to save." }, { status: 400 });
  const section = intent as Section;
  return handleFormAction(request, {
    form: formData,
    schema: SCHEMAS[section],
    echo: { intent: section as Section | null, error: null as string | null },
    run: async (input) => {
      const saved = await saveTweaks(await getServices(), { actor: viewer, input });
      return { redirectTo: href("/admin/tweaks"), message: saved.message, status: 303 };
    },
  });
}

export function meta() {
  return [{ title: "Tweaks · Admin" }];
}

type ActionData = { intent: Section | null; result: SubmissionResult<string[]> | null; error: string | null };

export default function AdminTweaks({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const reply = actionData as ActionData | undefined;
  const resultFor = (s: Section) => (reply?.intent === s ? reply.result : undefined);
  return (
    <div className="max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Tweaks</h1>
        <p className="mt-1 text-slate-700">Site-wide switches. Each section saves on its own.</p>
      </div>
      <FormErrors errors={reply?.error ? [reply.error] : undefined} />
      <InactiveUsersSection days={loaderData.inactiveUserDays} lastResult={resultFor("inactive-users")} />
      <SecuritySection on={loaderData.requireAdminTwoFactor} lastResult={resultFor("security")} />
      <OffersSection offers={loaderData.offers} lastResult={resultFor("offers")} />
      <AgreementSection agreement={loaderData.agreement} lastResult={resultFor("agreement")} />
      <FeesSection fees={loaderData.fees} lastResult={resultFor("fees")} />
    </div>
  );
}

function useBusy(intent: Section) {
  const nav = useNavigation();
  return nav.state === "submitting" && nav.formData?.get("intent") === intent;
}

function InactiveUsersSection({ days, lastResult }: { days: number; lastResult?: SubmissionResult<string[]> | null }) {
  const busy = useBusy("inactive-users");
  const [form, fields] = useForm({
    id: "tweaks-inactive-users",
    lastResult,
    defaultValue: { inactive_user_days: String(days) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InactiveUsersTweakSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="tweaks-inactive-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="tweaks-inactive-heading" className="text-lg font-semibold text-slate-900">
        Inactive users
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A seller with active listings who has not been active for this many days appears in the header's "Inactive
        users" list. The list is rebuilt every night and right after you save.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="inactive-users" />
        <FormErrors errors={form.errors} />
        <div className="max-w-xs">
          <Field
            id="tweak-inactive-days"
            label="Inactive after (days)"
            name={fields.inactive_user_days.name}
            defaultValue={fields.inactive_user_days.initialValue as string | undefined}
            type="number"
            inputMode="numeric"
            step={1}
            min={INACTIVE_USER_DAYS.min}
            max={INACTIVE_USER_DAYS.max}
            required
            hint={`From ${INACTIVE_USER_DAYS.min} to ${INACTIVE_USER_DAYS.max} days; ${INACTIVE_USER_DAYS.default} by default.`}
            errors={fields.inactive_user_days.errors}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save inactive users"}
        </Button>
      </Form>
    </section>
  );
}

function SecuritySection({ on, lastResult }: { on: boolean; lastResult?: SubmissionResult<string[]> | null }) {
  const busy = useBusy("security");
  const [form, fields] = useForm({
    id: "tweaks-security",
    lastResult,
    defaultValue: { require_admin_two_factor: on ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SecurityTweakSchema }),
  });
  return (
    <section aria-labelledby="tweaks-security-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="tweaks-security-heading" className="text-lg font-semibold text-slate-900">
        Security
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="security" />
        <FormErrors errors={form.errors} />
        <div className="space-y-1">
          <label htmlFor="tweak-admin-2fa" className="flex cursor-pointer items-start gap-3 text-base text-slate-900">
            <input
              id="tweak-admin-2fa"
              type="checkbox"
              name={fields.require_admin_two_factor.name}
              defaultChecked={fields.require_admin_two_factor.initialValue === "on"}
              aria-describedby="tweak-admin-2fa-hint"
              className="mt-1 size-4 shrink-0"
            />
            <span className="font-medium">Require two-factor authentication for administrators</span>
          </label>
          <p id="tweak-admin-2fa-hint" className="pl-7 text-sm text-slate-600">
            When on, an administrator without two-factor authentication is asked to set it up before using the admin
            area.
          </p>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save security"}
        </Button>
      </Form>
    </section>
  );
}

function OffersSection({
  offers,
  lastResult,
}: {
  offers: OfferTweaks;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useBusy("offers");
  const [form, fields] = useForm({
    id: "tweaks-offers",
    lastResult,
    defaultValue: {
      offer_expiry_hours: String(offers.expiryHours),
      offers_allowed_default: String(offers.allowedOffers),
      who_pays_dues: offers.whoPaysDues,
      who_pays_closing_costs: offers.whoPaysClosingCosts,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OffersTweakSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="tweaks-offers-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="tweaks-offers-heading" className="text-lg font-semibold text-slate-900">
        Offers and who pays
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        How long an offer or a counter-offer stands before it expires (a reminder goes out halfway), how many open
        offers a buyer may have unless their account says otherwise, and who pays the current year's dues and the
        closing costs when an offer does not say.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="offers" />
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="tweak-offer-hours"
            label="An offer stands for (hours)"
            name={fields.offer_expiry_hours.name}
            defaultValue={fields.offer_expiry_hours.initialValue as string | undefined}
            type="number"
            inputMode="numeric"
            step={1}
            min={OFFER_EXPIRY_HOURS.min}
            max={OFFER_EXPIRY_HOURS.max}
            required
            hint={`From ${OFFER_EXPIRY_HOURS.min} to ${OFFER_EXPIRY_HOURS.max}; ${OFFER_EXPIRY_HOURS.default} by default.`}
            errors={fields.offer_expiry_hours.errors}
          />
          <Field
            id="tweak-offers-allowed"
            label="Open offers a buyer may have"
            name={fields.offers_allowed_default.name}
            defaultValue={fields.offers_allowed_default.initialValue as string | undefined}
            type="number"
            inputMode="numeric"
            step={1}
            min={ALLOWED_OFFERS.min}
            max={ALLOWED_OFFERS.max}
            required
            hint={`From ${ALLOWED_OFFERS.min} to ${ALLOWED_OFFERS.max}; ${ALLOWED_OFFERS.default} by default.`}
            errors={fields.offers_allowed_default.errors}
          />
          <PayerSelect
            id="tweak-who-pays-dues"
            label="Current year's dues paid by"
            name={fields.who_pays_dues.name}
            defaultValue={fields.who_pays_dues.initialValue as string | undefined}
            errors={fields.who_pays_dues.errors}
          />
          <PayerSelect
            id="tweak-who-pays-closing"
            label="Closing costs paid by"
            name={fields.who_pays_closing_costs.name}
            defaultValue={fields.who_pays_closing_costs.initialValue as string | undefined}
            errors={fields.who_pays_closing_costs.errors}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save offers"}
        </Button>
      </Form>
    </section>
  );
}

function AgreementSection({
  agreement,
  lastResult,
}: {
  agreement: AgreementTweaks;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useBusy("agreement");
  const [form, fields] = useForm({
    id: "tweaks-agreement",
    lastResult,
    defaultValue: {
      deposit_percent: String(agreement.depositPercent),
      deposit_minimum: String(agreement.depositMinimumCents / 100),
      deposit_hours: String(agreement.depositHours),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AgreementTweakSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const number = (
    id: string,
    label: string,
    field: (typeof fields)["deposit_percent"],
    r: { min: number; max: number; default: number },
  ) => <WholeNumberField id={id} label={label} field={field} range={r} />;
  return (
    <section aria-labelledby="tweaks-agreement-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="tweaks-agreement-heading" className="text-lg font-semibold text-slate-900">
        Agreement
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The deposit the buyer wires to the title company's escrow once both sides have signed: a percent of the price,
        never less than the minimum (nor more than the price), and the hours the buyer has to wire it. A reminder goes
        out halfway; at the deadline the administrators are told. Agreements already sent keep their deposit.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="agreement" />
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-3">
          {number("tweak-deposit-percent", "Deposit (percent of the price)", fields.deposit_percent, DEPOSIT_PERCENT)}
          {number(
            "tweak-deposit-minimum",
            "Minimum deposit (dollars)",
            fields.deposit_minimum,
            DEPOSIT_MINIMUM_DOLLARS,
          )}
          {number("tweak-deposit-hours", "Hours to wire it", fields.deposit_hours, DEPOSIT_HOURS)}
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save agreement"}
        </Button>
      </Form>
    </section>
  );
}

/** A whole-number setting with its range and default in the hint. */
function WholeNumberField({
  id,
  label,
  field,
  range: r,
  unit = "From",
}: {
  id: string;
  label: string;
  field: { name: string; initialValue?: unknown; errors?: string[] };
  range: { min: number; max: number; default: number };
  unit?: string;
}) {
  return (
    <Field
      id={id}
      label={label}
      name={field.name}
      defaultValue={field.initialValue as string | undefined}
      type="number"
      inputMode="numeric"
      step={1}
      min={r.min}
      max={r.max}
      required
      hint={`${unit} ${formatNumber(r.min)} to ${formatNumber(r.max)}; ${formatNumber(r.default)} by default.`}
      errors={field.errors}
    />
  );
}

function FeesSection({ fees, lastResult }: { fees: FeeTweaks; lastResult?: SubmissionResult<string[]> | null }) {
  const busy = useBusy("fees");
  const [form, fields] = useForm({
    id: "tweaks-fees",
    lastResult,
    defaultValue: {
      commission_percent: String(fees.commissionPercent),
      commission_minimum: String(fees.commissionMinimumCents / 100),
      estoppel_fee: String(fees.estoppelFeeCents / 100),
      seller_closing_fee: String(fees.sellerClosingFeeCents / 100),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FeeTweakSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const dollars = (
    id: string,
    label: string,
    field: (typeof fields)["commission_minimum"],
    r: { min: number; max: number; default: number },
  ) => <WholeNumberField id={id} label={label} field={field} range={r} unit="Dollars, from" />;
  return (
    <section aria-labelledby="tweaks-fees-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="tweaks-fees-heading" className="text-lg font-semibold text-slate-900">
        Admin fees
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        What the closing statements use: the commission taken from the seller's proceeds (a seller's own adjusted
        commission in their settings wins), and the estoppel fee and the seller's closing fee when the title company's
        cost table gives none.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="fees" />
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="tweak-commission-percent"
            label="Commission (percent of the price)"
            name={fields.commission_percent.name}
            defaultValue={fields.commission_percent.initialValue as string | undefined}
            type="number"
            inputMode="decimal"
            step={0.01}
            min={COMMISSION_BPS.min / 100}
            max={COMMISSION_BPS.max / 100}
            required
            hint={`Up to two decimals, from 0 to ${COMMISSION_BPS.max / 100}; ${COMMISSION_BPS.default / 100} by default.`}
            errors={fields.commission_percent.errors}
          />
          {dollars(
            "tweak-commission-minimum",
            "Minimum commission",
            fields.commission_minimum,
            COMMISSION_MINIMUM_DOLLARS,
          )}
          {dollars("tweak-estoppel-fee", "Estoppel fee", fields.estoppel_fee, ESTOPPEL_FEE_DOLLARS)}
          {dollars(
            "tweak-seller-closing-fee",
            "Seller's closing fee",
            fields.seller_closing_fee,
            SELLER_CLOSING_FEE_DOLLARS,
          )}
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save admin fees"}
        </Button>
      </Form>
    </section>
  );
}
