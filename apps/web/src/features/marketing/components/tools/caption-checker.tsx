import { useId, useState } from "react";
import { Label, Textarea } from "../../../../components/ui/input.tsx";
import { numberFormat } from "../../../../lib/intl-formats.ts";
import { cn } from "../../../../utils/cn.ts";
import { fill, useCopy, useLanguage } from "../../copy/define-copy.ts";
import { freeToolsCopy } from "../../copy/pages/free-tools.ts";
import { analyzeCaption, MAX_CAPTION_LENGTH } from "../../utils/caption.ts";

export function CaptionChecker() {
  const copy = useCopy(freeToolsCopy).caption;
  const language = useLanguage();
  const number = numberFormat(language === "es" ? "es" : "en-US");
  const id = useId();
  const [text, setText] = useState("");
  const caption = analyzeCaption(text);
  const stats = [
    { label: copy.words, value: caption.words },
    { label: copy.lines, value: caption.lines },
    { label: copy.hashtags, value: caption.hashtags, bad: caption.isOverHashtagLimit },
    { label: copy.mentions, value: caption.mentions },
  ];
  return (
    <div className="grid gap-8 lg:grid-cols-[1.3fr_1fr]">
      <div>
        <Label htmlFor={`${id}-caption`}>{copy.inputLabel}</Label>
        <Textarea
          id={`${id}-caption`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={copy.placeholder}
          rows={10}
          aria-describedby={`${id}-count`}
          aria-invalid={caption.isOverLimit ? true : undefined}
          className="mt-1.5"
        />
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div
            className={cn(
              "h-full rounded-full",
              caption.isOverLimit ? "bg-red-600" : "bg-brand-600",
            )}
            style={{ width: `${Math.min(100, (caption.length / MAX_CAPTION_LENGTH) * 100)}%` }}
          />
        </div>
        <p
          id={`${id}-count`}
          aria-live="polite"
          className={cn(
            "mt-2 text-sm font-semibold",
            caption.isOverLimit ? "text-red-700" : "text-slate-700",
          )}
        >
          {number.format(caption.length)} / {number.format(MAX_CAPTION_LENGTH)} ·{" "}
          {caption.isOverLimit
            ? fill(copy.over, { n: number.format(-caption.remaining) })
            : fill(copy.remaining, { n: number.format(caption.remaining) })}
        </p>
      </div>
      <div className="space-y-4">
        <dl className="grid grid-cols-2 gap-3">
          <div className="col-span-2 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{copy.characters}</dt>
            <dd
              className={cn(
                "text-3xl font-extrabold",
                caption.isOverLimit ? "text-red-700" : "text-slate-900",
              )}
            >
              {number.format(caption.length)}
            </dd>
          </div>
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <dt className="text-sm text-slate-600">{stat.label}</dt>
              <dd className={cn("text-xl font-bold", stat.bad ? "text-red-700" : "text-slate-900")}>
                {number.format(stat.value)}
              </dd>
            </div>
          ))}
        </dl>
        {caption.isOverHashtagLimit ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {copy.hashtagsOver}
          </p>
        ) : null}
        <div>
          <p className="text-sm font-medium text-slate-900">{copy.firstLine}</p>
          <p className="mt-1 min-h-10 rounded-lg bg-white p-3 text-sm break-words text-slate-800 ring-1 ring-slate-200">
            {caption.firstLine}
          </p>
        </div>
      </div>
    </div>
  );
}
