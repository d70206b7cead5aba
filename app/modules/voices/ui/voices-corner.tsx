import { MessageSquareHeart, Star, X } from "lucide-react";
import { type KeyboardEvent, type SyntheticEvent, useCallback, useEffect, useRef, useState } from "react";
import { href, useFetcher, useLocation, useSearchParams } from "react-router";
import { formatDecimal, plural } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import type { VoicesShell } from "../voices-shell.server";
import { RATING_STEPS, VOICE_MESSAGES } from "../voices";
import { Stars } from "./stars";
import { useIconsOnPage } from "~/components/ui/lucide-icon";

// On every page but the searches: styled by `.corner-tab`, `.corner-panel` and `.rating-choice` in app.css (0104).
const PANEL = "corner-panel";
const TAB = "corner-tab";
/** The two panels share a name, so opening one closes the other (they cover the same corner). */
const CORNER = "voices-corner";

/** Pages about listings get no feedback tab (SPEC "Other shell elements": non-listings pages). */
const LISTING_PAGES = /^\/(listings|listing-info|broker-listings|make-offer|rentals|compare|favorites)(\/|$)/;

function closeOnEscape(e: KeyboardEvent<HTMLDetailsElement>) {
  if (e.key !== "Escape" || !e.currentTarget.open) return;
  e.currentTarget.open = false;
  e.currentTarget.querySelector("summary")?.focus();
}

/**
 * A closed panel's contents are drawn when it first opens (decision 0118): a press on its summary draws them in the
 * same commit, before the browser shows the panel; a panel opened before the page hydrated is drawn at hydration.
 * Before it opens (and without JavaScript) the panel holds what a link-only fallback needs, so every page does not
 * render and send a form and a list that most visitors never open.
 */
function useDrawnWhenOpened(initially: boolean) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [drawn, setDrawn] = useState(initially);
  useEffect(() => {
    if (ref.current?.open) setDrawn(true);
  }, []);
  const draw = useCallback(() => setDrawn(true), []);
  return { ref, drawn, draw };
}

/**
 * The reviews badge and the feedback tab, bottom left (the tool menu holds the right): each a native `<details>`,
 * so both open and work without JavaScript. The feedback form is a plain form post (multipart for the photo).
 */
export function VoicesCorner({ voices }: { voices: VoicesShell }) {
  const { pathname } = useLocation();
  const showFeedback = voices.feedback && !LISTING_PAGES.test(pathname);
  if (!voices.reviews.total && !showFeedback) return null;
  return (
    <div className="fixed bottom-[4.75rem] left-2 z-40 flex gap-2 md:bottom-4 md:left-4 print:hidden">
      {voices.reviews.total ? <ReviewsBadge reviews={voices.reviews} /> : null}
      {showFeedback && voices.feedback ? <FeedbackTab askPhoto={voices.feedback.askPhoto} /> : null}
    </div>
  );
}

