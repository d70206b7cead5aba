import { Star, StarHalf } from "lucide-react";
import { ratingWords } from "../voices";

/** A rating in half stars, drawn (hidden from screen readers) and said in words. */
export function Stars({ halves, className = "size-4" }: { halves: number; className?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-amber-600">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = halves >= n * 2 ? "full" : halves === n * 2 - 1 ? "half" : "empty";
        return fill === "half" ? (
          <span key={n} aria-hidden className="relative inline-block">
            <Star className={`${className} text-slate-300`} />
            <StarHalf className={`${className} absolute inset-0 fill-current`} />
          </span>
        ) : (
          <Star key={n} aria-hidden className={`${className} ${fill === "full" ? "fill-current" : "text-slate-300"}`} />
        );
      })}
      <span className="sr-only">{ratingWords(halves)}</span>
    </span>
  );
}
