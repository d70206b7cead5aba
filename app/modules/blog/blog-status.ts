import { defineAbilityFor, type Viewer } from "~/auth/abilities";

/** A post's states (decision 0080): what a writer may set, and what needs a senior writer or an administrator. */
export const POST_STATUSES = [
  { value: "draft", label: "Draft" },
  { value: "review", label: "In review" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
] as const;
export type PostStatus = (typeof POST_STATUSES)[number]["value"];

/** The states only a publisher (senior writer, administrator) may put a post in or take it out of. */
export const PUBLISHER_STATUSES: readonly string[] = ["scheduled", "published"];

export const statusLabel = (s: string) => POST_STATUSES.find((x) => x.value === s)?.label ?? s;

/** Senior writers and administrators publish, schedule and unpublish; writers do not (the server's question). */
export function canPublish(actor: Viewer | null | undefined): boolean {
  return !!actor && defineAbilityFor(actor).can("manage", "BlogPublish");
}

/** Words per minute of the reading time shown on a post. */
export const WORDS_PER_MINUTE = 230;

/** Minutes to read a text of this many words (at least 1). */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
