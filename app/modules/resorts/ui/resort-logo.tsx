/**
 * A resort's logo over a monogram of its code. If the image is missing the monogram shows through
 * (an image with empty alt draws nothing when it fails), so no broken-image icon ever appears.
 */
export function ResortLogo({ code, logoPath, size = "md" }: { code: string; logoPath: string; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-20 text-lg" : "size-14 text-sm";
  return (
    <span
      aria-hidden="true"
      className={`relative inline-flex ${box} shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-sky-50 font-bold tracking-wide text-sky-900`}
    >
      {code}
      <img src={logoPath} alt="" loading="lazy" className="absolute inset-0 size-full bg-white object-contain p-1" />
    </span>
  );
}
