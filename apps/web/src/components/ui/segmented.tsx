import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../utils/cn.ts";

/**
 * A row of mutually exclusive choices (a period, a view): a fieldset named for screen readers,
 * whose options are toggle buttons with `aria-pressed`.
 */
export function Segmented({
  legend,
  className,
  children,
}: {
  legend: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={cn("inline-flex rounded-lg border border-slate-200 bg-white p-0.5", className)}
    >
      <legend className="sr-only">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function SegmentedOption({
  pressed,
  className,
  ...props
}: Omit<ComponentProps<"button">, "type"> & { pressed: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        "rounded-md px-3 py-1.5 text-sm font-medium",
        pressed ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100",
        className,
      )}
      {...props}
    />
  );
}
