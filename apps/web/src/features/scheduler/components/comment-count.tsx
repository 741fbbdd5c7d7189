import { MessageSquareText } from "lucide-react";
import { useCan } from "../../../lib/workspace-role.tsx";
import { cn } from "../../../utils/cn.ts";
import { useCommentCounts } from "../api/post-comments.ts";

/** A post's number of comments between members (decision 042); nothing when it has none. */
export function CommentCount({ postId, className }: { postId: string; className?: string }) {
  const { data: counts } = useCommentCounts(useCan("read"));
  const count = counts?.[postId] ?? 0;
  if (count === 0) return null;
  return (
    <span
      data-testid="comment-count"
      title={count === 1 ? "1 comment" : `${count} comments`}
      className={cn("inline-flex shrink-0 items-center gap-0.5 text-slate-600", className)}
    >
      <MessageSquareText aria-hidden="true" className="size-3.5" />
      <span className="tabular-nums">{count}</span>
      <span className="sr-only">{count === 1 ? " comment" : " comments"}</span>
    </span>
  );
}
