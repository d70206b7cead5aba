import { CheckCircle2, Circle } from "lucide-react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAbility } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { readForm } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { REQUIRED_TABS, requiredTabOf } from "~/modules/profile/required";
import { getRequiredItems, requestAddressHelp } from "~/modules/profile/required.server";
import type { Route } from "./+types/required";

/** /required (SPEC "Required page"): sellers only; buyers and others are sent to "/". */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "read", "RequiredPage");
  const tab = requiredTabOf(new URL(request.url).searchParams.get("tab"));
  const items = await orHttpError(async () => getRequiredItems(await getServices(), { actor: viewer }));
  return { tab, items };
}

/** "I need help with my address": an `addressHelp` notification for the administrators (rate-limited). */
export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "read", "RequiredPage");
  const form = await readForm(request);
  try {
    const r = await requestAddressHelp(await getServices(), {
      actor: viewer,
      input: { note: form.get("note") ?? undefined },
    });
    const headers = await setFlash(new Headers(), { kind: "success", message: r.message });
    return redirect(`${href("/required")}?tab=contact`, { headers, status: 303 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export function meta() {
  return [{ title: "Required page · Vacation Points Market" }];
}

export default function Required({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, items } = loaderData;
  const busy = useNavigation().state === "submitting";
  const remaining = items.filter((i) => !i.done).length;
  const shown = items.filter((i) => i.tab === tab);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Required page</h1>
        <p className="mt-1 text-slate-700" data-testid="required-summary">
          {remaining === 0
            ? "Everything we need before closing is in place. Thank you!"
            : `Before a sale can close we still need ${remaining} ${remaining === 1 ? "thing" : "things"} from you.`}
        </p>
      </div>

      {/* Tabs are links (the tab is in the URL), so they work without JavaScript and can be shared. */}
      <nav aria-label="Required page sections">
        <ul className="flex flex-wrap gap-2">
          {REQUIRED_TABS.map((t) => {
            const of = items.filter((i) => i.tab === t.id);
            const complete = of.every((i) => i.done);
            return (
              <li key={t.id}>
                <Link
                  to={`?tab=${t.id}`}
                  aria-current={t.id === tab ? "page" : undefined}
                  preventScrollReset
                  className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium ${
                    t.id === tab
                      ? "border-sky-800 bg-sky-800 text-white"
                      : "border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
                  }`}
                >
                  {complete ? (
                    <CheckCircle2 aria-hidden className="size-4" />
                  ) : (
                    <Circle aria-hidden className="size-4" />
                  )}
                  {t.label}
                  <span className="sr-only">{complete ? "(complete)" : "(needs attention)"}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-label={REQUIRED_TABS.find((t) => t.id === tab)?.label} className="space-y-4">
        <ul className="space-y-3">
          {shown.map((item) => (
            <li
              key={item.id}
              data-testid={`required-${item.id}`}
              data-done={item.done}
              className="rounded-lg border border-slate-200 bg-white p-5"
            >
              <div className="flex items-start gap-3">
                {item.done ? (
                  <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
                ) : (
                  <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
                )}
                <div className="min-w-0 flex-1 space-y-2">
                  <h2 className="font-semibold text-slate-900">
                    {item.label}{" "}
                    <span className={`text-sm font-medium ${item.done ? "text-emerald-800" : "text-amber-800"}`}>
                      {item.done ? "Complete" : "Still needed"}
                    </span>
                  </h2>
                  <p className="text-sm text-slate-700">{item.why}</p>
                  {item.done ? null : (
                    <Link to={item.fixHref} className="inline-block text-sm font-medium text-sky-800 underline">
                      {item.fixLabel}
                    </Link>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>

        {tab === "contact" ? (
          <div className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-slate-900">Not sure which address to give?</h2>
            <p className="mt-1 text-sm text-slate-700">
              If you live abroad, have moved since you bought the contract, or the deed shows an old address, our team
              will help you.
            </p>
            <Form method="post" className="mt-3 space-y-3">
              <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
              <div className="space-y-1">
                <label htmlFor="address-help-note" className="block text-sm font-medium text-slate-800">
                  What do you need help with? (optional)
                </label>
                <textarea
                  id="address-help-note"
                  name="note"
                  rows={2}
                  maxLength={500}
                  className="block w-full rounded-md border border-slate-400 px-3 py-2"
                />
              </div>
              <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                I need help with my address
              </button>
            </Form>
          </div>
        ) : null}
      </section>
    </div>
  );
}
