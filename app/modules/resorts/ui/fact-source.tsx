import { formatPerPoint } from "~/lib/format";
import type { PublicDues } from "../resorts.rules";

/**
 * "$10.31/pt for 2026" (or without the year when none is given); an estimate says so: "About $10.31/pt for 2026
 * (our estimate)", and its source says what it is based on.
 */
export function duesPerPointText(d: PublicDues) {
  const figure = `${formatPerPoint(d.perPointCents)}${d.year ? ` for ${d.year}` : ""}`;
  return d.estimate ? `About ${figure} (our estimate)` : figure;
}

/** The source under a fact on a public page ("Source: ..."); nothing when there is none. */
export function FactSource({ source, className = "" }: { source: string | null | undefined; className?: string }) {
  if (!source) return null;
  return (
    <span data-testid="fact-source" className={`mt-1 block text-sm font-normal text-slate-600 ${className}`}>
      Source: {source}
    </span>
  );
}
