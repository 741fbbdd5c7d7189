import {
  commentTextSchema,
  MAX_COMMENT_LENGTH,
  MAX_MESSAGE_BYTES,
  messageByteLength,
  suggestReply,
} from "@sightline/contracts";
import { Eye, EyeOff, ImageOff, Lock, MessageSquareReply, Send, Trash2, X } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { cn } from "../../../utils/cn.ts";
import type { CommentThread, ThreadComment } from "../api/get-comment-thread.ts";
import { useDraft } from "../hooks/use-draft.ts";
import { useInboxMedia } from "./inbox-media.tsx";
import { ReplyBox } from "./reply-box.tsx";

export type CommentActions = {
  reply: (input: { commentId: string; text: string }) => Promise<unknown>;
  privateReply: (input: { commentId: string; text: string }) => Promise<unknown>;
  hide: (input: { commentId: string; hidden: boolean }) => Promise<unknown>;
  remove: (commentId: string) => Promise<unknown>;
};

function PostCard({ post }: { post: CommentThread["post"] }) {
  const { mediaUrl } = useInboxMedia();
  const format = useFormatDateTime();
  const [isBroken, setBroken] = useState(false);
  return (
    <aside
      aria-label="Post"
      className="flex gap-3 border-b border-slate-200 bg-white p-3 lg:w-72 lg:shrink-0 lg:flex-col lg:border-b-0 lg:border-r lg:p-4"
    >
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-slate-100 lg:aspect-square lg:size-auto lg:w-full">
        {post.thumbnail_url && !isBroken ? (
          <img
            src={mediaUrl(post.thumbnail_url)}
            alt={post.caption ? `Post: ${post.caption.slice(0, 80)}` : "Your post"}
            className="size-full object-cover"
            onError={() => setBroken(true)}
          />
        ) : (
          <span className="flex size-full items-center justify-center text-slate-400">
            <ImageOff aria-hidden="true" className="size-6" />
            <span className="sr-only">The picture could not be loaded</span>
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1 text-sm">
        {post.posted_at ? (
          <p className="text-xs text-slate-500">
            Posted {format(post.posted_at, { dateStyle: "medium" })}
          </p>
        ) : null}
        <p className="mt-1 line-clamp-4 whitespace-pre-wrap break-words text-slate-700 lg:line-clamp-[12]">
          {post.caption ?? "No caption"}
        </p>
        {post.permalink ? (
          <a
            href={post.permalink}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-block text-xs font-semibold text-brand-700 hover:underline"
          >
            Open on Instagram
          </a>
        ) : null}
      </div>
    </aside>
  );
}

function PrivateReplyForm({
  comment,
  onSend,
  onClose,
}: {
  comment: ThreadComment;
  onSend: (text: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const format = useFormatDateTime();
  const [text, setText] = useDraft(`private:${comment.id}`);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const tooLong = messageByteLength(text) > MAX_MESSAGE_BYTES;
  async function submit() {
    setSending(true);
    setError(null);
    try {
      await onSend(text.trim());
      setText("");
      onClose();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "The private reply was not sent.");
    } finally {
      setSending(false);
    }
  }
  return (
    <div className="mt-2 rounded-xl border border-brand-200 bg-brand-50/60 p-3">
      <p className="text-xs text-slate-700">
        A private reply goes to @{comment.username ?? "this person"} as a direct message. Instagram
        allows one per comment, within 7 days of it
        {comment.private_reply.until
          ? ` (until ${format(comment.private_reply.until, { dateStyle: "medium", timeStyle: "short" })})`
          : ""}
        .
      </p>
      <label className="mt-2 block">
        <span className="sr-only">Private reply</span>
        <textarea
          value={text}
          rows={2}
          onChange={(event) => setText(event.target.value)}
          placeholder="Write your private reply…"
          aria-invalid={tooLong || undefined}
          className="block w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm"
        />
      </label>
      {tooLong ? (
        <p className="mt-1 text-xs text-red-700">
          Instagram takes at most 1,000 bytes per message.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button size="sm" onClick={submit} disabled={!text.trim() || tooLong || isSending}>
          <Send aria-hidden="true" />
          Send privately
        </Button>
      </div>
    </div>
  );
}

function CommentItem({
  comment,
  isReply,
  isReplyTarget,
  actions,
  onReplyTo,
  onDelete,
}: {
  comment: ThreadComment;
  isReply: boolean;
  isReplyTarget: boolean;
  actions: CommentActions;
  onReplyTo: () => void;
  onDelete: () => void;
}) {
  const format = useFormatDateTime();
  const { Avatar } = useInboxMedia();
  const [isPrivateOpen, setPrivateOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = comment.private_reply;

  async function toggleHidden() {
    setBusy(true);
    setError(null);
    try {
      await actions.hide({ commentId: comment.id, hidden: !comment.is_hidden });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "That did not work.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      data-testid="comment"
      data-comment-id={comment.id}
      className={cn("flex gap-3", isReply && "ml-8 sm:ml-11")}
    >
      <Avatar
        src={null}
        username={comment.is_own ? undefined : (comment.username ?? undefined)}
        alt={comment.username ?? "Instagram user"}
        size={isReply ? 28 : 36}
      />
      <div className="min-w-0 flex-1">
        <div
          className={cn(
            "rounded-2xl px-3.5 py-2.5",
            comment.is_own
              ? "bg-brand-50 ring-1 ring-inset ring-brand-200"
              : "bg-white ring-1 ring-inset ring-slate-200",
            comment.is_hidden && "opacity-60",
            isReplyTarget && "ring-2 ring-brand-500",
          )}
        >
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
            <span className="font-semibold text-slate-900">@{comment.username ?? "unknown"}</span>
            {comment.is_own ? <Badge className="px-1.5 py-0 text-[11px]">Your reply</Badge> : null}
            {comment.is_hidden ? (
              <Badge variant="warning" className="px-1.5 py-0 text-[11px]">
                Hidden
              </Badge>
            ) : null}
            <time
              dateTime={comment.created_at}
              // One shade darker on your reply's tint, for 4.5:1 (axe).
              className={comment.is_own ? "text-slate-600" : "text-slate-500"}
            >
              {format(comment.created_at, { dateStyle: "medium", timeStyle: "short" })}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">
            {comment.text ?? ""}
          </p>
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 px-1 text-xs">
          {!comment.is_own ? (
            <>
              <button
                type="button"
                onClick={onReplyTo}
                className="font-semibold text-slate-600 hover:text-slate-900"
              >
                Reply
              </button>
              {state.canReply ? (
                <button
                  type="button"
                  onClick={() => setPrivateOpen((open) => !open)}
                  className="font-semibold text-slate-600 hover:text-slate-900"
                >
                  Reply privately
                </button>
              ) : state.reason === "sent" ? (
                <span className="inline-flex items-center gap-1 text-emerald-700">
                  <MessageSquareReply aria-hidden="true" className="size-3" />
                  Private reply sent
                  {comment.private_reply.sent_at
                    ? ` ${format(comment.private_reply.sent_at, { dateStyle: "medium", timeStyle: "short" })}`
                    : ""}
                </span>
              ) : state.reason === "expired" ? (
                <span
                  className="inline-flex items-center gap-1 text-slate-500"
                  title="Instagram allows a private reply within 7 days of a comment."
                >
                  <Lock aria-hidden="true" className="size-3" />
                  Private reply closed{" "}
                  {state.until ? format(state.until, { dateStyle: "medium" }) : ""} (7 days)
                </span>
              ) : null}
              <button
                type="button"
                onClick={toggleHidden}
                disabled={busy}
                className="inline-flex items-center gap-1 font-semibold text-slate-600 hover:text-slate-900 disabled:opacity-50"
              >
                {comment.is_hidden ? (
                  <Eye aria-hidden="true" className="size-3" />
                ) : (
                  <EyeOff aria-hidden="true" className="size-3" />
                )}
                {comment.is_hidden ? "Unhide" : "Hide"}
              </button>
            </>
          ) : null}
          <button
            type="button"
            onClick={onDelete}
            className="inline-flex items-center gap-1 font-semibold text-red-700 hover:text-red-800"
          >
            <Trash2 aria-hidden="true" className="size-3" />
            Delete
          </button>
        </div>
        {error ? (
          <p role="alert" className="mt-1 px-1 text-xs text-red-700">
            {error}
          </p>
        ) : null}
        {isPrivateOpen ? (
          <PrivateReplyForm
            comment={comment}
            onSend={(text) => actions.privateReply({ commentId: comment.id, text })}
            onClose={() => setPrivateOpen(false)}
          />
        ) : null}
      </div>
    </li>
  );
}

/** A post's comments beside its picture and caption, with replies, moderation and the reply box. */
export function CommentThreadView({
  postId,
  thread,
  actions,
  onManageSavedReplies,
}: {
  postId: string;
  thread: CommentThread;
  actions: CommentActions;
  onManageSavedReplies: () => void;
}) {
  const top = thread.comments.filter((comment) => comment.parent_id === null);
  const repliesOf = (id: string) => thread.comments.filter((comment) => comment.parent_id === id);
  const latestOther = [...thread.comments].reverse().find((comment) => !comment.is_own);
  const [targetId, setTargetId] = useState<string | null>(null);
  const target = thread.comments.find((comment) => comment.id === targetId) ?? latestOther ?? null;
  const [draft, setDraft] = useDraft(`comments:${postId}`);
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ThreadComment | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const last = thread.comments.at(-1);
  // A post opens at the comment a reply would answer (the newest from someone else), scrolled
  // into view and marked, not at the oldest (issue 24 point 5).
  const listRef = useRef<HTMLOListElement>(null);
  const openedAt = useRef<string | null>(null);
  const targetAtOpen = target?.id;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || openedAt.current === postId || !targetAtOpen) return;
    openedAt.current = postId;
    const item = list.querySelector<HTMLElement>(`[data-comment-id="${CSS.escape(targetAtOpen)}"]`);
    if (!item) return;
    const top =
      item.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    list.scrollTop = Math.max(0, top + item.offsetHeight + 16 - list.clientHeight);
  }, [postId, targetAtOpen]);
  const suggestion =
    last && !last.is_own
      ? suggestReply({ kind: "comments", name: last.username, lastText: last.text })
      : null;

  async function submit() {
    if (!target) return;
    const parsed = commentTextSchema.safeParse(draft);
    if (!parsed.success) return;
    setSending(true);
    setError(null);
    try {
      await actions.reply({ commentId: target.id, text: parsed.data });
      setDraft("");
      setTargetId(null);
    } catch (cause) {
      // The typed reply stays in the box.
      setError(cause instanceof Error ? cause.message : "The reply was not posted.");
    } finally {
      setSending(false);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await actions.remove(toDelete.id);
      setToDelete(null);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "The comment was not deleted.");
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
      <PostCard post={thread.post} />
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <ol
          ref={listRef}
          aria-label="Comments"
          data-testid="comment-list"
          className="min-h-0 flex-1 space-y-4 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-5"
        >
          {top.map((comment) => (
            <li key={comment.id}>
              <ol className="space-y-2">
                {[comment, ...repliesOf(comment.id)].map((item) => (
                  <CommentItem
                    key={item.id}
                    comment={item}
                    isReply={item.parent_id !== null}
                    isReplyTarget={target?.id === item.id}
                    actions={actions}
                    onReplyTo={() => setTargetId(item.id)}
                    onDelete={() => setToDelete(item)}
                  />
                ))}
              </ol>
            </li>
          ))}
        </ol>
        {target ? (
          <div className="flex items-center gap-2 border-t border-slate-200 bg-white px-4 pt-2 text-xs text-slate-600">
            <span className="min-w-0 truncate" data-testid="reply-target">
              {targetId ? "Replying publicly to " : "Replying publicly to the newest comment, by "}
              <span className="font-semibold">@{target.username ?? "unknown"}</span>
              {target.text ? ` — “${target.text}”` : ""}
            </span>
            {targetId ? (
              <button
                type="button"
                onClick={() => setTargetId(null)}
                aria-label="Reply to the newest comment instead"
                className="ml-auto rounded p-1 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="bg-white px-4 pt-2 text-xs text-red-700">
            {error}
          </p>
        ) : null}
        <ReplyBox
          value={draft}
          onChange={setDraft}
          onSubmit={submit}
          label="Public reply"
          placeholder={target ? "Write a public reply…" : "No comment from others to reply to"}
          disabled={!target}
          isSubmitting={isSending}
          limit={{
            count: (text) => text.length,
            max: MAX_COMMENT_LENGTH,
            message: "Instagram takes at most 2,200 characters per comment.",
          }}
          suggestion={suggestion}
          onManageSavedReplies={onManageSavedReplies}
          submitLabel="Reply"
        />
      </div>
      <Dialog open={toDelete !== null} onOpenChange={(open) => !open && setToDelete(null)}>
        <DialogContent>
          <DialogTitle>Delete this comment?</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-600">
            The comment by @{toDelete?.username ?? "unknown"}
            {toDelete && repliesOf(toDelete.id).length > 0 ? " and its replies" : ""} will be
            deleted on Instagram. This cannot be undone.
          </DialogDescription>
          {toDelete?.text ? (
            <blockquote className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
              {toDelete.text}
            </blockquote>
          ) : null}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirmDelete} disabled={isDeleting}>
              Delete comment
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
