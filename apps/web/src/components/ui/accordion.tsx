import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../utils/cn.ts";

/**
 * A disclosure accordion on <details>/<summary>: keyboard and screen-reader support come from
 * the browser, it works before hydration, and items sharing `name` open one at a time.
 */
export function Accordion({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("divide-y divide-slate-200", className)}>{children}</div>;
}

export function AccordionItem({
  name,
  title,
  children,
  headingLevel = 3,
  className,
}: {
  name: string;
  title: ReactNode;
  children: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <details name={name} className={cn("group", className)}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left [&::-webkit-details-marker]:hidden">
        <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-open:rotate-180"
        />
      </summary>
      <div className="pb-5 pr-8 text-slate-600">{children}</div>
    </details>
  );
}
