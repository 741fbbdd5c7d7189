import { POST_COMMENT_MAX_LENGTH, type PostCommentView } from "@sightline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { CornerDownRight, MessageSquareText, Pencil, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Textarea } from "../../../components/ui/input.tsx";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { useRealtimeEvent } from "../../../lib/realtime/use-realtime-event.ts";
import { toast } from "../../../lib/toast.ts";
import {
  commentCountsKey,
  postCommentsKey,
  useAddComment,
  useDeleteComment,
  useEditComment,
  usePostComments,
} from "../api/post-comments.ts";

type Member = { user_id: string; name: string };

function formatAt(iso: string, timeZone: string) {
  return dateTimeFormat(undefined, {
    timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The members whose "@Name" is still in the text: the ids a comment sends as its mentions. */
export function mentionedIn(body: string, members: Member[]): string[] {
  return members
    .filter((member) => new RegExp(`@${escapeRegExp(member.name)}(?![\\w])`).test(body))
    .map((member) => member.user_id);
}

/** The "@word" being typed just before the caret, if any. */
function typedMention(text: string, caret: number): { start: number; query: string } | undefined {
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  return { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}

/** A textarea with an @-autocomplete of the members who may see the post. */
function CommentBox({
  members,
  initial = "",
  label,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  members: Member[];
  initial?: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: string, mentions: string[]) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [body, setBody] = useState(initial);
  const [typing, setTyping] = useState<{ start: number; query: string }>();
  const ref = useRef<HTMLTextAreaElement>(null);
  const matches = typing
    ? members.filter((member) => member.name.toLowerCase().includes(typing.query)).slice(0, 6)
    : [];

  function pick(member: Member) {
    if (!typing || !ref.current) return;
    const caret = ref.current.selectionStart;
    const next = `${body.slice(0, typing.start)}@${member.name} ${body.slice(caret)}`;
    setBody(next);
    setTyping(undefined);
    const at = typing.start + member.name.length + 2;
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(at, at);
    });
  }

  async function submit() {
    const text = body.trim();
    if (!text) return;
    try {
      await onSubmit(text, mentionedIn(text, members));
      setBody("");
      onCancel?.();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Textarea
          ref={ref}
          id={id}
          placeholder={`${label} — type @ to mention a member`}
          className="min-h-16"
          value={body}
          maxLength={POST_COMMENT_MAX_LENGTH}
          onChange={(event) => {
            setBody(event.target.value);
            setTyping(typedMention(event.target.value, event.target.selectionStart));
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape" && typing) {
              event.stopPropagation();
              setTyping(undefined);
            } else if (event.key === "Enter" && matches.length > 0 && typing) {
              event.preventDefault();
              pick(matches[0]!);
            }
          }}
        />
        {matches.length > 0 ? (
          <ul
            aria-label="Members to mention"
            className="absolute inset-x-0 top-full z-10 mt-1 max-h-48 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            {matches.map((member) => (
              <li key={member.user_id}>
                <button
                  type="button"
                  className="w-full truncate rounded-md px-2.5 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100"
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(member);
                  }}
                >
                  @{member.name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" disabled={pending || !body.trim()} onClick={() => void submit()}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        {body.length > POST_COMMENT_MAX_LENGTH - 200 ? (
          <span className="text-xs text-slate-500">
            {body.length} / {POST_COMMENT_MAX_LENGTH}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The body with its @mentions of members set apart. */
function Body({ comment }: { comment: PostCommentView }) {
  const names = comment.mentions.map((mention) => escapeRegExp(`@${mention.name}`));
  if (names.length === 0) {
    return <p className="whitespace-pre-wrap break-words text-slate-800">{comment.body}</p>;
  }
  const parts = comment.body.split(new RegExp(`(${names.join("|")})`));
  return (
    <p className="whitespace-pre-wrap break-words text-slate-800">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <span key={index} className="font-medium text-brand-700">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </p>
  );
}

function CommentItem({
  postId,
  comment,
  members,
  timeZone,
  onReply,
}: {
  postId: string;
  comment: PostCommentView;
  members: Member[];
  timeZone: string;
  onReply?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const edit = useEditComment(postId);
  const remove = useDeleteComment(postId);
  return (
    <div className="text-sm" data-testid="post-comment">
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="font-medium text-slate-900">{comment.author.name}</span>
        <span className="text-xs text-slate-500">
          {formatAt(comment.created_at, timeZone)}
          {comment.edited_at ? " · edited" : ""}
        </span>
      </p>
      {editing ? (
        <div className="mt-1.5">
          <CommentBox
            members={members}
            initial={comment.body}
            label="Edit your comment"
            submitLabel="Save"
            pending={edit.isPending}
            onSubmit={(body, mentions) => edit.mutateAsync({ id: comment.id, body, mentions })}
            onCancel={() => setEditing(false)}
          />
        </div>
      ) : (
        <div className="mt-0.5">
          <Body comment={comment} />
        </div>
      )}
      {!editing ? (
        <div className="mt-1 flex flex-wrap gap-3 text-xs">
          {onReply ? (
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={onReply}
            >
              Reply
            </button>
          ) : null}
          {comment.can_edit ? (
            <button
              type="button"
              className="inline-flex items-center gap-1 font-medium text-slate-600 hover:text-slate-900"
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" className="size-3" />
              Edit
            </button>
          ) : null}
          {comment.can_delete ? (
            <button
              type="button"
              className="inline-flex items-center gap-1 font-medium text-slate-600 hover:text-red-700"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm("Delete this comment and its replies?")) {
                  remove.mutate(comment.id, {
                    onError: (error) => toast.error(errorMessage(error)),
                  });
                }
              }}
            >
              <Trash2 aria-hidden="true" className="size-3" />
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The panel's "Comments" block (decision 042): threads between members, one level of replies,
 * @mentions of the members who may see the post, edit and delete one's own; live.
 */
export function PostComments({ postId, timeZone }: { postId: string; timeZone: string }) {
  const comments = usePostComments(postId);
  const add = useAddComment(postId);
  const queryClient = useQueryClient();
  const [replyTo, setReplyTo] = useState<string>();
  const id = useId();
  useRealtimeEvent("post-comments:updated", (data) => {
    if ((data as { post_id?: string } | undefined)?.post_id === postId) {
      void queryClient.invalidateQueries({ queryKey: postCommentsKey(postId) });
    }
    void queryClient.invalidateQueries({ queryKey: commentCountsKey });
  });
  if (!comments.data) return null;
  const { comments: threads, count, can_write: canWrite, members } = comments.data;

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 p-4">
      <h3
        id={`${id}-title`}
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        <MessageSquareText aria-hidden="true" className="size-4 text-brand-700" />
        Comments{count > 0 ? ` (${count})` : ""}
      </h3>
      {threads.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          No comments yet.{canWrite ? " Only members of this workspace see them." : ""}
        </p>
      ) : (
        <ol className="mt-3 space-y-4">
          {threads.map((thread) => (
            <li key={thread.id}>
              <CommentItem
                postId={postId}
                comment={thread}
                members={members}
                timeZone={timeZone}
                {...(canWrite ? { onReply: () => setReplyTo(thread.id) } : {})}
              />
              {thread.replies.length > 0 || replyTo === thread.id ? (
                <ol className="mt-2 space-y-3 border-l-2 border-slate-100 pl-3">
                  {thread.replies.map((reply) => (
                    <li key={reply.id} className="flex gap-1.5">
                      <CornerDownRight
                        aria-hidden="true"
                        className="mt-0.5 size-3.5 shrink-0 text-slate-400"
                      />
                      <div className="min-w-0 flex-1">
                        <CommentItem
                          postId={postId}
                          comment={reply}
                          members={members}
                          timeZone={timeZone}
                        />
                      </div>
                    </li>
                  ))}
                  {replyTo === thread.id ? (
                    <li>
                      <CommentBox
                        members={members}
                        label={`Reply to ${thread.author.name}`}
                        submitLabel="Reply"
                        pending={add.isPending}
                        onSubmit={(body, mentions) =>
                          add.mutateAsync({ body, mentions, parentId: thread.id })
                        }
                        onCancel={() => setReplyTo(undefined)}
                      />
                    </li>
                  ) : null}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <CommentBox
            members={members}
            label="Write a comment"
            submitLabel="Comment"
            pending={add.isPending}
            onSubmit={(body, mentions) => add.mutateAsync({ body, mentions })}
          />
        </div>
      ) : null}
    </section>
  );
}
