import { MessageCircle, MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { paths } from "../../../config/paths.ts";
import {
  type InboxConversationPage,
  useInboxConversations,
} from "../api/list-inbox-conversations.ts";

/** How many of the newest conversations the summary reads (the API's largest page). */
export const INBOX_SUMMARY_WINDOW = 100;

export function countNeedsReply(items: InboxConversationPage["items"]) {
  let dms = 0;
  let comments = 0;
  for (const item of items) {
    if (!item.needs_reply) continue;
    if (item.kind === "dm") dms++;
    else comments++;
  }
  return { dms, comments };
}

/** Dashboard widget: unanswered DMs and comment threads (issue 16 point 1). */
export function InboxSummary() {
  const query = useInboxConversations(INBOX_SUMMARY_WINDOW);
  return (
    <section
      aria-labelledby="inbox-summary"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="inbox-summary" className="font-semibold text-slate-900">
          Waiting for your reply
        </h3>
        <Link to={paths.messages} className="text-sm font-medium text-brand-700 hover:underline">
          Messages
        </Link>
      </div>
      {query.isPending ? (
        <SkeletonGroup label="Loading the inbox" className="mt-3 grid grid-cols-2 gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </SkeletonGroup>
      ) : query.isError ? (
        <QueryError
          variant="inline"
          message="The inbox could not be loaded."
          onRetry={query.refetch}
          className="mt-3"
        />
      ) : !query.data.connected ? (
        <p className="mt-3 text-sm text-slate-500">Connect Instagram to see your messages.</p>
      ) : (
        (() => {
          const { dms, comments } = countNeedsReply(query.data.items);
          const more = query.data.nextCursor !== null;
          return (
            <>
              <dl className="mt-3 grid grid-cols-2 gap-3" data-testid="inbox-summary">
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="flex items-center gap-1.5 text-xs text-slate-600">
                    <MessageCircle className="size-3.5" aria-hidden="true" /> Direct messages
                  </dt>
                  <dd
                    className="text-2xl font-semibold text-slate-900"
                    data-testid="unanswered-dms"
                  >
                    {dms}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="flex items-center gap-1.5 text-xs text-slate-600">
                    <MessagesSquare className="size-3.5" aria-hidden="true" /> Comment threads
                  </dt>
                  <dd
                    className="text-2xl font-semibold text-slate-900"
                    data-testid="unanswered-comments"
                  >
                    {comments}
                  </dd>
                </div>
              </dl>
              {more ? (
                <p className="mt-2 text-xs text-slate-500">
                  Counted among your {INBOX_SUMMARY_WINDOW} most recent conversations.
                </p>
              ) : null}
            </>
          );
        })()
      )}
    </section>
  );
}
