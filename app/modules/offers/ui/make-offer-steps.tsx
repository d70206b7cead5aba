import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, href } from "react-router";
import { Link } from "~/components/ui/link";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormErrors, SelectField } from "~/components/ui/field";
import { formatTerms } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { COUNTRIES } from "~/modules/profile/profile.schema";
import { type OfferContactValues, PHONE_HINT } from "../make-offer.schema";

/**
 * The steps of `/make-offer/{id}` around the offer form (SPEC "make-offer/{id}"): the profile update and address
 * step, and the success modal. Plain forms and links: every step works without JavaScript.
 */

export type Refusal = {
  error?: string;
  fields?: Record<string, string[]> | null;
  values?: Record<string, string | string[]>;
};

const textOf = (refusal: Refusal | null, k: string) => {
  const v = refusal?.values?.[k];
  return typeof v === "string" ? v : undefined;
};

/** Step 1 for a buyer whose legal name, phone or mailing address is missing: the contract needs them. */
export function ContactDetailsStep({
  values,
  missing,
  refusal,
  busy,
}: {
  values: OfferContactValues;
  missing: string[];
  refusal: Refusal | null;
  busy: boolean;
}) {
  const value = (k: keyof OfferContactValues) => textOf(refusal, k) ?? values[k];
  const errors = (k: string) => refusal?.fields?.[k];
  return (
    <Form
      method="post"
      aria-labelledby="details-title"
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <input type="hidden" name="intent" value="details" />
      <div>
        <p className="text-sm font-medium text-sky-800">Step 1 of 2</p>
        <h2 id="details-title" className="text-xl font-semibold text-slate-900">
          Your details for the contract
        </h2>
        <p className="mt-1 text-slate-700">
          If the seller accepts, the purchase agreement names you as the buyer, and the title company calls and mails
          you the closing documents. {missing.length === 1 ? "One thing is" : "A few things are"} missing from your
          profile: we save them there too.
        </p>
      </div>
      <FormErrors errors={refusal?.error ? [refusal.error] : undefined} />
      <Field
        id="details-name"
        name="name"
        label="Full legal name"
        autoComplete="name"
        required
        maxLength={100}
        hint="As it will appear on the contract."
        defaultValue={value("name")}
        errors={errors("name")}
      />
      <Field
        id="details-phone"
        name="phoneNumber"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        required
        maxLength={30}
        hint={PHONE_HINT}
        defaultValue={value("phoneNumber")}
        errors={errors("phoneNumber")}
      />
      <fieldset className="space-y-4">
        <legend className="font-semibold text-slate-900">Mailing address</legend>
        <Field
          id="details-line1"
          name="addressLine1"
          label="Address line 1"
          autoComplete="address-line1"
          required
          maxLength={200}
          defaultValue={value("addressLine1")}
          errors={errors("addressLine1")}
        />
        <Field
          id="details-line2"
          name="addressLine2"
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          maxLength={200}
          defaultValue={value("addressLine2")}
          errors={errors("addressLine2")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="details-city"
            name="city"
            label="City"
            autoComplete="address-level2"
            required
            maxLength={100}
            defaultValue={value("city")}
            errors={errors("city")}
          />
          <Field
            id="details-state"
            name="state"
            label="State, province or region"
            autoComplete="address-level1"
            required
            maxLength={100}
            defaultValue={value("state")}
            errors={errors("state")}
          />
          <Field
            id="details-postal"
            name="postalCode"
            label="ZIP or postal code"
            autoComplete="postal-code"
            required
            maxLength={20}
            defaultValue={value("postalCode")}
            errors={errors("postalCode")}
          />
          <SelectField
            id="details-country"
            name="country"
            label="Country"
            defaultValue={value("country") || "US"}
            errors={errors("country")}
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save and continue to my offer"}
      </Button>
    </Form>
  );
}

export type OfferSent = {
  offerId: number;
  expiresAt: string;
  hours: number;
  points: number;
  pricePerPointCents: number;
  totalCents: number;
};

function OfferSentBody({ sent }: { sent: OfferSent }) {
  return (
    <div className="space-y-4">
      <p className="text-lg font-medium text-slate-900">
        You offered {formatTerms(sent.points, sent.pricePerPointCents, sent.totalCents)}.
      </p>
      <p className="text-slate-800">
        The seller has {sent.hours} hours to answer: until {formatDateTimeEastern(sent.expiresAt)} Eastern. They can
        accept, counter or decline.
      </p>
      <p className="text-slate-800">
        We will email you as soon as they answer. If they counter, you can accept, counter again or walk away from your
        offer's page.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link
          to={href("/v2/profile/offers/:offerId", { offerId: String(sent.offerId) })}
          className={buttonClass("primary")}
        >
          See your offer
        </Link>
        <Link to={href("/listings")} className={buttonClass("secondary")}>
          Keep browsing listings
        </Link>
      </div>
    </div>
  );
}

/**
 * The one confirmation after sending (issue 27): a panel of the page that restates the offer, with or without
 * JavaScript (no dialog and no toast besides). Focus moves to it so a screen reader reads it.
 */
export function OfferSentNotice({ sent }: { sent: OfferSent }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      aria-labelledby="sent-title"
      data-testid="offer-sent"
      className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 sm:p-6"
    >
      <h2
        id="sent-title"
        ref={ref}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-semibold text-emerald-950 outline-none"
      >
        <CheckCircle2 aria-hidden className="size-6 text-emerald-700" />
        Your offer is sent
      </h2>
      <OfferSentBody sent={sent} />
    </section>
  );
}
