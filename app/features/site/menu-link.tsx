import ExternalIcon from "lucide-react/icons/external-link";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import type { MenuItem } from "~/features/site/menu";
import { useClickReport } from "~/features/site/public-site";
import { cn } from "~/ui/cn";

type MenuLinkProps = {
  item: MenuItem;
  /** Classes of every state; the colours go in activeClassName and idleClassName. */
  className?: string;
  /** On the current page. */
  activeClassName?: string;
  /** On any other page (and for external links). */
  idleClassName?: string;
  children?: ReactNode;
  onClick?: () => void;
  /** Mark as current only on exactly this path (overview entries of submenus). */
  end?: boolean;
};

/**
 * A link of the site's menus: external targets open in a new tab, internal ones navigate with
 * the page transition and mark the current page.
 */
export function MenuLink({
  item,
  className,
  activeClassName,
  idleClassName,
  children,
  onClick,
  end,
}: MenuLinkProps) {
  const report = useClickReport(item.path);
  if (item.external) {
    return (
      <a
        href={item.path}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(className, idleClassName)}
        ping={report.ping}
        onClick={() => {
          report.onClick?.();
          onClick?.();
        }}
      >
        {children ?? item.title}
        <ExternalIcon aria-hidden="true" className="ml-1 inline size-3 opacity-60" />
        <span className="sr-only"> (öffnet in neuem Tab)</span>
      </a>
    );
  }
  return (
    <NavLink
      to={item.path}
      end={end || item.path === "/"}
      viewTransition
      className={({ isActive }) => cn(className, isActive ? activeClassName : idleClassName)}
      onClick={onClick}
    >
      {children ?? item.title}
    </NavLink>
  );
}

/** An internal link with the page transition. */
export function PageLink(props: React.ComponentProps<typeof Link>) {
  return <Link viewTransition {...props} />;
}
