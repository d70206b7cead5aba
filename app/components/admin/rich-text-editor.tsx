import Link from "@tiptap/extension-link";
import { type Editor, EditorContent, Extension, mergeAttributes, Node, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  ImageUp,
  Images,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Redo2,
  Undo2,
} from "lucide-react";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { isSafeHref } from "~/lib/rich-text";
import type { MediaPick } from "~/modules/content/media";
import { MediaPicker } from "./media-picker";
import { type MediaUpload, saveMediaMeta, uploadPicture } from "./media-upload";
import type { RichTextEditorProps } from "./rich-text-field";

/**
 * A picture (decision 0067): a block `<img>` with `src`, `alt`, `width` and `height`, the attributes the server's
 * allow-list keeps. Pictures come from the media library (the picker, or the upload button).
 */
const Picture = Node.create({
  name: "image",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: "" }, width: { default: null }, height: { default: null } };
  },
  parseHTML() {
    return [{ tag: "img[src]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["img", mergeAttributes(HTMLAttributes)];
  },
});

/**
 * Issue 32 (decision 0078): what a content page's body holds beyond the editor's own blocks is kept as it is. A
 * component placed with `<div data-embed="name"></div>` is a block the editor shows by its name; a table (the server
 * keeps tables; the editor makes none) is kept whole and shown as it is; a heading keeps its anchor (`id`).
 */
const Embed = Node.create({
  name: "embed",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      name: {
        default: null,
        parseHTML: (el) => el.getAttribute("data-embed"),
        renderHTML: (attrs) => ({ "data-embed": attrs.name }),
      },
    };
  },
  parseHTML() {
    return [{ tag: "div[data-embed]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["div", mergeAttributes(HTMLAttributes)];
  },
});

const KeptTable = Node.create({
  name: "keptTable",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { html: { default: "", rendered: false } };
  },
  parseHTML() {
    return [{ tag: "table", getAttrs: (el) => ({ html: (el as HTMLElement).outerHTML }) }];
  },
  renderHTML({ node }) {
    const t = document.createElement("template");
    t.innerHTML = String(node.attrs.html);
    return t.content.firstElementChild ?? ["table"];
  },
});

const HeadingAnchors = Extension.create({
  name: "headingAnchors",
  addGlobalAttributes() {
    return [
      {
        types: ["heading"],
        attributes: {
          id: {
            default: null,
            parseHTML: (el) => el.getAttribute("id"),
            renderHTML: (attrs) => (attrs.id ? { id: attrs.id } : {}),
          },
        },
      },
    ];
  },
});

/**
 * Escape leaves the text: Tab indents a list item there (TipTap's list keymap), so Escape then Tab always moves on.
 */
const EscapeLeaves = Extension.create({
  name: "escapeLeaves",
  addKeyboardShortcuts() {
    return { Escape: () => this.editor.commands.blur() };
  },
});

/**
 * The TipTap editor of a rich text field (decision 0028), loaded lazily by `rich-text-field.tsx`. Its schema holds
 * only what the server's allow-list keeps: paragraphs, headings h2-h4, bold, italic, links, lists, blockquotes,
 * line breaks and pictures from the media library (tables are kept by the server but not made here). Its HTML goes into a hidden input named like the field, which the form posts.
 */
