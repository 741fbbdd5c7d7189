import { MAX_CAPTION_HASHTAGS } from "@sightline/contracts";
import { X } from "lucide-react";
import { useId, useState } from "react";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../utils/cn.ts";
import { addHashtags, isHashtagCountWarning } from "../utils/hashtags.ts";

/**
 * Spec §5: hashtags added with Enter, comma or space; leading # stripped, trimmed, no
 * duplicates, at most 30 ('Maximum 30 hashtags allowed'); the counter turns red above 25.
 */
export function HashtagsField({
  hashtags,
  onChange,
}: {
  hashtags: readonly string[];
  onChange: (hashtags: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const commit = (raw: string) => {
    const result = addHashtags(hashtags, raw);
    if (result.hashtags.length !== hashtags.length) onChange(result.hashtags);
    if (result.error) toast.error(result.error);
    setText("");
  };
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          Hashtags
        </label>
        <span
          id={`${id}-count`}
          data-testid="hashtag-count"
          className={cn(
            "text-xs",
            isHashtagCountWarning(hashtags.length)
              ? "font-semibold text-red-700"
              : "text-slate-500",
          )}
        >
          {hashtags.length}/{MAX_CAPTION_HASHTAGS}
        </span>
      </div>
      <div className="mt-1.5 rounded-lg border border-slate-300 bg-white p-1.5 focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600/30">
        {hashtags.length > 0 && (
          <ul className="mb-1 flex flex-wrap gap-1.5" aria-label="Hashtags added">
            {hashtags.map((tag) => (
              <li
                key={tag}
                className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-sm font-medium text-brand-800"
              >
                #{tag}
                <button
                  type="button"
                  aria-label={`Remove #${tag}`}
                  onClick={() => onChange(hashtags.filter((t) => t !== tag))}
                  className="rounded-full p-0.5 hover:bg-brand-100"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Input
          id={id}
          value={text}
          aria-describedby={`${id}-count ${id}-hint`}
          placeholder="Type a hashtag and press Enter"
          className="h-9 border-0 shadow-none focus:outline-0"
          onChange={(event) => {
            const value = event.target.value;
            // A comma or space ends a hashtag (also when pasted).
            if (/[\s,]/.test(value)) commit(value);
            else setText(value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              if (text.trim()) commit(text);
            } else if (event.key === "Backspace" && text === "" && hashtags.length > 0) {
              onChange(hashtags.slice(0, -1));
            }
          }}
          onBlur={() => {
            if (text.trim()) commit(text);
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        Add with Enter, comma or space. Up to {MAX_CAPTION_HASHTAGS}.
      </p>
    </div>
  );
}
