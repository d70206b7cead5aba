import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * The seller's section 3 declarations on the sign page (DOMAIN.md "Money"): a foreign person for US tax (FIRPTA
 * withholds 15% of the price), and, where a state withholds from non-residents (Aulani: HARPTA, 7.25%), whether they
 * live in that state. Unanswered by default: the seller must choose.
 */
export function SellerTaxQuestions({
  residencyState,
  errors,
}: {
  residencyState: string | null;
  errors?: Record<string, string[] | undefined> | null;
}) {
  return (
    <div className="mt-4 space-y-4 rounded-md border border-amber-200 bg-amber-50 p-4">
      <YesNo
        name="sellerForeign"
        legend="Are you a foreign person for US tax? (Not a US citizen, resident alien or US entity.)"
        hint="If yes, FIRPTA: 15% of the price is withheld at closing unless the IRS issues a withholding certificate."
        errors={errors?.sellerForeign}
      />
      {residencyState && (
        <YesNo
          name="sellerStateResident"
          legend={`Are you a resident of ${residencyState}?`}
          hint={`If not, ${residencyState}'s withholding (HARPTA: 7.25% of the amount realised) applies unless form N-289 claims an exemption.`}
          errors={errors?.sellerStateResident}
        />
      )}
    </div>
  );
}

function YesNo({ name, legend, hint, errors }: { name: string; legend: string; hint: string; errors?: string[] }) {
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <p id={hintId} className="text-sm text-slate-700">
        {hint}
      </p>
      <div className="mt-2 flex gap-6">
        {(["yes", "no"] as const).map((v) => (
          <label key={v} className="flex items-center gap-2 text-slate-900">
            <input type="radio" name={name} value={v} required className="size-4" />
            {v === "yes" ? "Yes" : "No"}
          </label>
        ))}
      </div>
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Tells the page's action, once, that the element `targetId` came into view ("viewed section N" in the audit trail).
 * Each section has its own fetcher so that reports never cancel one another. Nothing without JavaScript.
 */
export function ReportWhenSeen({ targetId, section }: { targetId: string; section: number }) {
  const fetcher = useFetcher();
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  useEffect(() => {
    const el = document.getElementById(targetId);
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        void submit.current({ intent: "viewed", section: String(section) }, { method: "post" });
      },
      // Any part of the section in the upper 60% of the window: read, not just passed on the way down.
      { rootMargin: "0px 0px -40% 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [targetId, section]);
  return null;
}
