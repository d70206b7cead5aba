import { Check, Circle, CircleDot } from "lucide-react";
import { formatCalendarDate } from "~/lib/format-dates";

export type TimelineItemView = {
  step: string;
  label: string;
  state: "done" | "current" | "ahead";
  date: string | null;
  overdue: boolean;
  basis: string | null;
};

/**
 * The deal timeline (issue 11 "Screens"): an ordered list of the steps, each done one with its date, the current one
 * marked (aria-current="step") with what the viewer must do now, and the expected dates of the steps ahead with the
 * basis of those dates in words. One column at any width, so it reads at 375 px.
 */
export function DealTimeline({
  items,
  basis,
  now,
}: {
  items: TimelineItemView[];
  basis: string | null;
  now: { title: string; text: string; children?: React.ReactNode };
}) {
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900">
        Deal timeline
      </h2>
      <ol className="mt-3 space-y-0">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          const current = item.state === "current";
          return (
            <li
              key={item.step}
              aria-current={current ? "step" : undefined}
              className="relative flex gap-3 pb-5 last:pb-0"
            >
              {!last && (
                <span
                  aria-hidden
                  className={`absolute top-7 left-[0.6875rem] h-[calc(100%-1.75rem)] w-0.5 ${item.state === "done" ? "bg-emerald-600" : "bg-slate-300"}`}
                />
              )}
              <span aria-hidden className="relative z-10 mt-0.5 flex size-6 shrink-0 items-center justify-center">
                {item.state === "done" ? (
                  <span className="flex size-6 items-center justify-center rounded-full bg-emerald-600 text-white">
                    <Check className="size-4" />
                  </span>
                ) : current ? (
                  <CircleDot className="size-6 text-sky-700" />
                ) : (
                  <Circle className="size-6 text-slate-400" />
                )}
              </span>
              <div
                className={`min-w-0 flex-1 ${current ? "rounded-lg border border-sky-200 bg-sky-50 p-3 sm:p-4" : ""}`}
              >
                <p className={`font-medium ${item.state === "ahead" ? "text-slate-700" : "text-slate-900"}`}>
                  {item.label}
                  {current && <span className="sr-only"> (current step)</span>}
                </p>
                <p className="text-sm text-slate-700">
                  {item.state === "done" && item.date && (
                    <>
                      Done <time dateTime={item.date}>{formatCalendarDate(item.date)}</time>
                    </>
                  )}
                  {item.state !== "done" && item.step !== "ended" && item.date && (
                    <>
                      Expected <time dateTime={item.date}>{formatCalendarDate(item.date)}</time>
                      {item.overdue && <strong className="ml-1 text-amber-800">(later than usual)</strong>}
                    </>
                  )}
                  {item.step === "ended" && item.date && (
                    <time dateTime={item.date}>{formatCalendarDate(item.date)}</time>
                  )}
                </p>
                {current && (
                  <div className="mt-2">
                    <p className="font-semibold text-slate-900">Now: {now.title}</p>
                    <p className="mt-1 text-slate-800">{now.text}</p>
                    {now.children}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {basis && <p className="mt-3 text-sm text-slate-700">{basis}</p>}
    </section>
  );
}
