import { type ComponentType, type ReactNode, useEffect, useRef, useState } from "react";

export type RichTextEditorProps = {
  /** The editable area's id (the label points at it). */
  id: string;
  /** The form field's name: the editor writes its HTML into a hidden input of this name. */
  name: string;
  labelId: string;
  label: string;
  /** The HTML the editor starts with. */
  initial: string;
  required: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  /** The textarea it replaces had the focus: the editor takes it, its cursor at the end, so typing goes on. */
  focused: boolean;
};

/**
 * TipTap is loaded only when a rich text field is on the page and JavaScript runs, so it lands in a chunk of its
 * own and never in a public page's bundle. Should that chunk fail to load, the plain textarea stays.
 */
const loadEditor = () => import("./rich-text-editor").then((m) => m.default);

const textareaClass = "mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm shadow-sm";

/**
 * A rich text form field (decision 0028). The server renders a plain textarea of HTML, so the form works without
 * JavaScript; after hydration it becomes a TipTap editor with a toolbar that writes its HTML into a hidden input of
 * the same name. The server sanitizes what is posted either way (lib/rich-text.server.ts).
 */
export function RichTextField({
  id,
  name,
  label,
  value,
  required,
  readOnly,
  invalid,
  describedBy,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  required: boolean;
  readOnly: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  /** The field's help and error messages, under the control. */
  children?: ReactNode;
}) {
  const labelId = `${id}-label`;
  const noteId = `${id}-html-note`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  const [editing, setEditing] = useState<{ initial: string; version: number; focused: boolean } | null>(null);
  useEffect(() => {
    if (readOnly) return;
    let live = true;
    // The textarea stays, and keeps what is typed into it, until the editor's code is here. The editor then starts
    // from the textarea's text as it is at that moment (read in the same render that replaces the textarea, so no
    // keystroke falls between); a new value (a refused form shown again) starts the editor afresh.
    loadEditor().then(
      (loaded) => {
        if (!live) return;
        setEditor(() => loaded);
        setEditing((e) => ({
          initial: e ? value : (textarea.current?.value ?? value),
          version: (e?.version ?? 0) + 1,
          focused: !e && textarea.current !== null && document.activeElement === textarea.current,
        }));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [readOnly, value]);

  const plain = (
    <>
      <textarea
        ref={textarea}
        id={id}
        name={name}
        defaultValue={value}
        required={required}
        disabled={readOnly}
        rows={10}
        aria-invalid={invalid || undefined}
        aria-describedby={[noteId, describedBy].filter(Boolean).join(" ")}
        className={textareaClass}
      />
      <p id={noteId} className="mt-1 text-sm text-slate-600">
        Formatting is written as HTML here: paragraphs, headings, bold, italic, links, lists, quotes, tables and
        pictures of the media library (img with its alt text) are kept.
      </p>
    </>
  );

  return (
    <div>
      {/* With the editor, the label names its editable area (aria-labelledby) and a click on it focuses it. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a label takes no keyboard focus; keyboard users Tab into the editor */}
      <label
        id={labelId}
        htmlFor={id}
        onClick={editing ? () => document.getElementById(id)?.focus() : undefined}
        className="block text-sm font-medium text-slate-800"
      >
        {label}
        {required && <span className="text-red-700"> *</span>}
      </label>
      {Editor && editing ? (
        <Editor
          key={editing.version}
          id={id}
          name={name}
          labelId={labelId}
          label={label}
          initial={editing.initial}
          required={required}
          invalid={invalid}
          describedBy={describedBy}
          focused={editing.focused}
        />
      ) : (
        plain
      )}
      {children}
    </div>
  );
}
