import { MAX_MEDIA_ITEMS } from "@sightline/contracts";
import { ChevronLeft, ChevronRight, Film, ImagePlus, Trash2 } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { cn } from "../../../utils/cn.ts";
import type { DraftMediaItem } from "../utils/draft.ts";

function formatDuration(seconds: number | undefined): string | undefined {
  if (seconds === undefined) return undefined;
  // Whole seconds gone by, as video players count them.
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Spec §2 and §5: the Media section — drop or pick files (up to 10: the add button disappears
 * at 10), reorder by drag or with the arrow keys / move buttons, remove.
 */
export function MediaPicker({
  items,
  selectedIndex,
  onSelect,
  onFiles,
  onMove,
  onRemove,
  isProcessing,
}: {
  items: readonly DraftMediaItem[];
  selectedIndex: number;
  onSelect: (index: number) => void;
  onFiles: (files: File[]) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
  isProcessing: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [isDragOver, setDragOver] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const canAdd = items.length < MAX_MEDIA_ITEMS;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    onMove(from, to);
    setAnnouncement(`Moved to position ${to + 1} of ${items.length}`);
    // Keep focus on the moved thumbnail.
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>(`[data-media-index="${to}"]`)?.focus();
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (dragFrom !== null) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <section aria-labelledby={`${inputId}-heading`}>
      <div className="flex items-baseline justify-between">
        <h3 id={`${inputId}-heading`} className="text-sm font-semibold text-slate-900">
          Media
        </h3>
        <span className="text-xs text-slate-500">
          {items.length}/{MAX_MEDIA_ITEMS}
        </span>
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*,video/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Add photos or videos"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      {items.length === 0 ? (
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          onDragOver={(event) => {
            event.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
          className={cn(
            "mt-2 flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center transition-colors hover:border-brand-400 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600",
            isDragOver && "border-brand-500 bg-brand-50",
          )}
        >
          <ImagePlus aria-hidden="true" className="size-8 text-brand-600" />
          <span className="text-sm font-semibold text-slate-900">
            Drop photos and videos here, or choose files
          </span>
          <span className="text-xs text-slate-600">
            Up to {MAX_MEDIA_ITEMS} items · JPEG, PNG, WebP, GIF, HEIC, MP4, MOV · up to 50MB
          </span>
        </button>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files; picking is the Add button
        <div
          onDragOver={(event) => {
            event.preventDefault();
            if (dragFrom === null) setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
          className={cn(
            "mt-2 rounded-xl border border-slate-200 p-2",
            isDragOver && "border-brand-500 bg-brand-50",
          )}
        >
          <ol className="grid grid-cols-4 gap-2 sm:grid-cols-5" aria-label="Media items, in order">
            {items.map((item, index) => (
              <li
                key={item.id}
                draggable
                onDragStart={(event) => {
                  setDragFrom(index);
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", item.id);
                }}
                onDragEnd={() => setDragFrom(null)}
                onDragOver={(event) => {
                  if (dragFrom !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  if (dragFrom === null) return;
                  event.preventDefault();
                  event.stopPropagation();
                  move(dragFrom, index);
                  setDragFrom(null);
                }}
                className={cn(
                  "group relative aspect-square overflow-hidden rounded-lg bg-slate-100 ring-2",
                  index === selectedIndex ? "ring-brand-600" : "ring-transparent",
                  dragFrom === index && "opacity-50",
                )}
                data-testid="media-item"
              >
                <button
                  type="button"
                  data-media-index={index}
                  aria-label={`${item.mediaType === "video" ? "Video" : "Photo"} ${index + 1} of ${items.length}: ${item.file.name}. Use the left and right arrow keys to move it.`}
                  aria-pressed={index === selectedIndex}
                  onClick={() => onSelect(index)}
                  onKeyDown={(event) => {
                    if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
                      event.preventDefault();
                      move(index, index - 1);
                    } else if (event.key === "ArrowRight" || event.key === "ArrowDown") {
                      event.preventDefault();
                      move(index, index + 1);
                    } else if (event.key === "Delete" || event.key === "Backspace") {
                      event.preventDefault();
                      onRemove(item.id);
                    }
                  }}
                  className="block size-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                >
                  {item.mediaType === "image" ? (
                    <img
                      src={item.url}
                      alt=""
                      className="size-full object-cover"
                      draggable={false}
                    />
                  ) : (
                    <span className="relative block size-full bg-slate-900">
                      {item.coverUrl ? (
                        <img src={item.coverUrl} alt="" className="size-full object-cover" />
                      ) : (
                        <video
                          src={item.url}
                          muted
                          preload="metadata"
                          className="size-full object-cover"
                        />
                      )}
                      <span className="absolute bottom-1 left-1 flex items-center gap-0.5 rounded bg-slate-950/70 px-1 text-[10px] font-semibold text-white">
                        <Film aria-hidden="true" className="size-3" />
                        {formatDuration(item.duration)}
                      </span>
                    </span>
                  )}
                </button>
                <span className="absolute left-1 top-1 rounded bg-slate-950/70 px-1 text-[10px] font-semibold text-white">
                  {index + 1}
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${item.file.name}`}
                  onClick={() => onRemove(item.id)}
                  className="absolute right-1 top-1 flex size-6 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Trash2 aria-hidden="true" className="size-3.5" />
                </button>
                <span className="absolute inset-x-1 bottom-1 hidden justify-end gap-1 group-focus-within:flex group-hover:flex">
                  <button
                    type="button"
                    aria-label={`Move ${item.file.name} earlier`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    className="flex size-6 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow disabled:hidden"
                  >
                    <ChevronLeft aria-hidden="true" className="size-3.5" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${item.file.name} later`}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                    className="flex size-6 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow disabled:hidden"
                  >
                    <ChevronRight aria-hidden="true" className="size-3.5" />
                  </button>
                </span>
              </li>
            ))}
            {canAdd && (
              <li className="aspect-square">
                <button
                  type="button"
                  onClick={() => inputRef.current?.click()}
                  disabled={isProcessing}
                  className="flex size-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 text-xs font-semibold text-slate-700 hover:border-brand-400 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
                >
                  <ImagePlus aria-hidden="true" className="size-5" />
                  Add media
                </button>
              </li>
            )}
          </ol>
          <p className="mt-2 text-xs text-slate-500">
            Drag to reorder, or focus a thumbnail and use the arrow keys.
          </p>
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
