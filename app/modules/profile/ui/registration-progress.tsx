import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "~/components/ui/link";
import type { RegistrationStep } from "../profile.schema";

/** The registration progress on /v2/profile: what is done, and a link to each thing still to do. */
export function RegistrationProgress({ steps }: { steps: RegistrationStep[] }) {
  const done = steps.filter((s) => s.done).length;
  const percent = Math.round((done / Math.max(1, steps.length)) * 100);
  return (
    <div className="space-y-4" data-testid="registration-progress">
      <div>
        <div className="flex items-baseline justify-between text-sm">
          <span id="registration-progress-label" className="font-medium text-slate-800">
            {done} of {steps.length} done
          </span>
          <span className="text-slate-700">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="registration-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-emerald-600" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {steps.map((s) => (
          <li
            key={s.id}
            data-step={s.id}
            data-done={s.done}
            className="flex items-start gap-2 rounded-md bg-slate-50 p-3"
          >
            {s.done ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            ) : (
              <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
            )}
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {s.label}
                <span className="sr-only">{s.done ? ": done" : ": to do"}</span>
              </p>
              {s.done ? null : (
                <Link to={s.href} className="text-sm text-sky-800 underline">
                  {s.hint}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
