import { Markdown } from "@tiptap/markdown";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import Bold from "lucide-react/icons/bold";
import Heading from "lucide-react/icons/heading";
import Italic from "lucide-react/icons/italic";
import LinkIcon from "lucide-react/icons/link";
import List from "lucide-react/icons/list";
import ListOrdered from "lucide-react/icons/list-ordered";
import Quote from "lucide-react/icons/quote";
import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Input } from "~/ui/field";
import { MARKED_OPTIONS, editorSource, linkAddress, richTextExtensions } from "~/ui/rich-text-markdown";

/**
 * The text editor with its toolbar: the owner sees the formatting while writing and stores
 * Markdown without typing any of it. Loaded by `RichTextField` once the page runs in the browser
 * (this module and the editor library stay out of every other bundle).
 */
export type RichTextEditorProps = {
  /** The stored text (Markdown) the editor starts with. */
  initial: string;
  /** Each change, as Markdown. */
  onChange: (markdown: string) => void;
  /** The field's label, which names the text area and the toolbar. */
  labelId: string;
  /** The toolbar's name ("Formatierung: Text (Abschnitt 2)"). */
  toolbarLabel: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  rows: number;
};

/** Which formats the toolbar shows as switched on where the cursor is. */
function activeFormats(editor: Editor) {
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    heading: editor.isActive("heading"),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    link: editor.isActive("link"),
    blockquote: editor.isActive("blockquote"),
  };
}

export function RichTextEditor({
  initial,
  onChange,
  labelId,
  toolbarLabel,
  describedBy,
  invalid,
  required,
  rows,
}: RichTextEditorProps) {
  const attributes = {
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": "true" } : {}),
    ...(required ? { "aria-required": "true" } : {}),
    class: "markdown rounded-b-lg px-3.5 py-2.5 text-base text-slate-900",
    // The site's focus outline (app.css), drawn inside the frame.
    style: `min-height: ${rows * 1.5 + 1.25}rem; outline-offset: -3px`,
  };
  const editor = useEditor({
    extensions: [...richTextExtensions, Markdown.configure({ markedOptions: MARKED_OPTIONS })],
    content: editorSource(initial),
    contentType: "markdown",
    immediatelyRender: true,
    editorProps: { attributes },
    onUpdate: ({ editor }) => onChange(editor.getMarkdown()),
  });
  // The error and the hint change after a failed save, without a new editor.
  const attributeKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributeKey) as Record<string, string> } });
  }, [editor, attributeKey]);
  const active = useEditorState({ editor, selector: ({ editor }) => activeFormats(editor) });
  const [linkOpen, setLinkOpen] = useState(false);

  return (
    <div className={cn("rounded-lg border border-slate-300 bg-white shadow-sm", invalid && "border-red-600")}>
      <div
        role="group"
        aria-label={toolbarLabel}
        className="flex flex-wrap gap-1 rounded-t-lg border-b border-slate-200 bg-slate-50 p-1"
      >
        <ToolButton
          label="Fett"
          icon={Bold}
          pressed={active.bold}
          onClick={() => editor.chain().focus().toggleBold().run()}
        />
        <ToolButton
          label="Kursiv"
          icon={Italic}
          pressed={active.italic}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        />
        <ToolButton
          label="Überschrift"
          icon={Heading}
          pressed={active.heading}
          // Level 2: the top level the server gives a text (h3 in a page's section, h2 in an issue).
          onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          label="Aufzählung"
          icon={List}
          pressed={active.bulletList}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        />
        <ToolButton
          label="Nummerierte Liste"
          icon={ListOrdered}
          pressed={active.orderedList}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        />
        <ToolButton
          label="Link"
          icon={LinkIcon}
          pressed={active.link}
          expanded={linkOpen}
          onClick={() => setLinkOpen((open) => !open)}
        />
        <ToolButton
          label="Zitat"
          icon={Quote}
          pressed={active.blockquote}
          onClick={() => editor.chain().focus().toggleBlockquote().run()}
        />
      </div>
      {linkOpen && <LinkForm editor={editor} onClose={() => setLinkOpen(false)} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function ToolButton({
  label,
  icon: Icon,
  pressed,
  expanded,
  onClick,
}: {
  label: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  pressed: boolean;
  expanded?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      {...(expanded === undefined ? {} : { "aria-expanded": expanded })}
      // A click keeps the cursor in the text (the keyboard reaches the buttons with Tab).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 aria-pressed:bg-brand-100 aria-pressed:text-brand-800"
    >
      <Icon aria-hidden className="size-5" />
    </button>
  );
}

const LINK_HINT =
  "Eine Seite dieser Website (/contact), eine Webadresse (https://…) oder eine E-Mail-Adresse.";
const LINK_REFUSED =
  "Diese Adresse kann kein Link werden. Gib eine Webadresse (https://…), eine E-Mail-Adresse oder eine Seite dieser Website (/contact) an.";

/**
 * Asks for a link's address, below the toolbar (not a form of its own: it sits inside the page's
 * form, so Enter sets the link instead of sending the page). Without selected text, the address
 * is inserted as the link's text.
 */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const current = editor.getAttributes("link").href as string | undefined;
  const [address, setAddress] = useState(current ?? "");
  const [error, setError] = useState("");
  useEffect(() => input.current?.focus(), []);

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const href = linkAddress(address);
    if (!href) {
      setError(LINK_REFUSED);
      input.current?.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !current) {
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="space-y-2 border-b border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Linkadresse
      </label>
      <Input
        ref={input}
        id={id}
        type="text"
        inputMode="url"
        autoComplete="off"
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          setError("");
        }}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        {...(error ? { "aria-invalid": true } : {})}
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {LINK_HINT}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={apply}>
          Link setzen
        </Button>
        {current && (
          <Button type="button" variant="secondary" onClick={remove}>
            Link entfernen
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={close}>
          Abbrechen
        </Button>
      </div>
    </div>
  );
}
