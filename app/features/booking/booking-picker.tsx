import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Select } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import { BOOKING_MESSAGES, BOOKING_PAGE as T } from "./messages";
import type { SlotView } from "./slot-view.server";

/**
 * The month view, the day's times and the time zone of /termine/<art> and of a move. Everything
 * is a link or a GET form, so it works without JavaScript; with it, the month is a grid whose
 * days the arrow keys move between (WAI-ARIA date grid), and the visitor's zone is detected.
 */

const WEEKDAYS = [
  ["Mo", "Montag"],
  ["Di", "Dienstag"],
  ["Mi", "Mittwoch"],
  ["Do", "Donnerstag"],
  ["Fr", "Freitag"],
  ["Sa", "Samstag"],
  ["So", "Sonntag"],
] as const;

/** The page's address with `changes` to its query (null removes a parameter). */
export type HrefFor = (changes: Record<string, string | null>) => string;

export function hrefWith(pathname: string, search: URLSearchParams): HrefFor {
  return (changes) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}

const ZONE_OFFERED = new Set<string>();

type ChooserProps = {
  view: SlotView;
  zones: readonly string[];
  hrefFor: HrefFor;
  /** The query's other parameters, kept by the time zone's GET form. */
  hidden: Record<string, string>;
};

export function TimeZoneChooser({ view, zones, hrefFor, hidden }: ChooserProps) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const asked = Object.hasOwn(hidden, "tz");
  // Once, in the browser: the visitor's own zone, unless the address names one.
  useEffect(() => {
    if (asked) return;
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (detected && detected !== view.timeZone && !ZONE_OFFERED.has(detected)) {
      ZONE_OFFERED.add(detected);
      void navigate(hrefFor({ tz: detected }), { replace: true, preventScrollReset: true });
    }
  }, [asked, hrefFor, navigate, view.timeZone]);
  const options = zones.includes(view.timeZone) ? zones : [view.timeZone, ...zones];
  return (
    <Form ref={formRef} method="get" className="flex flex-wrap items-end gap-3" preventScrollReset>
      {Object.entries(hidden).flatMap(([name, value]) =>
        name === "tz" ? [] : [<input key={name} type="hidden" name={name} value={value} />],
      )}
      <div className="space-y-1.5">
        <label htmlFor="booking-tz" className="block text-sm font-medium text-slate-800">
          {T.timeZone}
        </label>
        <Select
          id="booking-tz"
          name="tz"
          value={view.timeZone}
          onChange={(event) => {
            if (hydrated) {
              void navigate(hrefFor({ tz: event.currentTarget.value }), {
                replace: true,
                preventScrollReset: true,
              });
            }
          }}
        >
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </Select>
      </div>
      {!hydrated && (
        <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
          {T.showZone}
        </button>
      )}
      <p className="w-full text-sm text-slate-600">
        {view.timeZone === "Europe/Berlin" ? T.timesIn("Europe/Berlin") : T.ownerZone(view.timeZone)}
      </p>
    </Form>
  );
}

