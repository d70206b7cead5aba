/** First focusable element of every page: jumps past the header to the page's content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-sky-900 focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}
