import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { createContext, useContext, useState, type ComponentProps, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
import { useHydrated } from "~/ui/use-hydrated";
import {
  CheckboxField,
  Field,
  Input,
  InputField,
  SelectField as KitSelectField,
  TextareaField,
} from "~/ui/field";
import { RichTextField } from "~/ui/rich-text-field";
import { limitsAt, type FormLimits } from "~/platform/forms/field-limits";
import { CENTRE, FocalPointPicker, MAX_UPLOAD_BYTES, imageSources, useFilePreview } from "~/features/media";
import type { PageImage } from "~/features/pages/page-content";
import { cn } from "~/ui/cn";

/**
 * The pieces of the page editor. Field names are the paths of the page document
 * ("blocks.2.title"), so the server reads the form back into the document, its errors come
 * back under the same names, and each input finds its length limit in the document's schema.
 */

type EditorState = {
  doc: unknown;
  errors: Partial<Record<string, string>>;
  /** The limits of the document's fields, from the schema the server validates it with. */
  limits: FormLimits;
  /**
   * Whether the fields the schema requires are `required`, so the browser insists before any
   * submit (the newsletter issue). The page editor leaves it off: its list buttons save
   * half-filled items on purpose, and the server's messages mark what is missing.
   */
  markRequired?: boolean;
  /** The id of the editor's form, for buttons outside it (a dialog's confirm button). */
  formId?: string;
};
const EditorContext = createContext<EditorState | null>(null);

export function EditorFields({ children, ...state }: EditorState & { children: ReactNode }) {
  return <EditorContext.Provider value={state}>{children}</EditorContext.Provider>;
}

function useEditor(): EditorState {
  const state = useContext(EditorContext);
  if (!state) throw new Error("editor fields belong inside EditorFields");
  return state;
}

/** The value at a dotted path of the document. */
function valueAt(doc: unknown, name: string): unknown {
  return name.split(".").reduce<unknown>((node, key) => {
    if (node === null || typeof node !== "object") return undefined;
    return (node as Record<string, unknown>)[key];
  }, doc);
}

const fieldId = (name: string) => `page-${name.replaceAll(".", "-")}`;

/** What the editor binds to the field `name`: id, value, error, and the limits of its schema. */
function useField(name: string) {
  const { doc, errors, limits, markRequired } = useEditor();
  const value = valueAt(doc, name);
  const { maxLength, required } = limitsAt(limits, name) ?? {};
  return {
    id: fieldId(name),
    name,
    value: typeof value === "string" || typeof value === "number" ? String(value) : "",
    error: errors[name],
    maxLength,
    required: markRequired && required,
  };
}

export function EditorSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}

export function TextField({
  name,
  ...input
}: { name: string; label: ReactNode; hint?: ReactNode } & Omit<
  ComponentProps<"input">,
  "name" | "id" | "defaultValue"
>) {
  const { value, ...field } = useField(name);
  return <InputField {...field} {...input} defaultValue={value} />;
}

/**
 * A text field with its label before it on the same line, for a list's short rows (the menus:
 * a number as the visible label). `describedBy` names a hint elsewhere in the row; the error
 * shows under the row's line.
 */
