import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "../../utils/cn.ts";

/**
 * House rule 7: a grey block shaped like what it stands in for. Size, shape and shade come
 * from `className`; a span where a div may not go (inside a list item's text, say).
 */
export function Skeleton({
  className,
  as: Tag = "div",
  ...rest
}: Omit<HTMLAttributes<HTMLElement>, "children"> & { as?: "div" | "span" }) {
  return (
    <Tag
      aria-hidden="true"
      {...rest}
      className={cn("animate-pulse rounded-lg bg-slate-100", className)}
    />
  );
}

/**
 * Skeletons that stand for one thing being loaded, announced once by `label` ('Loading
 * mentions'), so assistive technology hears one status instead of a row of empty blocks.
 */
export function SkeletonGroup({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className={className}>
      {children}
    </div>
  );
}
