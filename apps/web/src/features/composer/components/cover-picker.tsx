import { ImageIcon, Loader2, Minus, Plus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import type { DraftMediaItem } from "../utils/draft.ts";

/** Spec §9: the frame step. */
const FRAME_STEP = 0.1;

/**
 * Spec §2 and §5: 'Choose Cover Frame' — scrub the video in 0.1 s steps and 'Use as Cover'.
 * The parent captures, uploads and answers 'Cover saved' or 'Failed to save cover'.
 */
export function CoverPicker({
  item,
  onUseFrame,
}: {
  item: DraftMediaItem;
  onUseFrame: (video: HTMLVideoElement, time: number) => Promise<void>;
}) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [time, setTime] = useState(item.coverTime ?? 0);
  const [duration, setDuration] = useState(item.duration ?? 0);
  const [isSaving, setSaving] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  const seek = (next: number) => {
    const clamped = Math.round(Math.min(Math.max(0, next), duration) * 10) / 10;
    setTime(clamped);
    if (videoRef.current) videoRef.current.currentTime = clamped;
  };

  if (!isOpen) {
    return (
      <div className="flex items-center gap-3">
        {item.coverUrl && (
          <img src={item.coverUrl} alt="Current cover" className="h-14 w-10 rounded object-cover" />
        )}
        <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
          <ImageIcon aria-hidden="true" />
          Choose Cover Frame
        </Button>
      </div>
    );
  }

  return (
    <fieldset className="space-y-2 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Choose Cover Frame</legend>
      <video
        ref={videoRef}
        src={item.url}
        muted
        playsInline
        preload="auto"
        className="mx-auto max-h-56 rounded-lg bg-black"
        onLoadedMetadata={(event) => {
          const video = event.currentTarget;
          if (Number.isFinite(video.duration)) setDuration(video.duration);
          video.currentTime = time;
        }}
      />
      <div className="flex items-center gap-2">
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label="Back 0.1 seconds"
          onClick={() => seek(time - FRAME_STEP)}
          className="size-8"
        >
          <Minus aria-hidden="true" />
        </Button>
        <label htmlFor={`${id}-time`} className="sr-only">
          Cover frame time in seconds
        </label>
        <input
          id={`${id}-time`}
          type="range"
          min={0}
          max={Math.max(0, Math.floor(duration * 10) / 10)}
          step={FRAME_STEP}
          value={time}
          onChange={(event) => seek(Number(event.target.value))}
          className="min-w-0 flex-1 accent-brand-600"
        />
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label="Forward 0.1 seconds"
          onClick={() => seek(time + FRAME_STEP)}
          className="size-8"
        >
          <Plus aria-hidden="true" />
        </Button>
        <span className="w-14 text-right text-xs tabular-nums text-slate-600" aria-live="polite">
          {time.toFixed(1)} s
        </span>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Close
        </Button>
        <Button
          type="button"
          size="sm"
          disabled={isSaving}
          onClick={async () => {
            const video = videoRef.current;
            if (!video) return;
            setSaving(true);
            try {
              await onUseFrame(video, time);
              setOpen(false);
            } finally {
              setSaving(false);
            }
          }}
        >
          {isSaving && <Loader2 aria-hidden="true" className="animate-spin" />}
          Use as Cover
        </Button>
      </div>
    </fieldset>
  );
}
