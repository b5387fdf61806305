import ArrowRight from "lucide-react/icons/arrow-right";
import CheckCircle2 from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { Link } from "react-router";
import type { ChecklistItem } from "~/features/settings/go-live.server";
import { cn } from "~/ui/cn";

/** The go-live checklist at the top of the Einstellungen tab: each item's state and where to fix it. */
export function GoLiveChecklist({ items }: { items: ChecklistItem[] }) {
  const done = items.filter((item) => item.done).length;
  return (
    <section
      id="livegang"
      aria-labelledby="livegang-title"
      className={cn(
        "rounded-2xl border p-5 sm:p-6",
        done === items.length ? "border-emerald-200 bg-emerald-50" : "border-amber-200 bg-amber-50",
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="livegang-title" className="text-xl font-bold text-slate-900">
          Checkliste für den Livegang
        </h3>
        <p className="text-sm font-semibold text-slate-700">
          {done} von {items.length} erledigt
        </p>
      </div>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li
            key={item.id}
            data-state={item.done ? "erledigt" : "offen"}
            className="flex gap-3 rounded-xl bg-white/80 p-3 sm:p-4"
          >
            {item.done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            ) : (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">
                {item.label}
                <span className="sr-only">: </span>
                <span
                  className={cn(
                    "ml-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
                    item.done ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900",
                  )}
                >
                  {item.done ? "erledigt" : "offen"}
                </span>
              </p>
              <p className="mt-1 text-sm break-words text-slate-700">{item.hint}</p>
              {!item.done && <FixLink item={item} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const linkClass = "mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline";

/** Where an open item is fixed: a section of this page (an anchor) or another admin page. */
function FixLink({ item }: { item: ChecklistItem }) {
  const content = (
    <>
      {item.linkLabel}
      <ArrowRight aria-hidden="true" className="size-4" />
    </>
  );
  return item.href.startsWith("#") ? (
    <a href={item.href} className={linkClass}>
      {content}
    </a>
  ) : (
    <Link to={item.href} className={linkClass}>
      {content}
    </Link>
  );
}
