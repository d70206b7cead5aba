import { useState } from "react";
import { href, useFetcher, useLocation } from "react-router";

type Answer = { success: boolean; message?: string; error?: string };

const INPUT =
  "mt-1 w-full min-w-0 rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-white";
const BUTTON =
  "shrink-0 rounded-md bg-sky-300 px-4 py-2 font-semibold text-slate-950 hover:bg-sky-200 focus:outline-2 focus:outline-white";

/** "4075550123" -> "(407) 555-0123" while typing (digits only, at most ten). */
export function formatPhoneTyping(raw: string) {
  const d = raw.replace(/\D/g, "").slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

function Result({ answer }: { answer: Answer }) {
  return (
    <p
      role="status"
      className={`mt-2 rounded-md px-3 py-2 text-sm font-semibold ${answer.success ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
    >
      {answer.success ? answer.message : answer.error}
    </p>
  );
}

/**
 * The footer's app-download phone capture (SPEC section 4 "Phone capture") and the newsletter sign-up. Plain forms
 * that work without JavaScript (the call sends the page back with a toast); with JavaScript the answer shows in
 * green or red in place and the phone form is hidden once it succeeded.
 */
export function FooterCapture() {
  const { pathname, search } = useLocation();
  const returnTo = `${pathname}${search}`;
  const phone = useFetcher<Answer>();
  const news = useFetcher<Answer>();
  const app = useFetcher<Answer>();
  const [digits, setDigits] = useState("");
  const phoneAnswer = phone.state === "idle" ? phone.data : undefined;
  return (
    <section aria-labelledby="footer-apps" className="grid gap-8 md:grid-cols-2">
      <div>
        <h2 id="footer-apps" className="text-lg font-semibold text-white">
          Our apps are coming soon
        </h2>
        <p className="mt-2 text-sm text-slate-300">
          Leave your cell number and we will text you once when the app is out for your phone. Nothing else.
        </p>
        {phoneAnswer?.success ? (
          <Result answer={phoneAnswer} />
        ) : (
          <phone.Form method="post" action={href("/api/subscriber")} className="mt-3" noValidate>
            <input type="hidden" name="type" value="phone" />
            <input type="hidden" name="returnTo" value={returnTo} />
            <label htmlFor="capture-phone" className="text-sm font-medium text-white">
              Your cell number
            </label>
            <div className="flex gap-2">
              <input
                id="capture-phone"
                name="contact"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="(407) 555-0123"
                required
                minLength={9}
                maxLength={14}
                value={digits}
                onChange={(e) => setDigits(formatPhoneTyping(e.target.value))}
                aria-describedby={phoneAnswer ? "capture-phone-answer" : undefined}
                className={INPUT}
              />
              <button type="submit" className={`${BUTTON} mt-1`} disabled={phone.state !== "idle"}>
                Text me
              </button>
            </div>
            {phoneAnswer ? (
              <div id="capture-phone-answer">
                <Result answer={phoneAnswer} />
              </div>
            ) : null}
          </phone.Form>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          {(
            [
              ["playstore", "Google Play"],
              ["appstore", "App Store"],
            ] as const
          ).map(([store, label]) => (
            <app.Form key={store} method="post" action={href("/api/app-link-clicks/:store", { store })}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <button
                type="submit"
                className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium text-white hover:bg-white/10 focus:outline-2 focus:outline-white"
              >
                {label}
              </button>
            </app.Form>
          ))}
        </div>
        {app.data?.message ? (
          <p role="status" className="mt-2 text-sm text-slate-200">
            {app.data.message}
          </p>
        ) : null}
      </div>
      <div>
        <h2 id="footer-newsletter" className="text-lg font-semibold text-white">
          Newsletter
        </h2>
        <p className="mt-2 text-sm text-slate-300">
          New resale listings, price trends and guides. We mail a link to confirm first; every newsletter has a
          one-click unsubscribe link.
        </p>
        <news.Form method="post" action={href("/api/newsletter")} className="mt-3" noValidate>
          <input type="hidden" name="returnTo" value={returnTo} />
          <label htmlFor="newsletter-email" className="text-sm font-medium text-white">
            Address for the newsletter
          </label>
          <div className="flex gap-2">
            <input
              id="newsletter-email"
              name="email"
              type="email"
              autoComplete="email"
              placeholder="name@example.com"
              required
              maxLength={254}
              className={INPUT}
            />
            <button type="submit" className={`${BUTTON} mt-1`} disabled={news.state !== "idle"}>
              Subscribe
            </button>
          </div>
          {news.state === "idle" && news.data ? <Result answer={news.data} /> : null}
        </news.Form>
      </div>
    </section>
  );
}
