import { useEffect, useRef, useState } from "react";

/**
 * The signature: type the name (works without JavaScript; stamped in a script face on the contract) or, once the page
 * runs JavaScript, draw it with the finger or the mouse (signature_pad). The drawing travels as a PNG data URL in
 * `imagePng`; `method` says which.
 */
export function SignatureField({
  legalName,
  stampedOn = "each page of the contract",
}: {
  legalName: string;
  /** Where the typed name is stamped, for the hint. */
  stampedOn?: string;
}) {
  const [method, setMethod] = useState<"typed" | "drawn">("typed");
  const [hydrated, setHydrated] = useState(false);
  const [png, setPng] = useState("");
  // The drawing pad's code arrives after "Draw my signature" is chosen: strokes before that draw nothing.
  const [padReady, setPadReady] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<{ clear(): void; toDataURL(): string; isEmpty(): boolean; off(): void } | null>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (method !== "drawn" || !canvas.current) return;
    let cancelled = false;
    const el = canvas.current;
    import("signature_pad").then(({ default: SignaturePad }) => {
      if (cancelled) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext("2d")?.scale(ratio, ratio);
      const p = new SignaturePad(el, { penColor: "#0f172a" });
      p.addEventListener("endStroke", () => setPng(p.isEmpty() ? "" : p.toDataURL("image/png")));
      pad.current = p;
      setPadReady(true);
    });
    return () => {
      cancelled = true;
      pad.current?.off();
      pad.current = null;
      setPadReady(false);
    };
  }, [method]);

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Your signature</legend>
      <input type="hidden" name="method" value={method} />
      {hydrated && (
        <div className="flex flex-wrap gap-4" role="radiogroup" aria-label="How you sign">
          {(["typed", "drawn"] as const).map((m) => (
            <label key={m} className="inline-flex items-center gap-2 text-slate-800">
              <input
                type="radio"
                name="signature-method"
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
                className="size-4"
              />
              {m === "typed" ? "Type my name" : "Draw my signature"}
            </label>
          ))}
        </div>
      )}
      {method === "typed" ? (
        <p className="rounded-md border border-slate-300 bg-white p-3 font-serif text-2xl italic text-slate-900">
          {legalName}
          <span className="mt-1 block font-sans text-sm not-italic text-slate-600">
            Your legal name above is your signature, stamped on {stampedOn}.
          </span>
        </p>
      ) : (
        <div>
          <canvas
            ref={canvas}
            className="h-40 w-full touch-none rounded-md border border-slate-400 bg-white"
            aria-label="Signature drawing area: draw your signature with your finger or mouse"
            role="img"
            data-pad-ready={padReady || undefined}
          />
          <input type="hidden" name="imagePng" value={png} />
          <button
            type="button"
            className="mt-2 text-sm text-sky-800 underline"
            onClick={() => {
              pad.current?.clear();
              setPng("");
            }}
          >
            Clear the drawing
          </button>
        </div>
      )}
    </fieldset>
  );
}