export function InlineTextField({
  name,
  label,
  describedBy,
  className,
}: {
  name: string;
  label: ReactNode;
  describedBy?: string;
  className?: string;
}) {
  const { id, value, error, maxLength, required } = useField(name);
  const errorId = `${id}-error`;
  const described = [describedBy, error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className={cn("min-w-0", className)}>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-800">
          {label}
        </label>
        <Input
          id={id}
          name={name}
          defaultValue={value}
          maxLength={maxLength}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className="min-w-0 flex-1"
        />
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Checkbox({
  name,
  label,
  hint,
  touch,
}: {
  name: string;
  label: ReactNode;
  hint?: string;
  /** A 44 px tap target (a row of small controls). */
  touch?: boolean;
}) {
  const { doc } = useEditor();
  const value = valueAt(doc, name);
  const { id, error } = useField(name);
  return (
    <CheckboxField
      id={id}
      name={name}
      label={label}
      hint={hint}
      error={error}
      touch={touch}
      defaultChecked={value === true || value === "on"}
    />
  );
}

/**
 * A long text with the toolbar's formatting (bold, italic, headings, lists, links, quotes),
 * stored as Markdown and rendered by the server; a plain text area without JavaScript.
 */
export function MarkdownField({
  name,
  label,
  context,
  rows = 8,
}: {
  name: string;
  label: string;
  /** Where the field is ("Abschnitt 2"), so that each toolbar has a name of its own. */
  context?: string;
  rows?: number;
}) {
  const { value, ...field } = useField(name);
  return (
    <RichTextField
      {...field}
      label={label}
      rows={rows}
      defaultValue={value}
      toolbarLabel={`Formatierung: ${label}${context ? ` (${context})` : ""}`}
    />
  );
}

/**
 * An image of the page: what is there now, its alt text, and a file to replace it. The current
 * image travels in hidden fields, so a save without a new file keeps it.
 */
export function ImageField({ name, label }: { name: string; label: string }) {
  const { doc, errors } = useEditor();
  const image = valueAt(doc, name) as
    | (Partial<Record<Exclude<keyof PageImage, "focus">, string | number>> & {
        focus?: Partial<Record<"x" | "y", string | number>>;
      })
    | undefined;
  const src = String(image?.src ?? "");
  const { value: alt, ...altField } = useField(`${name}.alt`);
  // A newly chosen file shows in the picker, so its focal point can be set before saving.
  const [fileUrl, setFile] = useFilePreview();
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-4">
      <div className="space-y-3">
        <p className="text-sm font-medium text-slate-800">{label}</p>
        <FocalPointPicker
          id={fieldId(name)}
          names={{ x: `${name}.focus.x`, y: `${name}.focus.y` }}
          focus={{ x: image?.focus?.x ?? CENTRE.x, y: image?.focus?.y ?? CENTRE.y }}
          src={fileUrl ?? (src ? imageSources(src, 480).src : undefined)}
          errors={{ x: errors[`${name}.focus.x`], y: errors[`${name}.focus.y`] }}
        />
        <input type="hidden" name={`${name}.src`} value={src} />
        <input type="hidden" name={`${name}.width`} value={String(image?.width ?? "")} />
        <input type="hidden" name={`${name}.height`} value={String(image?.height ?? "")} />
        <InputField
          {...altField}
          label="Alternativtext"
          hint="Beschreibe in einem Satz, was zu sehen ist. Screenreader lesen ihn vor, Suchmaschinen verstehen damit das Bild, und er erscheint, wenn das Bild nicht lädt."
          error={altField.error ?? errors[`${name}.src`]}
          defaultValue={alt}
        />
        <FileInput name={`${name}.file`} label="Neues Bild hochladen (optional)" onFile={setFile} />
      </div>
    </div>
  );
}

/**
 * The slot of a new image appended to a list (`<list>.new`): the file, once chosen its focal
 * point on a preview (the server stores it with the upload), and its alt text. Without
 * JavaScript there is no preview: the image starts centred, and its picker is there after saving.
 */
export function NewImageField({ name, title }: { name: string; title: string }) {
  const { errors } = useEditor();
  const [fileUrl, setFile] = useFilePreview();
  return (
    <ItemCard title={title}>
      <FileInput name={`${name}.file`} label="Bild hochladen" onFile={setFile} />
      {fileUrl && (
        <FocalPointPicker
          id={fieldId(name)}
          names={{ x: `${name}.focus.x`, y: `${name}.focus.y` }}
          focus={CENTRE}
          src={fileUrl}
          errors={{ x: errors[`${name}.focus.x`], y: errors[`${name}.focus.y`] }}
        />
      )}
      <TextField name={`${name}.alt`} label="Alternativtext des neuen Bildes" />
    </ItemCard>
  );
}

export function FileInput({
  name,
  label,
  onFile,
}: {
  name: string;
  label: string;
  /** The chosen file (none: the choice was cleared), for a preview. */
  onFile?: (file: File | undefined) => void;
}) {
  const { id, error } = useField(name);
  return (
    <Field
      id={id}
      label={label}
      hint={`JPEG, PNG, WebP, AVIF oder GIF, höchstens ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Metadaten wie der Aufnahmeort werden entfernt.`}
      error={error}
    >
      {(props) => (
        <input
          {...props}
          type="file"
          name={name}
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          onChange={onFile && ((event) => onFile(event.target.files?.[0]))}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
        />
      )}
    </Field>
  );
}

/** The server's message about a list as a whole ("Höchstens 12 Einträge."), if any. */
export function ListError({ list }: { list: string }) {
  const { errors } = useEditor();
  const error = errors[list];
  return error ? (
    <p id={`${fieldId(list)}-error`} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** The hidden count of a list, so the server knows how many items the form holds. */
export function ListCount({ list, count }: { list: string; count: number }) {
  return <input type="hidden" name={`${list}.count`} value={count} />;
}

/**
 * Move up, move down and remove for one item of a list; each saves the draft. `compact` shows
 * only the icons, each a 44 px tap target, with the same names for screen readers.
 */
export function ItemControls({
  list,
  index,
  count,
  itemLabel,
  canRemove = true,
  compact = false,
  show = "all",
}: {
  list: string;
  index: number;
  count: number;
  /** Names the item for screen readers ("Abschnitt 2"). */
  itemLabel: string;
  canRemove?: boolean;
  compact?: boolean;
  /** Only the move buttons, or only the remove button (a row that puts them apart). */
  show?: "all" | "move" | "remove";
}) {
  const size = compact ? "touchIcon" : "sm";
  const name = (text: string) =>
    compact ? (
      <span className="sr-only">
        {text}: {itemLabel}
      </span>
    ) : (
      <>
        {text}
        <span className="sr-only">: {itemLabel}</span>
      </>
    );
  return (
    <div className="flex shrink-0 flex-wrap gap-1">
      {show !== "remove" && (
        <>
          <Button
            type="submit"
            name="intent"
            value={`up:${list}:${index}`}
            variant="ghost"
            size={size}
            disabled={index === 0}
            title={compact ? "Nach oben" : undefined}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
            {name("Nach oben")}
          </Button>
          <Button
            type="submit"
            name="intent"
            value={`down:${list}:${index}`}
            variant="ghost"
            size={size}
            disabled={index === count - 1}
            title={compact ? "Nach unten" : undefined}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
            {name("Nach unten")}
          </Button>
        </>
      )}
      {canRemove && show !== "move" && (
        <Button
          type="submit"
          name="intent"
          value={`remove:${list}:${index}`}
          variant="danger"
          size={size}
          title={compact ? "Entfernen" : undefined}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {name("Entfernen")}
        </Button>
      )}
    </div>
  );
}

export function AddItemButton({ list, children }: { list: string; children: ReactNode }) {
  return (
    <Button type="submit" name="intent" value={`add:${list}`} variant="secondary" size="sm">
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}

/**
 * A list of the page (blocks, key facts, hero images): each item a card with its fields and its
 * controls, and a button that appends an item when `add` names one.
 */
export function EditableList({
  list,
  count,
  itemLabel,
  itemTitle = itemLabel,
  removable = () => true,
  add,
  removeSelected,
  children,
}: {
  list: string;
  count: number;
  /** Names an item for screen readers ("Abschnitt 2"). */
  itemLabel: (index: number) => string;
  /** The card's heading; the label by default. */
  itemTitle?: (index: number) => string;
  /** Whether an item may be removed at all (all by default). */
  removable?: (index: number) => boolean;
  add?: string;
  /**
   * A button that removes every ticked item at once ("Ausgewählte entfernen") after a question;
   * each card then has a checkbox (`<list>.selected`, the item's index).
   */
  removeSelected?: RemoveSelected;
  children: (index: number) => ReactNode;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const tick = (index: number, on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });
  return (
    <>
      <ListCount list={list} count={count} />
      <div className="space-y-4">
        {Array.from({ length: count }, (_, index) => (
          <ItemCard key={index} title={itemTitle(index)}>
            {removeSelected && (
              <CheckboxField
                id={fieldId(`${list}.selected.${index}`)}
                name={`${list}.selected`}
                value={String(index)}
                label={`Auswählen: ${itemLabel(index)}`}
                onChange={(event) => tick(index, event.target.checked)}
              />
            )}
            {children(index)}
            <ItemControls
              list={list}
              index={index}
              count={count}
              itemLabel={itemLabel(index)}
              canRemove={removable(index)}
            />
          </ItemCard>
        ))}
      </div>
      {(add || removeSelected) && (
        <div className="flex flex-wrap gap-2">
          {removeSelected && count > 0 && (
            <RemoveSelectedButton list={list} count={ticked.size} copy={removeSelected} />
          )}
          {add && <AddItemButton list={list}>{add}</AddItemButton>}
        </div>
      )}
    </>
  );
}

/** The words of "Ausgewählte entfernen" and of the question before it. */
export type RemoveSelected = {
  label: string;
  title: (count: number) => string;
  description: (count: number) => string;
  /** Without JavaScript the page cannot count the ticked boxes. */
  descriptionAny: string;
  confirm: string;
  /** The confirm button's label while the form is sent. */
  pending: string;
  cancel: string;
};

/**
 * "Ausgewählte entfernen" posts the editor's form with the ticked boxes. With JavaScript a
 * dialog first names how many items go; without, a disclosure asks, and its button posts the
 * form as it is (as the project list's selection does).
 */
function RemoveSelectedButton({ list, count, copy }: { list: string; count: number; copy: RemoveSelected }) {
  const { formId } = useEditor();
  const hydrated = useHydrated();
  const confirm = { name: "intent", value: `remove-selected:${list}` };
  const busy = useNavigation().formData?.get("intent") === confirm.value;
  if (!hydrated || !formId) {
    return (
      <details className="text-sm">
        <summary
          className={buttonClass({ variant: "dangerOutline", size: "sm", className: "cursor-pointer" })}
        >
          {copy.label}
        </summary>
        <p className="mt-2 max-w-md text-slate-600">{copy.descriptionAny}</p>
        <Button type="submit" variant="destructive" size="sm" className="mt-2" {...confirm}>
          {copy.confirm}
        </Button>
      </details>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="dangerOutline" size="sm" disabled={count === 0}>
          <Trash2 aria-hidden="true" className="size-4" />
          {copy.label}
        </Button>
      }
      title={copy.title(count)}
      description={copy.description(count)}
      confirmLabel={busy ? copy.pending : copy.confirm}
      cancelLabel={copy.cancel}
      form={(submit) => submit}
      confirmButton={{ ...confirm, form: formId, disabled: busy }}
    />
  );
}

export function ItemCard({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={cn("space-y-4 rounded-lg border border-slate-200 bg-slate-50/50 p-4", className)}
    >
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Text areas for short plain texts (no Markdown). */
export function PlainTextArea({ name, label, rows = 3 }: { name: string; label: string; rows?: number }) {
  const { value, ...field } = useField(name);
  return <TextareaField {...field} label={label} rows={rows} defaultValue={value} />;
}

export function SelectField({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: readonly string[];
}) {
  const { value, ...field } = useField(name);
  return <KitSelectField {...field} label={label} options={options} defaultValue={value} />;
}
