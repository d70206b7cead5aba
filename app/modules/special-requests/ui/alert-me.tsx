import { BellPlus } from "lucide-react";
import { Form, href, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { Viewer } from "~/auth/viewer";

/**
 * "Alert me about new matches" on /listings, for a signed-in buyer: files the current search as a special request,
 * so a listing that goes live or drops its price to meet it is emailed (the special requests' matcher).
 */
export function AlertMeAboutMatches({
  viewer,
}: {
  /** The signed-in person (the route hands in the root's viewer: a module never imports the root). */
  viewer: Pick<Viewer, "role" | "staffRole" | "impersonatedBy"> | null | undefined;
}) {
  const { search } = useLocation();
  const buyer = viewer?.role === "buyer" && (!viewer.staffRole || !!viewer.impersonatedBy);
  if (!buyer || !search) return null;
  return (
    <Form method="post" action={href("/special-request")} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="from-search" />
      <input type="hidden" name="query" value={search.replace(/^\?/, "")} />
      <Button type="submit" variant="secondary" size="sm">
        <BellPlus aria-hidden className="size-4" />
        Alert me about new matches
      </Button>
      <span className="text-sm text-slate-600">We email you when a new listing matches these filters.</span>
    </Form>
  );
}
