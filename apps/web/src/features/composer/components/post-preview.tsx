import {
  Bookmark,
  ChevronLeft,
  ChevronRight,
  Heart,
  MessageCircle,
  MoreHorizontal,
  Send,
  UserRound,
  X,
} from "lucide-react";
import { type MouseEvent, type ReactNode, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { focusOnMount } from "../../../lib/focus-on-mount.ts";
import { cn } from "../../../utils/cn.ts";
import type { Collaborator } from "../utils/collaborators.ts";
import type { DraftMediaItem } from "../utils/draft.ts";
import { emoticonsToEmoji } from "../utils/emoticons.ts";
import { pointToPercent } from "../utils/tags.ts";

export interface PreviewAccount {
  username: string;
  avatar: ReactNode;
}

/** What the preview shows of an item: a draft's, or a stored post's (the review page, decision 037). */
export type PreviewMediaItem = Pick<
  DraftMediaItem,
  "id" | "url" | "mediaType" | "aspectRatio" | "coverUrl" | "tags"
>;

/** Instagram shows feed media between 4:5 and 1.91:1; taller or wider is cropped. */
function previewAspect(item: PreviewMediaItem | undefined): number {
  const aspect = item?.aspectRatio ?? 1;
  return Math.min(1.91, Math.max(0.8, aspect));
}

/**
 * Spec §2: the Live Preview, mimicking an Instagram post — header with the connected account,
 * the media with carousel arrows and dots, the actions row, and the caption with hashtags
 * (emoticons as emoji). With Tag people on, a click on the media opens a username prompt there.
 */
export function PostPreview({
  account,
  items,
  index,
  onIndexChange,
  caption,
  hashtags,
  collaborators,
  isTagMode,
  onAddTag,
  onRemoveTag,
}: {
  account: PreviewAccount | null;
  items: readonly PreviewMediaItem[];
  index: number;
  onIndexChange: (index: number) => void;
  caption: string;
  hashtags: readonly string[];
  collaborators: readonly Collaborator[];
  isTagMode: boolean;
  /** Returns the problem in words, or undefined when the tag was added. */
  onAddTag: (itemId: string, username: string, x: number, y: number) => string | undefined;
  onRemoveTag: (itemId: string, tagId: string) => void;
}) {
  const current = items[index];
  const username = account?.username ?? "your.account";
  const [prompt, setPrompt] = useState<{ x: number; y: number } | null>(null);
  const [tagName, setTagName] = useState("");
  const [tagError, setTagError] = useState<string>();
  const mediaRef = useRef<HTMLButtonElement>(null);
  const promptId = useId();

  const openPrompt = (x: number, y: number) => {
    setPrompt({ x, y });
    setTagName("");
    setTagError(undefined);
  };
  const closePrompt = () => {
    setPrompt(null);
    setTagError(undefined);
    requestAnimationFrame(() => mediaRef.current?.focus());
  };
  const onMediaClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!isTagMode || !current || prompt) return;
    // A click from the keyboard (detail 0) tags at the centre; the tag can be moved by removing it.
    if (event.detail === 0) {
      openPrompt(50, 50);
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    const point = pointToPercent({ x: event.clientX, y: event.clientY }, box);
    openPrompt(point.x, point.y);
  };
  const submitTag = () => {
    if (!current || !prompt) return;
    const problem = onAddTag(current.id, tagName, prompt.x, prompt.y);
    if (problem) {
      setTagError(problem);
      return;
    }
    closePrompt();
  };

  const handle = (
    <span className="font-semibold text-slate-900">
      {username}
      {collaborators.length > 0 && (
        <span className="font-normal text-slate-900">
          {" "}
          and{" "}
          <span className="font-semibold">
            {collaborators.length === 1
              ? collaborators[0]?.username
              : `${collaborators.length} others`}
          </span>
        </span>
      )}
    </span>
  );

  return (
    <article
      aria-label="Post preview"
      className="mx-auto w-full max-w-[380px] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex items-center gap-3 px-3 py-2.5">
        <span className="rounded-full bg-gradient-to-tr from-amber-400 via-pink-500 to-purple-600 p-[2px]">
          <span className="block rounded-full bg-white p-[2px]">
            {account?.avatar ?? (
              <span className="flex size-8 items-center justify-center rounded-full bg-slate-200 text-slate-500">
                <UserRound aria-hidden="true" className="size-4" />
              </span>
            )}
          </span>
        </span>
        <p className="min-w-0 flex-1 truncate text-sm">{handle}</p>
        <MoreHorizontal aria-hidden="true" className="size-5 text-slate-700" />
      </header>

      <div
        data-testid="preview-media"
        className="relative w-full overflow-hidden bg-slate-100"
        style={{ aspectRatio: String(previewAspect(current)) }}
      >
        {!current && (
          <div className="flex size-full items-center justify-center p-6 text-center text-sm text-slate-600">
            Your photos and videos appear here.
          </div>
        )}
        {current?.mediaType === "image" && (
          <img src={current.url} alt="" className="size-full object-cover" draggable={false} />
        )}
        {current?.mediaType === "video" && (
          <video
            key={current.url}
            src={current.url}
            poster={current.coverUrl}
            controls={!isTagMode}
            muted
            playsInline
            className="size-full bg-black object-cover"
          />
        )}

        {isTagMode && current && !prompt && (
          <button
            ref={mediaRef}
            type="button"
            aria-label="Tag a person: click where they are in the photo, or press Enter to tag at the centre"
            onClick={onMediaClick}
            className="absolute inset-0 z-[5] cursor-crosshair focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-brand-600"
          />
        )}
        {current &&
          (isTagMode || current.tags.length > 0) &&
          current.tags.map((tag) => (
            <span
              key={tag.id}
              data-tag-ui
              className={cn(
                "absolute z-10 flex -translate-x-1/2 translate-y-1 items-center gap-1 rounded-md bg-slate-950/80 px-2 py-1 text-xs font-semibold text-white",
                !isTagMode && "pointer-events-none opacity-0",
              )}
              style={{ left: `${tag.x}%`, top: `${tag.y}%` }}
            >
              {tag.username}
              {isTagMode && (
                <button
                  type="button"
                  aria-label={`Remove tag ${tag.username}`}
                  onClick={() => onRemoveTag(current.id, tag.id)}
                  className="-mr-1 rounded p-0.5 hover:bg-white/20"
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              )}
            </span>
          ))}
        {current && current.tags.length > 0 && !isTagMode && (
          <span className="absolute bottom-2 left-2 flex size-7 items-center justify-center rounded-full bg-slate-950/70 text-white">
            <UserRound aria-hidden="true" className="size-4" />
            <span className="sr-only">{current.tags.length} people tagged</span>
          </span>
        )}

        {prompt && (
          <fieldset
            data-tag-ui
            id={promptId}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.stopPropagation();
                event.preventDefault();
                closePrompt();
              }
            }}
            className="absolute z-20 w-52 -translate-x-1/2 rounded-lg bg-white p-2 shadow-xl ring-1 ring-slate-200"
            style={{
              left: `${Math.min(80, Math.max(20, prompt.x))}%`,
              top: `${Math.min(70, prompt.y)}%`,
            }}
          >
            <legend className="sr-only">Tag someone</legend>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                submitTag();
              }}
            >
              <label htmlFor={`${promptId}-name`} className="sr-only">
                Username to tag
              </label>
              <Input
                id={`${promptId}-name`}
                ref={focusOnMount}
                value={tagName}
                placeholder="Search username"
                aria-invalid={tagError ? true : undefined}
                onChange={(event) => {
                  setTagName(event.target.value);
                  setTagError(undefined);
                }}
                className="h-9"
              />
              {tagError && (
                <p role="alert" className="mt-1 text-xs font-medium text-red-700">
                  {tagError}
                </p>
              )}
              <div className="mt-2 flex justify-end gap-1.5">
                <Button type="button" size="sm" variant="ghost" onClick={closePrompt}>
                  Cancel
                </Button>
                <Button type="submit" size="sm">
                  Tag
                </Button>
              </div>
            </form>
          </fieldset>
        )}

        {items.length > 1 && (
          <>
            <span className="absolute right-2 top-2 rounded-full bg-slate-950/70 px-2 py-0.5 text-xs font-medium text-white">
              {index + 1}/{items.length}
            </span>
            {index > 0 && (
              <button
                type="button"
                data-tag-ui
                aria-label="Previous media"
                onClick={() => onIndexChange(index - 1)}
                className="absolute left-2 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
              >
                <ChevronLeft aria-hidden="true" className="size-5" />
              </button>
            )}
            {index < items.length - 1 && (
              <button
                type="button"
                data-tag-ui
                aria-label="Next media"
                onClick={() => onIndexChange(index + 1)}
                className="absolute right-2 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
              >
                <ChevronRight aria-hidden="true" className="size-5" />
              </button>
            )}
          </>
        )}
      </div>

      <div className="flex items-center gap-4 px-3 pt-3 text-slate-900">
        <Heart aria-hidden="true" className="size-6" />
        <MessageCircle aria-hidden="true" className="size-6" />
        <Send aria-hidden="true" className="size-6" />
        {items.length > 1 && (
          <div className="flex flex-1 justify-center gap-1">
            {items.map((item, dot) => (
              <button
                key={item.id}
                type="button"
                aria-label={`Show media ${dot + 1} of ${items.length}`}
                aria-current={dot === index ? "true" : undefined}
                onClick={() => onIndexChange(dot)}
                className={cn(
                  "size-1.5 rounded-full",
                  dot === index ? "bg-sky-500" : "bg-slate-300",
                )}
              />
            ))}
          </div>
        )}
        <Bookmark aria-hidden="true" className="ml-auto size-6" />
      </div>
      <div className="px-3 pb-4 pt-2 text-sm leading-5 text-slate-900">
        {caption || hashtags.length > 0 ? (
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="preview-caption">
            <span className="font-semibold">{username}</span> {emoticonsToEmoji(caption)}
            {hashtags.length > 0 && (
              <>
                {caption ? (caption.endsWith("\n") ? "" : "\n") : ""}
                <span className="text-sky-800">{hashtags.map((tag) => `#${tag}`).join(" ")}</span>
              </>
            )}
          </p>
        ) : (
          <p className="text-slate-500">Your caption appears here.</p>
        )}
      </div>
    </article>
  );
}
