import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../../utils/cn.ts";

const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
  {
    variants: {
      variant: {
        brand: "bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-200",
        neutral: "bg-slate-100 text-slate-700 ring-1 ring-inset ring-slate-200",
        success: "bg-emerald-50 text-emerald-800 ring-1 ring-inset ring-emerald-200",
        warning: "bg-amber-50 text-amber-900 ring-1 ring-inset ring-amber-200",
      },
    },
    defaultVariants: { variant: "brand" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
