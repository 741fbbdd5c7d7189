import { Check, Languages } from "lucide-react";
import { useId } from "react";
import { PopoverPanel, popoverTriggerProps } from "../../../components/ui/popover.tsx";
import { type Language, setLanguage } from "../../../lib/i18n.ts";
import { cn } from "../../../utils/cn.ts";
import { commonCopy } from "../copy/common.ts";
import { useCopy, useLanguage } from "../copy/define-copy.ts";

const options: { language: Language; label: "english" | "spanish" }[] = [
  { language: "en", label: "english" },
  { language: "es", label: "spanish" },
];

/** The header's language icon: switches i18next, remembers the choice and sets <html lang>. */
export function LanguageMenu({ className }: { className?: string }) {
  const copy = useCopy(commonCopy);
  const current = useLanguage();
  const panelId = `language-${useId().replace(/:/g, "")}`;
  return (
    <>
      <button
        type="button"
        {...popoverTriggerProps(panelId)}
        aria-label={`${copy.language.label}: ${copy.language.current}`}
        className={cn(
          "inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900",
          className,
        )}
      >
        <Languages aria-hidden="true" className="size-5" />
        <span aria-hidden="true" className="uppercase max-lg:inline lg:max-xl:hidden">
          {current}
        </span>
      </button>
      <PopoverPanel
        id={panelId}
        aria-label={copy.language.label}
        className="inset-auto top-[4.25rem] right-[max(1rem,calc((100vw-80rem)/2+2rem))] w-48 p-1.5"
      >
        <ul>
          {options.map((option) => {
            const selected = option.language === current;
            return (
              <li key={option.language}>
                <button
                  type="button"
                  lang={option.language}
                  aria-pressed={selected}
                  className={cn(
                    "flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-slate-100",
                    selected ? "text-brand-700" : "text-slate-700",
                  )}
                  onClick={(event) => {
                    event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover();
                    void setLanguage(option.language);
                  }}
                >
                  {copy.language[option.label]}
                  {selected ? <Check aria-hidden="true" className="size-4" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </PopoverPanel>
    </>
  );
}
