import { href, redirect } from "react-router";
import { setFlash } from "~/lib/flash.server";
import { getServices } from "~/lib/runtime.server";
import { signOut } from "~/modules/accounts/accounts.server";
import type { Route } from "./+types/logout";

/** POST /logout ends the session and goes home. A GET changes nothing. */
export async function action({ request }: Route.ActionArgs) {
  const { headers } = await signOut(await getServices(), request.headers);
  await setFlash(headers, { kind: "success", message: "You are signed out." });
  return redirect(href("/"), { headers });
}

export async function loader() {
  throw redirect(href("/"));
}
