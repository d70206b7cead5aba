import { useEffect, useState } from "react";
import type { MediaPick } from "~/modules/content/media";
import { MediaPicker } from "./media-picker";

/**
 * An image field's "Choose from the media library" (decision 0067): opens the picker and sends the chosen picture's
 * address in a hidden input (`<field>__media`); the server copies it into the field's folder. Shown once JavaScript
 * runs (the picker needs it); without it the file input is the way.
 */
export function LibraryChoice({ name, label }: { name: string; label: string }) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<MediaPick | null>(null);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        {chosen
          ? "Choose another from the media library"
          : `Or choose the ${label.toLowerCase()} from the media library`}
      </button>
      {chosen && (
        <>
          <img src={chosen.thumbUrl} alt="" className="h-12 w-auto rounded border border-slate-200" />
          <span className="text-sm text-slate-700">Chosen: {chosen.title || "Untitled picture"}</span>
          <button type="button" onClick={() => setChosen(null)} className="text-sm text-sky-800 underline">
            Clear
          </button>
          <input type="hidden" name={name} value={chosen.url} />
        </>
      )}
      <MediaPicker open={open} onOpenChange={setOpen} withSizes={false} onChoose={(p) => setChosen(p)} />
    </div>
  );
}
