import type { ReactNode } from "react";
import { cn } from "../../../utils/cn.ts";
import { Container, Eyebrow } from "./section.tsx";

/** The top of an inner page: eyebrow, the page's <h1>, a lead, actions and an optional visual. */
export function PageHero({
  eyebrow,
  title,
  lead,
  actions,
  visual,
  children,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  visual?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50/70 via-white to-white",
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-80 w-[48rem] max-w-full -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"
      />
      <Container
        className={cn(
          "relative py-14 sm:py-20",
          visual ? "grid items-center gap-12 lg:grid-cols-2" : "",
        )}
      >
        <div className={visual ? "" : "max-w-3xl"}>
          {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {title}
          </h1>
          {lead ? (
            <p className="mt-5 text-lg text-pretty text-slate-600 sm:text-xl">{lead}</p>
          ) : null}
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
          {children}
        </div>
        {visual ? <div className="min-w-0">{visual}</div> : null}
      </Container>
    </div>
  );
}
