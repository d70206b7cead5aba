/** The URL part of a name ("Lakeside Timeshare Brokers" -> "lakeside-timeshare-brokers"), `fallback` when none. */
export function slugOf(name: string, fallback: string, max = 60) {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, max)
      .replace(/-+$/g, "") || fallback
  );
}
