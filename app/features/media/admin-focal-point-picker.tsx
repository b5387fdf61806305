import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { InputField } from "~/ui/field";
import { clampPercent, FOCUS_LABELS, type Focus } from "./focus";

type Props = {
  /** Prefix of the ids ("project-image"); each picker on a page needs its own. */
  id: string;
  /** The form fields of the two coordinates ("image_focus_x", "heroImages.0.focus.x"). */
  names: { x: string; y: string };
  /** As stored, or as the form sent it (a refused value is shown again as it was). */
  focus: { x: number | string; y: number | string };
  /** The image as it is now (a new file's object URL too); none: only the two numbers. */
  src?: string;
  errors?: { x?: string; y?: string };
};

const KEY_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The focal point of an image: the owner taps or clicks the important spot on the preview, or
 * moves the marker with the arrow keys (Shift: 10 % at a time). The two number inputs are what
 * the form sends; without JavaScript they are the whole control, with it the picker writes them.
 */
export function FocalPointPicker({ id, names, focus, src, errors = {} }: Props) {
  const [text, setText] = useState({ x: String(focus.x), y: String(focus.y) });
  const point = { x: clampPercent(Number(text.x)), y: clampPercent(Number(text.y)) };
  const set = (next: Focus) => setText({ x: String(clampPercent(next.x)), y: String(clampPercent(next.y)) });

  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    if (event.type === "pointermove" && event.buttons !== 1) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    set({
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    });
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const by = event.shiftKey ? 10 : 1;
    set({ x: point.x + step[0] * by, y: point.y + step[1] * by });
  };

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-800">{FOCUS_LABELS.picker}</legend>
      {src && (
        <div className="flex flex-wrap items-start gap-4">
          <div
            role="slider"
            tabIndex={0}
            aria-label={`${FOCUS_LABELS.picker} (Pfeiltasten verschieben)`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={point.x}
            aria-valuetext={`${point.x} % von links, ${point.y} % von oben`}
            onPointerDown={onPointer}
            onPointerMove={onPointer}
            onKeyDown={onKey}
            className="relative w-fit max-w-full cursor-crosshair touch-none rounded-md select-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <img
              src={src}
              alt=""
              draggable={false}
              className="block max-h-56 w-auto max-w-full rounded-md border border-slate-200 bg-slate-50"
            />
            <span
              aria-hidden="true"
              data-focus-marker=""
              className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600/70 shadow-[0_0_0_2px_rgb(15_23_42/0.6)]"
              style={{ left: `${point.x}%`, top: `${point.y}%` }}
            />
          </div>
          {/* What a card's 3:2 crop and a wide hero's crop keep of it. */}
          <div className="space-y-1 text-xs text-slate-600" aria-hidden="true">
            <p>Ausschnitt</p>
            <img
              src={src}
              alt=""
              className="aspect-[3/2] w-28 rounded border border-slate-200 bg-slate-50 object-cover"
              style={{ objectPosition: `${point.x}% ${point.y}%` }}
            />
            <img
              src={src}
              alt=""
              className="aspect-square w-16 rounded border border-slate-200 bg-slate-50 object-cover"
              style={{ objectPosition: `${point.x}% ${point.y}%` }}
            />
          </div>
        </div>
      )}
      <div className="grid max-w-sm grid-cols-2 gap-3">
        <InputField
          id={`${id}-focus-x`}
          name={names.x}
          label={FOCUS_LABELS.x}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={text.x}
          onChange={(event) => setText({ ...text, x: event.target.value })}
          error={errors.x}
        />
        <InputField
          id={`${id}-focus-y`}
          name={names.y}
          label={FOCUS_LABELS.y}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={text.y}
          onChange={(event) => setText({ ...text, y: event.target.value })}
          error={errors.y}
        />
      </div>
    </fieldset>
  );
}
