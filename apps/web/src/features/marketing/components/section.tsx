import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../../utils/cn.ts";

export function Container({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8", className)} {...props} />
  );
}

export function Section({
  className,
  children,
  tone = "white",
  ...props
}: ComponentProps<"section"> & { tone?: "white" | "muted" | "dark" }) {
  return (
    <section
      className={cn(
        "scroll-mt-16 py-16 sm:py-24",
        tone === "muted" && "bg-slate-50",
        tone === "dark" && "bg-slate-950 text-white",
        className,
      )}
      {...props}
    >
      <Container>{children}</Container>
    </section>
  );
}

export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn("text-sm font-semibold uppercase tracking-wider text-brand-700", className)}>
      {children}
    </p>
  );
}

export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  align = "center",
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  id?: string;
  align?: "center" | "left";
  className?: string;
}) {
  return (
    <div
      className={cn(
        "max-w-3xl",
        align === "center" ? "mx-auto text-center" : "text-left",
        className,
      )}
    >
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <h2
        id={id}
        className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg text-pretty text-slate-600">{lead}</p> : null}
    </div>
  );
}

/** A check-marked list of short statements. */
export function CheckList({
  items,
  className,
  iconClassName,
}: {
  items: ReactNode[];
  className?: string;
  iconClassName?: string;
}) {
  return (
    <ul className={cn("space-y-3", className)}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static copy, never reordered
        <li key={index} className="flex gap-3">
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            className={cn("mt-0.5 size-5 shrink-0 text-brand-600", iconClassName)}
          >
            <path
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
              d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z"
            />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
