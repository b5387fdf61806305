import type { ComponentProps } from "react";
import { cn } from "~/ui/cn";

const variants = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  onDark: "bg-white/95 text-brand-900 shadow-sm hover:bg-white",
  /** Deletes or cancels something, next to other actions. */
  danger: "text-red-700 hover:bg-red-50",
  dangerOutline: "border border-slate-300 bg-white text-red-700 hover:bg-red-50",
  /** The confirming button of a destructive dialog. */
  destructive: "bg-red-600 text-white shadow-sm hover:bg-red-700",
} as const;

const sizes = {
  md: "h-11 px-5 text-sm",
  sm: "h-9 px-3 text-sm",
  icon: "size-10",
  /** An icon-only button with a 44 px tap target, for rows of small controls on a phone. */
  touchIcon: "size-11",
} as const;

type Look = {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string;
};

/**
 * The classes of a button's look, for a link that looks like a button:
 * `<Link className={buttonClass({ variant: "secondary" })}>`.
 */
export function buttonClass({ variant = "primary", size = "md", className }: Look = {}): string {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60",
    variants[variant],
    sizes[size],
    className,
  );
}

export type ButtonProps = ComponentProps<"button"> & Omit<Look, "className">;

export function Button({ variant, size, className, ...props }: ButtonProps) {
  return <button className={buttonClass({ variant, size, className })} {...props} />;
}
