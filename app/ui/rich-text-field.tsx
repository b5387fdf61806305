import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { Field, Textarea } from "~/ui/field";
import type { RichTextEditor as Editor } from "~/ui/rich-text-editor";

/**
 * A long text the owner writes, with a toolbar for bold, italic, headings, lists, links and
 * quotes, stored as Markdown. The page arrives with a plain text area, which is what the form
 * sends and all there is without JavaScript; once the page runs in the browser, the editor is
 * loaded (its own chunk, so no other page carries it) and takes the text area's place, writing
 * each change back into it.
 */
export function RichTextField({
  id,
  name,
  label,
  hint,
  error,
  className,
  toolbarLabel,
  rows = 8,
  ...textarea
}: {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** The toolbar's name; "Formatierung: <label>" by default. */
  toolbarLabel?: string;
  rows?: number;
} & Pick<ComponentProps<"textarea">, "defaultValue" | "maxLength" | "required">) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [editor, setEditor] = useState<{ RichTextEditor: typeof Editor; initial: string } | null>(null);
  useEffect(() => {
    let current = true;
    import("~/ui/rich-text-editor")
      .then(({ RichTextEditor }) => {
        // What the text area holds now: the owner may have typed before the editor arrived.
        if (current) setEditor({ RichTextEditor, initial: area.current?.value ?? "" });
      })
      // Not loaded (offline, a new version deployed meanwhile): the text area stays and works.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);

  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(aria) => (
        <>
          <Textarea
            {...aria}
            {...textarea}
            ref={area}
            name={name}
            rows={rows}
            // Hidden, it is no control the browser could point the owner to.
            required={textarea.required && !editor}
            hidden={Boolean(editor)}
          />
          {editor && (
            <editor.RichTextEditor
              initial={editor.initial}
              onChange={(markdown) => {
                if (area.current) area.current.value = markdown;
              }}
              labelId={`${id}-label`}
              toolbarLabel={toolbarLabel ?? `Formatierung: ${label}`}
              describedBy={aria["aria-describedby"]}
              invalid={aria["aria-invalid"]}
              required={textarea.required}
              rows={rows}
            />
          )}
        </>
      )}
    </Field>
  );
}
