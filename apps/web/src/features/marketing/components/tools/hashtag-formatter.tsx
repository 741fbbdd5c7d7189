import { Check, Copy, Eraser } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../../components/ui/button.tsx";
import { Label, Textarea } from "../../../../components/ui/input.tsx";
import { cn } from "../../../../utils/cn.ts";
import { fill, useCopy } from "../../copy/define-copy.ts";
import { freeToolsCopy } from "../../copy/pages/free-tools.ts";
import {
  analyzeHashtags,
  formatHashtags,
  type HashtagLayout,
  MAX_HASHTAGS,
} from "../../utils/hashtags.ts";

const layouts: HashtagLayout[] = ["spaces", "lines", "dots"];

export function HashtagFormatter() {
  const copy = useCopy(freeToolsCopy).hashtags;
  const id = useId();
  const [input, setInput] = useState("");
  const [layout, setLayout] = useState<HashtagLayout>("spaces");
  const [copied, setCopied] = useState(false);
  const analysis = analyzeHashtags(input);
  const output = formatHashtags(analysis.tags, layout);

  const copyOutput = async () => {
    try {
      await navigator.clipboard.writeText(output);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div>
        <Label htmlFor={`${id}-input`}>{copy.inputLabel}</Label>
        <Textarea
          id={`${id}-input`}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder={copy.placeholder}
          rows={7}
          spellCheck={false}
          aria-describedby={`${id}-counter`}
          className="mt-1.5 font-mono"
        />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p
            id={`${id}-counter`}
            aria-live="polite"
            className={cn(
              "text-sm font-semibold",
              analysis.isNearLimit ? "text-red-700" : "text-slate-700",
            )}
          >
            {fill(copy.counter, { count: analysis.count })}
          </p>
          <Button type="button" variant="ghost" size="sm" onClick={() => setInput("")}>
            <Eraser aria-hidden="true" />
            {copy.clear}
          </Button>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div
            className={cn(
              "h-full rounded-full transition-[width]",
              analysis.isNearLimit ? "bg-red-600" : "bg-brand-600",
            )}
            style={{ width: `${Math.min(100, (analysis.count / MAX_HASHTAGS) * 100)}%` }}
          />
        </div>
        <ul className="mt-4 space-y-2 text-sm">
          {analysis.isOverLimit ? (
            <li role="alert" className="font-medium text-red-700">
              {fill(copy.overLimit, { n: analysis.count - MAX_HASHTAGS })}
            </li>
          ) : analysis.isNearLimit ? (
            <li className="font-medium text-red-700">{copy.nearLimit}</li>
          ) : null}
          {analysis.duplicates.length > 0 ? (
            <li className="text-slate-700">
              {fill(copy.duplicates, { list: analysis.duplicates.map((t) => `#${t}`).join(", ") })}
            </li>
          ) : null}
          {analysis.invalid.length > 0 ? (
            <li className="text-amber-800">
              {fill(copy.invalid, { list: analysis.invalid.join(", ") })}
            </li>
          ) : null}
        </ul>
      </div>
      <div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">{copy.layout}</legend>
          <div className="mt-1.5 flex flex-wrap gap-2">
            {layouts.map((option) => (
              <label
                key={option}
                className={cn(
                  "cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ring-inset has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
                  layout === option
                    ? "bg-brand-600 text-white ring-brand-600"
                    : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-layout`}
                  value={option}
                  checked={layout === option}
                  onChange={() => setLayout(option)}
                  className="sr-only"
                />
                {copy.layouts[option]}
              </label>
            ))}
          </div>
        </fieldset>
        <Label htmlFor={`${id}-output`} className="mt-5">
          {copy.output}
        </Label>
        <Textarea
          id={`${id}-output`}
          value={output}
          readOnly
          rows={7}
          className="mt-1.5 bg-slate-50 font-mono"
        />
        <div className="mt-3 flex items-center gap-3">
          <Button type="button" onClick={copyOutput} disabled={analysis.count === 0}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copy.copy}
          </Button>
          <span role="status" className="text-sm text-emerald-700">
            {copied ? copy.copied : ""}
          </span>
        </div>
      </div>
    </div>
  );
}