export function MonthGrid({ view, hrefFor }: { view: SlotView; hrefFor: HrefFor }) {
  const hydrated = useHydrated();
  const days = view.weeks.flat().filter((cell) => cell !== null);
  const initial = view.day?.day ?? days.find((cell) => cell.free)?.day ?? days[0]?.day;
  const [focused, setFocused] = useState(initial);
  const [month, setMonth] = useState(view.month);
  if (month !== view.month) {
    setMonth(view.month);
    setFocused(initial);
  }
  const cells = useRef(new Map<string, HTMLElement>());

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const at = days.findIndex((cell) => cell.day === focused);
    if (at === -1) return;
    const weekday = (new Date(`${days[at]!.day}T12:00:00Z`).getUTCDay() + 6) % 7;
    const moves: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -7,
      ArrowDown: 7,
      Home: -weekday,
      End: 6 - weekday,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = days[Math.min(days.length - 1, Math.max(0, at + move))]!;
    setFocused(next.day);
    cells.current.get(next.day)?.focus();
  }

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        {view.previousMonth ? (
          <Link
            to={hrefFor({ monat: view.previousMonth, tag: null, zeit: null })}
            preventScrollReset
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            <span className="sr-only">{T.previousMonth}</span>
          </Link>
        ) : (
          <span className="size-9" />
        )}
        <h3 id="booking-month" className="text-lg font-semibold text-slate-900" aria-live="polite">
          {view.monthLabel}
        </h3>
        {view.nextMonth ? (
          <Link
            to={hrefFor({ monat: view.nextMonth, tag: null, zeit: null })}
            preventScrollReset
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            <span className="sr-only">{T.nextMonth}</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <span className="size-9" />
        )}
      </div>
      <table
        role="grid"
        aria-labelledby="booking-month"
        className="mt-4 w-full table-fixed"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={short}
                scope="col"
                abbr={long}
                className="pb-2 text-center text-xs font-medium text-slate-500"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.weeks.map((week, row) => (
            <tr key={row}>
              {week.map((cell, column) => {
                if (!cell) return <td key={column} role="gridcell" />;
                const selected = view.day?.day === cell.day;
                const number = Number(cell.day.slice(8));
                const roving = hydrated ? { tabIndex: focused === cell.day ? 0 : -1 } : {};
                const ref = (element: HTMLElement | null) => {
                  if (element) cells.current.set(cell.day, element);
                  else cells.current.delete(cell.day);
                };
                return (
                  <td key={column} role="gridcell" aria-selected={selected} className="p-0.5 text-center">
                    {cell.free ? (
                      <Link
                        ref={ref}
                        to={hrefFor({ monat: view.month, tag: cell.day, zeit: null })}
                        preventScrollReset
                        aria-label={`${cell.label}, ${T.dayFree}`}
                        aria-current={selected ? "date" : undefined}
                        onFocus={() => setFocused(cell.day)}
                        {...roving}
                        className={cn(
                          "mx-auto flex size-10 items-center justify-center rounded-full text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:size-11",
                          selected
                            ? "bg-brand-700 text-white"
                            : "bg-brand-50 text-brand-800 hover:bg-brand-100",
                        )}
                      >
                        {number}
                      </Link>
                    ) : (
                      <span
                        ref={ref}
                        aria-disabled="true"
                        aria-label={`${cell.label}, ${T.dayNone}`}
                        onFocus={() => setFocused(cell.day)}
                        {...roving}
                        className="mx-auto flex size-10 items-center justify-center rounded-full text-sm text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-500 sm:size-11"
                      >
                        {number}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {days.every((cell) => !cell.free) && <p className="mt-3 text-sm text-slate-600">{T.noDays}</p>}
    </div>
  );
}

export function DaySlots({ view, hrefFor }: { view: SlotView; hrefFor: HrefFor }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownDay = useRef(view.day?.day);
  // A day picked moves the focus to its times (not on the first render: the page was loaded).
  useEffect(() => {
    if (shownDay.current === view.day?.day) return;
    shownDay.current = view.day?.day;
    heading.current?.focus();
  }, [view.day?.day]);
  if (!view.day) return null;
  return (
    <section aria-labelledby="booking-day" className="mt-8">
      <h3
        id="booking-day"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 outline-none"
      >
        {T.chooseTime}: {view.day.label}
      </h3>
      {view.day.slots.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{T.noSlots}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-4">
          {view.day.slots.map((slot) => (
            <li key={slot.start}>
              <Link
                to={hrefFor({ zeit: slot.start })}
                preventScrollReset
                aria-current={view.slot?.start === slot.start ? "true" : undefined}
                className={cn(
                  buttonClass({
                    variant: view.slot?.start === slot.start ? "primary" : "secondary",
                    size: "sm",
                  }),
                  "w-full",
                )}
              >
                {slot.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The month with its free days (or why none can be shown), the time zone under it: a section
 * whose heading, for screen readers, sits between the page's h1 and the month's h3.
 */
export function DayChooser({
  view,
  zones,
  hrefFor,
  hidden,
  className,
}: ChooserProps & { className?: string }) {
  return (
    <section
      aria-labelledby="booking-choose-day"
      className={cn("rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6", className)}
    >
      <h2 id="booking-choose-day" className="sr-only">
        {T.chooseDay}
      </h2>
      {view.unavailable ? (
        <p role="status" className="text-slate-700">
          {BOOKING_MESSAGES.calendarsUnavailable}
        </p>
      ) : (
        <MonthGrid view={view} hrefFor={hrefFor} />
      )}
      <div className="mt-6 border-t border-slate-200 pt-4">
        <TimeZoneChooser view={view} zones={zones} hrefFor={hrefFor} hidden={hidden} />
      </div>
    </section>
  );
}

/** The times still free after the chosen one was taken, each a link that chooses it. */
export function NextSlotList({
  slots,
  hrefFor,
}: {
  slots: readonly { start: string; label: string }[];
  hrefFor: HrefFor;
}) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {slots.map((slot) => (
        <li key={slot.start}>
          <Link
            to={hrefFor({ tag: null, monat: null, zeit: slot.start })}
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            {slot.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
