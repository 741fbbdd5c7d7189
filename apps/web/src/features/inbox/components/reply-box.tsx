import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import {
  insertSavedReply,
  matchSavedReplies,
  type ReplySuggestion,
  slashQuery,
} from "@sightline/contracts";
import {
  BookmarkPlus,
  ImagePlus,
  Loader2,
  MessageSquareQuote,
  Send,
  Sparkles,
  X,
} from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";
import { cn } from "../../../utils/cn.ts";
import { type SavedReply, useSavedReplies } from "../api/saved-replies.ts";

/**
 * The reply box of a thread: Enter sends (Shift+Enter is a new line), '/' opens the saved
 * replies, the bookmark menu lists them too, and the Secretary's suggestion can be taken in.
 */
export function ReplyBox({
  value,
  onChange,
  onSubmit,
  placeholder,
  label,
  disabled = false,
  isSubmitting = false,
  limit,
  suggestion,
  onManageSavedReplies,
  submitLabel = "Send",
  attachment,
}: {
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  placeholder: string;
  label: string;
  disabled?: boolean;
  isSubmitting?: boolean;
  limit: { count: (text: string) => number; max: number; message: string };
  suggestion?: ReplySuggestion | null;
  onManageSavedReplies: () => void;
  submitLabel?: string;
  /** DM replies: one image goes with the text (its own chip, removable before sending). */
  attachment?: {
    image: { previewUrl: string; name: string } | null;
    error: string | null;
    onPick: (file: File) => void;
    onRemove: () => void;
  };
}) {
  const canWrite = useCan("inbox:write");
  const field = useRef<HTMLTextAreaElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState(0);
  const [highlight, setHighlight] = useState(0);
  const [dismissedSlash, setDismissedSlash] = useState<number | null>(null);
  const { data } = useSavedReplies(!disabled);
  const saved = data?.items ?? [];
  const slash = disabled ? null : slashQuery(value, caret);
  const matches =
    slash && slash.start !== dismissedSlash ? matchSavedReplies(saved, slash.query) : [];
  const isSlashOpen = slash !== null && slash.start !== dismissedSlash;
  const size = limit.count(value);
  const isTooLong = size > limit.max;
  const hasImage = Boolean(attachment?.image);
  const canSubmit =
    !disabled && !isSubmitting && (value.trim().length > 0 || hasImage) && !isTooLong;

  function insert(reply: SavedReply) {
    const next = insertSavedReply(value, caret, reply.body);
    onChange(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(next.caret, next.caret);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isSlashOpen && matches.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlight((current) => (current + step + matches.length) % matches.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        insert(matches[Math.min(highlight, matches.length - 1)]!);
        return;
      }
    }
    if (isSlashOpen && event.key === "Escape") {
      event.preventDefault();
      setDismissedSlash(slash.start);
      return;
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSubmit) onSubmit();
    }
  }

  // Issue 29: a role without "inbox:write" reads the thread without a reply box.
  if (!canWrite) return null;
  return (
    <div className="border-t border-slate-200 bg-white px-3 py-3 sm:px-4">
      {suggestion && !disabled ? (
        <div className="mb-2 flex items-start gap-2 rounded-lg bg-violet-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-inset ring-violet-200">
          <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <p className="min-w-0 flex-1">
            <span className="block text-xs font-semibold text-brand-800">
              Suggested reply · template suggestion
            </span>
            <span className="block truncate" title={suggestion.text}>
              {suggestion.text}
            </span>
          </p>
          <button
            type="button"
            onClick={() =>
              onChange(value.trim() ? `${value.trimEnd()} ${suggestion.text}` : suggestion.text)
            }
            className="shrink-0 rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-violet-100"
          >
            Use
          </button>
        </div>
      ) : null}
      {attachment?.image && !disabled ? (
        <div
          data-testid="reply-image"
          className="mb-2 flex w-fit max-w-full items-center gap-2 rounded-lg bg-slate-50 py-1 pr-1 pl-1 text-sm text-slate-700 ring-1 ring-inset ring-slate-200"
        >
          <img
            src={attachment.image.previewUrl}
            alt={`Preview of ${attachment.image.name}`}
            className="size-10 shrink-0 rounded-md object-cover"
          />
          <span className="min-w-0 truncate">{attachment.image.name}</span>
          <button
            type="button"
            onClick={() => {
              attachment.onRemove();
              field.current?.focus();
            }}
            aria-label={`Remove image ${attachment.image.name}`}
            className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <div className="relative">
        {isSlashOpen ? (
          <div
            role="listbox"
            aria-label="Saved replies"
            className="absolute bottom-full left-0 z-20 mb-2 max-h-60 w-full max-w-md overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          >
            {matches.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-500">
                {saved.length === 0 ? "No saved replies yet. " : "No saved reply matches. "}
                <button
                  type="button"
                  onClick={onManageSavedReplies}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  Manage saved replies
                </button>
              </p>
            ) : (
              matches.map((reply, index) => (
                <button
                  key={reply.id}
                  type="button"
                  role="option"
                  aria-selected={index === highlight}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insert(reply)}
                  className={cn(
                    "block w-full rounded-lg px-3 py-2 text-left",
                    index === highlight ? "bg-slate-100" : "hover:bg-slate-50",
                  )}
                >
                  <span className="block text-sm font-medium text-slate-900">/{reply.title}</span>
                  <span className="block truncate text-xs text-slate-500">{reply.body}</span>
                </button>
              ))
            )}
          </div>
        ) : null}
        <div
          className={cn(
            "flex items-end gap-2 rounded-xl border bg-white p-1.5 focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600/30",
            isTooLong ? "border-red-500" : "border-slate-300",
            disabled && "bg-slate-50",
          )}
        >
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              disabled={disabled}
              aria-label="Insert a saved reply"
              className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
            >
              <MessageSquareQuote aria-hidden="true" className="size-5" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                side="top"
                align="start"
                sideOffset={8}
                className="z-50 max-h-72 w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
              >
                <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold text-slate-500">
                  Saved replies · type / in the box
                </DropdownMenu.Label>
                {saved.map((reply) => (
                  <DropdownMenu.Item
                    key={reply.id}
                    onSelect={() => insert(reply)}
                    className="cursor-pointer rounded-lg px-2.5 py-2 outline-none data-[highlighted]:bg-slate-100"
                  >
                    <span className="block text-sm font-medium text-slate-900">{reply.title}</span>
                    <span className="block truncate text-xs text-slate-500">{reply.body}</span>
                  </DropdownMenu.Item>
                ))}
                {saved.length === 0 ? (
                  <p className="px-2.5 py-2 text-sm text-slate-500">No saved replies yet.</p>
                ) : null}
                <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
                <DropdownMenu.Item
                  onSelect={onManageSavedReplies}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium text-brand-700 outline-none data-[highlighted]:bg-slate-100"
                >
                  <BookmarkPlus aria-hidden="true" className="size-4" />
                  Manage saved replies
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          {attachment ? (
            <>
              <button
                type="button"
                disabled={disabled}
                onClick={() => filePicker.current?.click()}
                aria-label="Attach an image"
                title="Attach an image (JPEG, PNG or GIF, up to 8 MB)"
                className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
              >
                <ImagePlus aria-hidden="true" className="size-5" />
              </button>
              <input
                ref={filePicker}
                type="file"
                accept="image/jpeg,image/png,image/gif"
                tabIndex={-1}
                aria-hidden="true"
                className="hidden"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (file) attachment.onPick(file);
                }}
              />
            </>
          ) : null}
          <label className="min-w-0 flex-1">
            <span className="sr-only">{label}</span>
            <textarea
              ref={field}
              value={value}
              disabled={disabled}
              rows={Math.min(6, Math.max(1, value.split("\n").length))}
              placeholder={placeholder}
              aria-invalid={isTooLong || undefined}
              onChange={(event) => {
                onChange(event.target.value);
                setCaret(event.target.selectionStart);
                setHighlight(0);
              }}
              onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
              onKeyDown={onKeyDown}
              className="block max-h-40 w-full resize-none bg-transparent px-1.5 py-2 text-base text-slate-900 outline-none placeholder:text-slate-500 disabled:cursor-not-allowed sm:text-sm"
            />
          </label>
          <Button
            type="button"
            size="sm"
            onClick={onSubmit}
            disabled={!canSubmit}
            aria-label={submitLabel}
            className="shrink-0"
          >
            {isSubmitting ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            <span className="hidden sm:inline">{submitLabel}</span>
          </Button>
        </div>
        {attachment?.error && !disabled ? (
          <p role="alert" className="mt-1.5 text-xs text-red-700">
            {attachment.error}
          </p>
        ) : null}
        {isTooLong ? (
          <p role="alert" className="mt-1.5 text-xs text-red-700">
            {limit.message}
          </p>
        ) : size > limit.max * 0.8 ? (
          <p className="mt-1.5 text-xs text-slate-500">
            {size} / {limit.max}
          </p>
        ) : null}
      </div>
    </div>
  );
}
