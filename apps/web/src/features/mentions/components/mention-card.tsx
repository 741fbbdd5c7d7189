import { LARGE_ACCOUNT_FOLLOWERS } from "@sightline/contracts";
import { AtSign, ExternalLink, ImageOff, Loader2, MessageCircle, Play, Tag } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Textarea } from "../../../components/ui/input.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { focusOnMount } from "../../../lib/focus-on-mount.ts";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../utils/cn.ts";
import type { Mention } from "../api/list-mentions.ts";
import { useReplyToMention } from "../api/reply-to-mention.ts";

const MEDIA_PROXY = "/api/functions/instagram-media-proxy";
const numberFormat = new Intl.NumberFormat();
const compactFormat = new Intl.NumberFormat(undefined, {
  notation: "compact",
  maximumFractionDigits: 1,
});

const kindLabels = {
  caption: { label: "Mentioned you in a post", icon: AtSign },
  comment: { label: "Mentioned you in a comment", icon: MessageCircle },
  tag: { label: "Tagged you in a post", icon: Tag },
} as const;

function profileUrl(username: string) {
  return `https://www.instagram.com/${encodeURIComponent(username)}/`;
}

/**
 * One mention or tag: who, where, what they wrote, the post's numbers as Instagram gave them, and
 * a reply where Instagram allows one. A large account's mention is highlighted.
 */
export function MentionCard({ mention, canReply }: { mention: Mention; canReply: boolean }) {
  const formatDateTime = useFormatDateTime();
  const kind = kindLabels[mention.kind];
  const KindIcon = kind.icon;
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState("");
  const reply = useReplyToMention();
  const fieldId = useId();
  const isLarge = mention.is_large_account;
  const author = mention.author_username;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    reply.mutate(
      { id: mention.id, text },
      {
        onSuccess: () => {
          setReplying(false);
          setText("");
          toast.success("Reply posted on Instagram");
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <li
      data-testid="ig-mention"
      className={cn(
        "flex gap-3 rounded-2xl border bg-white p-4 shadow-xs sm:gap-4",
        isLarge ? "border-brand-300 ring-1 ring-brand-200" : "border-slate-200",
      )}
    >
      <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:size-20">
        {mention.media_url && mention.media_type !== "VIDEO" ? (
          <img
            src={`${MEDIA_PROXY}?src=${encodeURIComponent(mention.media_url)}`}
            alt=""
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400">
            {mention.media_type === "VIDEO" ? (
              <Play className="size-5" aria-hidden="true" />
            ) : (
              <ImageOff className="size-5" aria-hidden="true" />
            )}
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          {author ? (
            <a
              href={profileUrl(author)}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline"
            >
              @{author}
            </a>
          ) : (
            <span className="font-semibold text-slate-900">Someone</span>
          )}
          {mention.author_followers !== null ? (
            <span className="text-xs text-slate-500">
              {compactFormat.format(mention.author_followers)} followers
            </span>
          ) : null}
          {isLarge ? (
            <Badge title={`${numberFormat.format(LARGE_ACCOUNT_FOLLOWERS)} followers or more`}>
              Large account
            </Badge>
          ) : null}
          <time dateTime={mention.mentioned_at} className="text-xs text-slate-500 sm:ml-auto">
            {formatDateTime(mention.mentioned_at, { dateStyle: "medium", timeStyle: "short" })}
          </time>
        </div>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-600">
          <KindIcon className="size-3.5 shrink-0 text-brand-600" aria-hidden="true" />
          <span>
            {kind.label}
            {mention.kind === "comment" && mention.media_owner_username
              ? ` on @${mention.media_owner_username}'s post`
              : ""}
          </span>
        </p>
        {mention.text ? (
          <p className="mt-2 line-clamp-3 text-sm leading-6 break-words text-slate-800">
            {mention.text}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-slate-500">
          {mention.like_count !== null ? (
            <span>
              {numberFormat.format(mention.like_count)}{" "}
              {mention.like_count === 1 ? "like" : "likes"}
            </span>
          ) : null}
          {mention.comments_count !== null ? (
            <span>
              {numberFormat.format(mention.comments_count)}{" "}
              {mention.comments_count === 1 ? "comment" : "comments"}
            </span>
          ) : null}
          {mention.permalink ? (
            <a
              href={mention.permalink}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              View on Instagram
              <ExternalLink className="size-3" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          {mention.replied_at ? (
            <Badge variant="success">Replied</Badge>
          ) : mention.can_reply && canReply && !replying ? (
            <Button size="sm" variant="outline" onClick={() => setReplying(true)}>
              Reply
            </Button>
          ) : null}
        </div>
        {replying ? (
          <form onSubmit={onSubmit} className="mt-3 space-y-2">
            <label htmlFor={fieldId} className="sr-only">
              Reply to @{author ?? "them"}
            </label>
            <Textarea
              id={fieldId}
              rows={2}
              maxLength={2200}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={`Reply to @${author ?? "them"}…`}
              ref={focusOnMount}
            />
            <div className="flex justify-end gap-2">
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => {
                  setReplying(false);
                  setText("");
                }}
              >
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={reply.isPending || text.trim() === ""}>
                {reply.isPending ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                ) : null}
                Send reply
              </Button>
            </div>
          </form>
        ) : null}
      </div>
    </li>
  );
}
