import { cn } from "../../../utils/cn.ts";

/** A titled card of the page's side column (Keywords, Sources). */
export function PanelCard({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn("rounded-2xl border border-slate-200 bg-white p-5 shadow-xs", className)}
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
