import { href, redirect } from "react-router";
import type { Route } from "./+types/login";

/** The original's `login` URL: the sign-in page, keeping where to go afterwards. */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).search;
  throw redirect(`${href("/sign-in")}${search}`);
}
