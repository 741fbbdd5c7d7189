import { captionLength, MAX_CAPTION_LENGTH } from "@sightline/contracts";
import { Loader2, Sparkles } from "lucide-react";
import { useId } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Textarea } from "../../../components/ui/input.tsx";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../utils/cn.ts";
import { truncateCaption } from "../utils/draft.ts";
import { CAPTION_CUT } from "../utils/media-rules.ts";

/** The caption, its Write caption button and its count out of 2,200. */
export function CaptionField({
  caption,
  onChange,
  onWriteCaption,
  isGenerating,
  isBusy,
}: {
  caption: string;
  onChange: (caption: string) => void;
  onWriteCaption: () => void;
  isGenerating: boolean;
  isBusy: boolean;
}) {
  const captionId = useId();
  const captionCount = captionLength(caption);
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={captionId} className="text-sm font-semibold text-slate-900">
          Caption
        </label>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={onWriteCaption}
          disabled={isGenerating || isBusy}
        >
          {isGenerating ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Sparkles aria-hidden="true" />
          )}
          Write caption
        </Button>
      </div>
      <Textarea
        id={captionId}
        value={caption}
        onChange={(event) => {
          const text = event.target.value;
          const kept = truncateCaption(text);
          // Issue 24: a paste over the limit keeps its first 2,200 and says so.
          if (kept !== text) toast.warning(CAPTION_CUT, { id: "caption-cut" });
          onChange(kept);
        }}
        aria-describedby={`${captionId}-count`}
        placeholder="Write a caption…"
        className="mt-1.5 min-h-36"
      />
      <p
        id={`${captionId}-count`}
        data-testid="caption-count"
        className={cn(
          "mt-1 text-right text-xs tabular-nums",
          captionCount >= MAX_CAPTION_LENGTH ? "font-semibold text-red-700" : "text-slate-500",
        )}
      >
        {captionCount}/{MAX_CAPTION_LENGTH}
      </p>
    </div>
  );
}
