import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../utils/cn.ts";

/**
 * A page or panel with nothing to show yet: what will be here, and what to do next. A `page`
 * is the page's main content (its title a heading); a `panel` sits in a list or column that is
 * empty, under that list's own heading.
 */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  size = "page",
  className,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  size?: "page" | "panel";
  className?: string;
}) {
  if (size === "panel") {
    return (
      <div
        className={cn(
          "rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center",
          className,
        )}
      >
        <Icon className="mx-auto size-8 text-brand-600" aria-hidden="true" />
        <p className="mt-3 text-sm font-medium text-slate-900">{title}</p>
        <div className="mt-1 text-sm text-slate-600">{children}</div>
        {action ? <div className="mt-4">{action}</div> : null}
      </div>
    );
  }
  return (
    <section
      className={cn(
        "mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center",
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 space-y-2 text-sm leading-6 text-slate-600">{children}</div>
      {action ? <div className="mt-6">{action}</div> : null}
    </section>
  );
}
