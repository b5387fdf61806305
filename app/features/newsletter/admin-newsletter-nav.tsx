import { NavLink } from "react-router";
import { cn } from "~/ui/cn";

/** The Newsletter tab's two views: the subscribers (spec §7) and the issues. */
export function NewsletterNav() {
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-full px-3 py-1.5 text-sm font-semibold",
      isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
    );
  return (
    <nav aria-label="Newsletter" className="flex flex-wrap gap-2">
      <NavLink to="/admin/newsletter" end className={link}>
        Abonnenten
      </NavLink>
      <NavLink to="/admin/newsletter/ausgaben" className={link}>
        Ausgaben
      </NavLink>
    </nav>
  );
}
