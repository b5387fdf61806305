// The subpath keeps the rest of Radix (dialogs and more) out of every page's shared chunk.
import * as Slot from "radix-ui/slot";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const variants = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  onDark: "bg-white/95 text-brand-900 shadow-sm hover:bg-white",
} as const;

const sizes = {
  md: "h-11 px-5 text-sm",
  sm: "h-9 px-3 text-sm",
  icon: "size-10",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the single child (e.g. a link) with the button's look. */
  asChild?: boolean;
};

export function Button({ variant = "primary", size = "md", asChild, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
