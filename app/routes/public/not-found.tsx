import { data } from "react-router";
import { NotFound } from "~/components/shell/not-found";

export function meta() {
  return [{ title: "Page not found | Vacation Points Market" }, { name: "robots", content: "noindex" }];
}

/** Any path no other route claims: a real 404 status with ways back in (the one not-found page). */
export function loader() {
  return data({}, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