export default function RichTextEditor({
  id,
  name,
  labelId,
  label,
  initial,
  required,
  invalid,
  describedBy,
  focused,
}: RichTextEditorProps) {
  const [html, setHtml] = useState(initial);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: "https",
        isAllowedUri: (url) => isSafeHref(url),
        // The server sets rel on an external link and keeps no target (lib/rich-text.server.ts).
        HTMLAttributes: { target: null, rel: null },
      }),
      Picture,
      Embed,
      KeptTable,
      HeadingAnchors,
      EscapeLeaves,
    ],
    content: initial,
    autofocus: focused ? "end" : false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(required ? { "aria-required": "true" } : {}),
        class: "rich-text min-h-40 max-h-[32rem] overflow-y-auto px-3 py-2 text-base text-slate-900 focus:outline-none",
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });

  return (
    <div
      className={`mt-1 rounded-md border bg-white shadow-sm has-[.ProseMirror-focused]:outline-3 has-[.ProseMirror-focused]:outline-offset-2 has-[.ProseMirror-focused]:outline-sky-700 ${
        invalid ? "border-red-600" : "border-slate-400"
      }`}
    >
      {editor && <Toolbar editor={editor} editableId={id} label={label} />}
      <EditorContent editor={editor} />
      <p className="border-t border-slate-200 px-3 py-1 text-xs text-slate-600">
        Ctrl+B bold, Ctrl+I italic. In a list, Tab indents; Esc then Tab leaves the text.
      </p>
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

type Tool = {
  key: string;
  label: string;
  icon: LucideIcon;
  /** A toggle: aria-pressed shows whether the selection has it. */
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
};

/** The formatting buttons: one tab stop, arrow keys move between them (WAI-ARIA toolbar pattern). */
function Toolbar({ editor, editableId, label }: { editor: Editor; editableId: string; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
      href: (e.getAttributes("link").href as string | undefined) ?? "",
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [upload, setUpload] = useState<MediaUpload | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const insertPicture = (p: { src: string; alt: string; width?: number; height?: number }) =>
    editor
      .chain()
      .focus()
      .insertContent({
        type: "image",
        attrs: { src: p.src, alt: p.alt, width: p.width ?? null, height: p.height ?? null },
      })
      .run();
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const chain = () => editor.chain().focus();

  const tools: Tool[] = [
    { key: "bold", label: "Bold", icon: Bold, pressed: state.bold, run: () => chain().toggleBold().run() },
    { key: "italic", label: "Italic", icon: Italic, pressed: state.italic, run: () => chain().toggleItalic().run() },
    {
      key: "h2",
      label: "Heading",
      icon: Heading2,
      pressed: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: "Subheading",
      icon: Heading3,
      pressed: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: "bullet",
      label: "Bullet list",
      icon: List,
      pressed: state.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: "ordered",
      label: "Numbered list",
      icon: ListOrdered,
      pressed: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    { key: "quote", label: "Quote", icon: Quote, pressed: state.quote, run: () => chain().toggleBlockquote().run() },
    { key: "link", label: "Link", icon: Link2, pressed: state.link, run: () => setLinkOpen((o) => !o) },
    { key: "picture", label: "Picture from the media library", icon: Images, run: () => setPickerOpen(true) },
    { key: "upload", label: "Upload a picture", icon: ImageUp, run: () => fileInput.current?.click() },
    { key: "undo", label: "Undo", icon: Undo2, disabled: !state.canUndo, run: () => chain().undo().run() },
    { key: "redo", label: "Redo", icon: Redo2, disabled: !state.canRedo, run: () => chain().redo().run() },
  ];

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const enabled = tools.map((t, i) => (t.disabled ? -1 : i)).filter((i) => i >= 0);
    const at = enabled.indexOf(focusIndex);
    let next: number | undefined;
    if (e.key === "ArrowRight") next = enabled[(at + 1) % enabled.length];
    else if (e.key === "ArrowLeft") next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (e.key === "Home") next = enabled[0];
    else if (e.key === "End") next = enabled[enabled.length - 1];
    if (next === undefined) return;
    e.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  }

  // The tab stop stays on an enabled button (undo is disabled until there is something to undo).
  const tabStop = tools[focusIndex]?.disabled ? tools.findIndex((t) => !t.disabled) : focusIndex;

  return (
    <>
      <div
        role="toolbar"
        aria-label={`${label}: formatting`}
        aria-controls={editableId}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-slate-300 bg-slate-50 p-1"
      >
        {tools.map((t, i) => {
          const Icon = t.icon;
          return (
            <button
              key={t.key}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              title={t.label}
              aria-label={t.label}
              aria-pressed={t.pressed}
              aria-expanded={t.key === "link" ? linkOpen : undefined}
              disabled={t.disabled}
              tabIndex={i === tabStop ? 0 : -1}
              onFocus={() => setFocusIndex(i)}
              // Keep the editor's selection: a mouse press on a button would otherwise move focus first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={t.run}
              className={`inline-flex size-10 items-center justify-center rounded text-slate-800 hover:bg-slate-200 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent ${
                t.pressed ? "bg-sky-100 text-sky-900 ring-1 ring-sky-700" : ""
              } ${t.key === "undo" ? "sm:ml-auto" : ""}`}
            >
              <Icon aria-hidden className="size-5" />
            </button>
          );
        })}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        // No name: the picture goes to the media library, never with the resource form.
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          setUpload({ state: "sending", name: file.name });
          const result = await uploadPicture(file);
          setUpload(result);
          if (result.state === "done") insertPicture({ src: result.location, alt: result.alt });
        }}
      />
      {upload && (
        <UploadNote
          upload={upload}
          editor={editor}
          close={() => {
            setUpload(null);
            editor.commands.focus();
          }}
        />
      )}
      <MediaPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        onChoose={(p: MediaPick, size) =>
          insertPicture({ src: size.url, alt: p.alt, width: size.width, height: size.height })
        }
      />
      {linkOpen && (
        <LinkForm
          key={state.href}
          editor={editor}
          editableId={editableId}
          href={state.href}
          close={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
    </>
  );
}

/** Adds, changes or removes the link at the selection. Not a form of its own: it sits inside the resource form. */
function LinkForm({
  editor,
  editableId,
  href,
  close,
}: {
  editor: Editor;
  editableId: string;
  href: string;
  close: () => void;
}) {
  const [value, setValue] = useState(href);
  const [error, setError] = useState<string | null>(null);
  const inputId = `${editableId}-link`;

  function apply() {
    const url = value.trim();
    if (url === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      close();
      return;
    }
    if (!isSafeHref(url)) {
      setError("Use an address that starts with https://, http://, mailto: or / (a page of this site).");
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link")) {
      // Nothing selected: the address itself becomes the linked text.
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
    }
    close();
  }

  return (
    <PromptBar name="Link">
      <div className="min-w-0 grow basis-56">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          Link address
        </label>
        <input
          id={inputId}
          // Not type=url: the resource form's own validation must not block saving over this helper input.
          type="text"
          inputMode="url"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the link button opened this to type an address
          autoFocus
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            // Enter applies the link instead of submitting the resource form; Escape closes.
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            } else if (e.key === "Escape") {
              e.preventDefault();
              close();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          placeholder="https://..."
          className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
        />
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={apply}
          className="rounded-md bg-sky-800 px-3 py-2 text-sm font-medium text-white hover:bg-sky-900"
        >
          Apply
        </button>
        {href && (
          <button
            type="button"
            onClick={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              close();
            }}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800"
          >
            Remove link
          </button>
        )}
        <button
          type="button"
          onClick={close}
          className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800"
        >
          Cancel
        </button>
      </div>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </PromptBar>
  );
}

/**
 * What became of a picture uploaded from the editor: sending, the SPEC's failure messages, or done with a field to
 * give the new picture its alt text (saved to the library by `/media/meta/save` and set on the placed picture).
 */
function UploadNote({ upload, editor, close }: { upload: MediaUpload; editor: Editor; close: () => void }) {
  const [alt, setAlt] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const altId = `alt-${upload.state === "done" ? upload.id : "x"}`;
  if (upload.state !== "done") {
    return (
      <p
        role={upload.state === "failed" ? "alert" : "status"}
        className={`flex flex-wrap items-center gap-2 border-b border-slate-300 bg-slate-50 px-3 py-2 text-sm ${upload.state === "failed" ? "font-medium text-red-700" : "text-slate-700"}`}
      >
        {upload.state === "sending" ? `Uploading ${upload.name}...` : upload.message}
        {upload.state === "failed" && (
          <button
            type="button"
            onClick={close}
            className="rounded border border-slate-400 bg-white px-2 py-1 text-slate-800"
          >
            Dismiss
          </button>
        )}
      </p>
    );
  }
  async function save() {
    if (upload.state !== "done") return;
    const ok = await saveAlt(upload, alt.trim());
    setNote(ok);
    if (ok === "Metadata saved!") {
      // The placed picture (the last one with this address) takes the alt text too.
      const { doc } = editor.state;
      let at: number | null = null;
      doc.descendants((node, pos) => {
        if (node.type.name === "image" && node.attrs.src === upload.location) at = pos;
      });
      if (at !== null) editor.view.dispatch(editor.state.tr.setNodeAttribute(at, "alt", alt.trim()));
      close();
    }
  }
  return (
    <PromptBar name="The uploaded picture">
      <div className="min-w-0 grow basis-56">
        <label htmlFor={altId} className="block text-sm font-medium text-slate-800">
          Alt text for {upload.name} (what the picture shows)
        </label>
        <input
          id={altId}
          type="text"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the upload just placed the picture; its alt text comes next
          autoFocus
          value={alt}
          maxLength={300}
          onChange={(e) => setAlt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void save();
            } else if (e.key === "Escape") {
              e.preventDefault();
              close();
            }
          }}
          className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
        />
      </div>
      <button
        type="button"
        onClick={() => void save()}
        className="rounded-md bg-sky-800 px-3 py-2 text-sm font-medium text-white hover:bg-sky-900"
      >
        Save alt text
      </button>
      <button
        type="button"
        onClick={close}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800"
      >
        Later
      </button>
      {note && (
        <p role="status" className="w-full text-sm text-slate-700">
          {note}
        </p>
      )}
    </PromptBar>
  );
}

function saveAlt(upload: Extract<MediaUpload, { state: "done" }>, alt: string) {
  return saveMediaMeta({ id: upload.id, title: upload.title, alt });
}

/** A bar under the toolbar that asks one thing (a link's address, an uploaded picture's alt text), named for readers. */
function PromptBar({ name, children }: { name: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would do, but this group is not a form part of its own
    <div
      role="group"
      aria-label={name}
      className="flex flex-wrap items-end gap-2 border-b border-slate-300 bg-slate-50 px-2 py-2"
    >
      {children}
    </div>
  );
}
