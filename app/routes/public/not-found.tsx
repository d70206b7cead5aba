import { data, href, Link } from "react-router";
import { LinkButton } from "~/components/ui/button";

export function meta() {
  return [{ title: "Page not found | Vacation Points Market" }, { name: "robots", content: "noindex" }];
}

/** Any path no other route claims: a real 404 status with ways back in. */
export function loader() {
  return data({}, { status: 404 });
}

export default function NotFoundPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-sky-800 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-lg text-slate-700">
        We could not find that page. It may have moved, or the listing it showed may have sold.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LinkButton to={href("/")}>Go to the home page</LinkButton>
        <LinkButton to={href("/resorts")} variant="secondary">
          Browse the resorts
        </LinkButton>
        <LinkButton to={href("/sign-in")} variant="secondary">
          Sign in
        </LinkButton>
      </div>
      <p className="mt-10 text-slate-700">
        Looking for something specific? Try{" "}
        <Link to={href("/how-dvc-works")} className="font-medium text-sky-800 underline">
          how DVC works
        </Link>{" "}
        or{" "}
        <Link to={href("/resale-restrictions")} className="font-medium text-sky-800 underline">
          the resale restrictions
        </Link>
        .
      </p>
    </div>
  );
}
