import { href, isRouteErrorResponse } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { isNotFoundData, NotFound } from "./not-found";

/** What a visitor sees when a page fails: a plain explanation, never a stack trace. */
export function describeError(error: unknown) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { title: "Page not found", detail: "We could not find the page you asked for." };
    if (error.status === 403) return { title: "Not allowed", detail: "You do not have permission to see this page." };
    // The database could not be reached (decision 0041): the server's own message, which says to try again shortly.
    if (error.status === 503) {
      const detail = typeof error.data === "string" ? error.data : error.data?.error;
      return { title: "Temporarily unavailable", detail: detail ?? "Please try again in a few seconds." };
    }
    if (error.status < 500) {
      const detail = typeof error.data === "string" ? error.data : error.data?.error;
      return { title: `Request error (${error.status})`, detail: detail ?? "We could not handle that request." };
    }
  }
  return {
    title: "Something went wrong",
    detail: "We could not show this page. Please try again in a moment; if it keeps happening, contact us.",
  };
}

export function ErrorPage({ error }: { error: unknown }) {
  // Every 404 is the one not-found page (issue 13), with a missing listing's own words when the answer says so.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound data={isNotFoundData(error.data) ? error.data : null} />;
  }
  const { title, detail } = describeError(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-700">{detail}</p>
      <LinkButton to={href("/")} className="mt-8">
        Go to the home page
      </LinkButton>
    </div>
  );
}
