import { MessagesSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { cn } from "../../../utils/cn.ts";

/** List and thread side by side; below 768 px one at a time (the thread has a back button). */
export function InboxLayout({
  list,
  thread,
  hasSelection,
}: {
  list: ReactNode;
  thread: ReactNode;
  hasSelection: boolean;
}) {
  return (
    <div className="flex min-h-0 flex-1">
      <section
        aria-label="Conversations"
        className={cn(
          "min-h-0 w-full flex-col border-r border-slate-200 bg-white md:flex md:w-80 md:shrink-0 lg:w-96",
          hasSelection ? "hidden" : "flex",
        )}
      >
        {list}
      </section>
      <section
        aria-label="Conversation"
        className={cn(
          "min-h-0 min-w-0 flex-1 flex-col bg-white",
          hasSelection ? "flex" : "hidden md:flex",
        )}
      >
        {thread}
      </section>
    </div>
  );
}

export function NoConversationOpen() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MessagesSquare aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-3 text-sm font-medium text-slate-900">Choose a conversation</p>
      <p className="mt-1 max-w-xs text-sm text-slate-600">
        Direct messages and the comments on your posts open here, with replies, private replies and
        moderation.
      </p>
    </div>
  );
}

export function ThreadSkeleton() {
  return (
    <SkeletonGroup label="Loading the conversation" className="flex flex-1 flex-col">
      <div className="h-16 border-b border-slate-200" />
      <div className="flex-1 space-y-3 bg-slate-50 p-6">
        <Skeleton className="h-10 w-2/3 rounded-2xl bg-slate-200" />
        <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl bg-slate-200" />
        <Skeleton className="h-10 w-3/5 rounded-2xl bg-slate-200" />
      </div>
    </SkeletonGroup>
  );
}
