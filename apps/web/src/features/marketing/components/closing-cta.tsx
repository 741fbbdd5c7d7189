import { Check } from "lucide-react";
import { commonCopy } from "../copy/common.ts";
import { useCopy } from "../copy/define-copy.ts";
import { CtaButton } from "./cta-button.tsx";
import { Container } from "./section.tsx";

/** The closing call to action shared by every page. */
export function ClosingCta({ title, text }: { title?: string; text?: string }) {
  const copy = useCopy(commonCopy);
  return (
    <section aria-labelledby="closing-cta-title" className="py-16 sm:py-24">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-slate-950 px-6 py-14 text-center sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 left-1/2 h-64 w-[40rem] max-w-[120%] -translate-x-1/2 rounded-full bg-gradient-to-r from-brand-600/50 to-accent-pink/40 blur-3xl"
          />
          <div className="relative mx-auto max-w-2xl">
            <h2
              id="closing-cta-title"
              className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
            >
              {title ?? copy.cta.closingTitle}
            </h2>
            <p className="mt-4 text-lg text-pretty text-slate-300">
              {text ?? copy.cta.closingText}
            </p>
            <div className="mt-8 flex justify-center">
              <CtaButton intent="signup" variant="gradient" size="lg" withArrow>
                {copy.cta.getStartedFree}
              </CtaButton>
            </div>
            <ul className="mt-8 flex flex-col items-center justify-center gap-3 text-sm text-slate-300 sm:flex-row sm:gap-6">
              {copy.cta.closingPoints.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <Check aria-hidden="true" className="size-4 text-emerald-400" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Container>
    </section>
  );
}