function ReviewsBadge({ reviews }: { reviews: VoicesShell["reviews"] }) {
  const average = formatDecimal(reviews.average ?? 0, 1);
  const { ref, drawn, draw } = useDrawnWhenOpened(false);
  return (
    <details ref={ref} name={CORNER} onKeyDown={closeOnEscape} onToggle={draw} onClick={draw} data-reviews-badge>
      <summary className={TAB}>
        <Star aria-hidden className="size-4 fill-amber-500 text-amber-600" />
        <span className="sr-only">Reviews: </span>
        <span>{average}</span>
        <span className="sr-only"> out of 5</span>
        <span className="font-normal text-slate-700">({plural(reviews.total, "review")})</span>
      </summary>
      <section aria-labelledby="reviews-sidebar-title" className={PANEL}>
        <h2 id="reviews-sidebar-title" className="text-lg font-semibold">
          {average} out of 5 from {plural(reviews.total, "review")}
        </h2>
        {/* Without JavaScript the panel shows the average and the two links; the testimonials page has them all. */}
        {drawn ? (
          <ul className="mt-3 divide-y divide-slate-200">
            {reviews.latest.map((r) => (
              <li key={r.id} className="py-3">
                <Stars halves={r.star * 2} />
                <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{r.review}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {r.author} · {formatCalendarDate(r.reviewDate)}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <a href={href("/testimonials")} className="font-semibold text-sky-800 underline">
            Read our testimonials
          </a>
          <a
            href={reviews.writeUrl}
            rel="noopener noreferrer"
            target="_blank"
            className="font-semibold text-sky-800 underline"
          >
            Write a review<span className="sr-only"> (opens Google in a new tab)</span>
          </a>
        </p>
      </section>
    </details>
  );
}

type Answer = { success: boolean; message?: string; error?: string; fields?: Record<string, string[]> };

function FeedbackTab({ askPhoto }: { askPhoto: boolean }) {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const survey = params.get("survey") === "1";
  const { ref, drawn, draw } = useDrawnWhenOpened(survey);
  useIconsOnPage(Star);
  const fetcher = useFetcher<Answer>();
  const [rating, setRating] = useState<string>("");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // The user menu's Survey item opens the panel (`?survey=1`), with or without JavaScript.
  useEffect(() => {
    if (!survey || !ref.current) return;
    draw();
    ref.current.open = true;
  }, [survey, ref, draw]);
  useEffect(() => {
    if (survey && drawn) ref.current?.querySelector<HTMLElement>("input, textarea")?.focus();
  }, [survey, drawn, ref]);
  const returnTo = `${pathname}${search}`.replace(/([?&])survey=1&?/, "$1").replace(/[?&]$/, "");
  // The form's own address (the user menu's Survey item): where the panel opens drawn, without JavaScript too.
  const surveyHref = `${returnTo}${returnTo.includes("?") ? "&" : "?"}survey=1`;

  function onSubmit(e: SyntheticEvent<HTMLFormElement>) {
    // SPEC section 5: without a rating the submit does nothing (the message says why).
    if (!rating) e.preventDefault();
  }

  return (
    <details
      ref={ref}
      name={CORNER}
      open={survey || undefined}
      onKeyDown={closeOnEscape}
      onToggle={draw}
      onClick={draw}
      id="feedback"
      data-feedback-tab
    >
      <summary className={TAB}>
        <MessageSquareHeart aria-hidden className="size-4 text-sky-800" />
        Feedback
      </summary>
      <section aria-labelledby="feedback-title" className={PANEL}>
        <div className="flex items-start justify-between gap-2">
          <h2 id="feedback-title" className="text-lg font-semibold">
            How are we doing?
          </h2>
          <button
            type="button"
            className="rounded-md p-1 hover:bg-slate-100"
            onClick={() => {
              if (ref.current) ref.current.open = false;
            }}
          >
            <X aria-hidden className="size-5" />
            <span className="sr-only">Close the feedback panel</span>
          </button>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          Rate your experience with us. With your permission we may publish it on our testimonials page after reading
          it.
        </p>
        {drawn ? (
          <fetcher.Form
            method="post"
            action={href("/api/user/testimonial")}
            encType="multipart/form-data"
            onSubmit={onSubmit}
            className="mt-3 space-y-4"
          >
            <input type="hidden" name="returnTo" value={returnTo} />
            <fieldset>
              <legend className="text-sm font-semibold">
                Your rating <span className="font-normal text-slate-700">(required)</span>
              </legend>
              <div className="mt-2 grid grid-cols-5 gap-1">
                {RATING_STEPS.map((s) => (
                  <label key={s} className="rating-choice">
                    <input
                      type="radio"
                      name="rating"
                      value={s}
                      required
                      checked={rating === String(s)}
                      onChange={() => setRating(String(s))}
                      className="sr-only"
                    />
                    <Star
                      aria-hidden
                      className={`mr-0.5 size-3.5 ${s % 1 ? "text-amber-600" : "fill-amber-500 text-amber-600"}`}
                    />
                    {s}
                    <span className="sr-only"> of 5 stars</span>
                  </label>
                ))}
              </div>
              {!rating && fetcher.state === "idle" && answer?.fields?.rating ? (
                <p className="mt-1 text-sm text-red-800">{VOICE_MESSAGES.ratingRequired}</p>
              ) : null}
            </fieldset>
            <div>
              <label htmlFor="feedback-comments" className="text-sm font-semibold">
                Tell us more <span className="font-normal text-slate-700">(optional)</span>
              </label>
              <textarea
                id="feedback-comments"
                name="comments"
                rows={4}
                maxLength={2000}
                className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2 text-base"
              />
            </div>
            {askPhoto ? (
              <div>
                <label htmlFor="feedback-photo" className="text-sm font-semibold">
                  Profile image <span className="font-normal text-slate-700">(optional, PNG or JPEG)</span>
                </label>
                <input
                  id="feedback-photo"
                  name="photo"
                  type="file"
                  accept="image/png,image/jpeg"
                  className="mt-1 block w-full text-sm"
                />
              </div>
            ) : null}
            {answer && !answer.success ? (
              <p role="alert" className="rounded-md bg-red-100 px-3 py-2 text-sm font-semibold text-red-900">
                {answer.error ?? VOICE_MESSAGES.feedbackFailed}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              className="w-full rounded-md bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900"
            >
              Send feedback
            </button>
          </fetcher.Form>
        ) : (
          <p className="mt-3 text-sm">
            <a href={surveyHref} className="font-semibold text-sky-800 underline">
              Open the feedback form
            </a>
          </p>
        )}
      </section>
    </details>
  );
}
