import { BookmarkPlus, FlaskConical, Timer } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { markSeen } from "../../../lib/seen-timestamps.ts";
import { cn } from "../../../utils/cn.ts";
import { useDeleteComment } from "../api/delete-comment.ts";
import { useFindConversation } from "../api/find-conversation.ts";
import { useCommentThread } from "../api/get-comment-thread.ts";
import { useDmThread } from "../api/get-dm-thread.ts";
import { useHideComment } from "../api/hide-comment.ts";
import { useInboxLabels } from "../api/labels.ts";
import {
  type Conversation,
  type InboxFilter,
  useConversations,
} from "../api/list-conversations.ts";
import { useReplyToComment } from "../api/reply-to-comment.ts";
import { uploadReplyImage, useSendDmReply } from "../api/send-dm-reply.ts";
import { useSendPrivateReply } from "../api/send-private-reply.ts";
import { useSetReadState } from "../api/set-read-state.ts";
import { useMessagingMode } from "../hooks/use-messaging-mode.tsx";
import { type CommentActions, CommentThreadView } from "./comment-thread-view.tsx";
import { ConversationList, conversationKey, conversationTitle } from "./conversation-list.tsx";
import { type DmSend, DmThreadView } from "./dm-thread-view.tsx";
import { InboxLayout, NoConversationOpen, ThreadSkeleton } from "./inbox-layout.tsx";
import { useInboxMedia } from "./inbox-media.tsx";
import { LabelChips } from "./label-chips.tsx";
import { LabelMenu } from "./label-menu.tsx";
import { MockInbox } from "./mock-inbox.tsx";
import { ResponseTimesDialog } from "./response-times-dialog.tsx";
import { SavedRepliesDialog } from "./saved-replies-dialog.tsx";
import { ThreadHeader } from "./thread-header.tsx";

export type OpenConversation = { kind: "dm" | "comments"; id: string; key: string };

function parseOpen(value: string | null): OpenConversation | null {
  if (!value) return null;
  const separator = value.indexOf(":");
  const kind = value.slice(0, separator);
  const id = value.slice(separator + 1);
  if ((kind !== "dm" && kind !== "comments") || !id) return null;
  return { kind, id, key: value };
}

function ThreadError({ onRetry, onBack }: { onRetry: () => void; onBack: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center text-sm text-slate-600">
      <p>This conversation could not be loaded.</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onBack} className="md:hidden">
          Back
        </Button>
        <Button size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </div>
  );
}

function ApiDmThread({
  id,
  item,
  onBack,
  isUnread,
  onToggleRead,
  onManageSavedReplies,
}: {
  id: string;
  item: Conversation | null;
  onBack: () => void;
  isUnread: boolean;
  onToggleRead: () => void;
  onManageSavedReplies: () => void;
}) {
  const { Avatar } = useInboxMedia();
  const { data, status, refetch } = useDmThread(id);
  const send = useSendDmReply();
  if (status === "pending") return <ThreadSkeleton />;
  if (status === "error") return <ThreadError onRetry={() => void refetch()} onBack={onBack} />;
  const person = data.person;
  const title =
    person?.name ??
    (person?.username
      ? `@${person.username}`
      : item
        ? conversationTitle(item).title
        : "Instagram user");
  const onSend: DmSend = ({ text, clientId, imageUrl }) =>
    send.mutateAsync({ threadId: id, text, clientId, imageUrl: imageUrl ?? null });
  return (
    <>
      <ThreadHeader
        avatar={
          <Avatar
            src={person?.profile_pic}
            igsid={person?.id ?? undefined}
            username={person?.username ?? undefined}
            alt={title}
            size={36}
          />
        }
        title={title}
        subtitle={
          person?.name && person.username
            ? `@${person.username} · Direct messages`
            : "Direct messages"
        }
        onBack={onBack}
        isUnread={isUnread}
        onToggleRead={onToggleRead}
        link={
          person?.username
            ? { href: `https://www.instagram.com/${person.username}/`, label: "Profile" }
            : null
        }
        labels={<ThreadLabels kind="dm" id={id} item={item} />}
      />
      <DmThreadView
        threadId={id}
        thread={data}
        onSend={onSend}
        onUploadImage={uploadReplyImage}
        onManageSavedReplies={onManageSavedReplies}
      />
    </>
  );
}

/** The open conversation's label chips and its Labels menu. */
function ThreadLabels({
  kind,
  id,
  item,
}: {
  kind: "dm" | "comments";
  id: string;
  item: Conversation | null;
}) {
  const current = item?.labels ?? [];
  return (
    <>
      <span className="hidden lg:flex">
        <LabelChips labels={current} max={3} />
      </span>
      <LabelMenu kind={kind} conversationId={id} current={current} />
    </>
  );
}

function ApiCommentThread({
  id,
  item,
  onBack,
  isUnread,
  onToggleRead,
  onManageSavedReplies,
}: {
  id: string;
  item: Conversation | null;
  onBack: () => void;
  isUnread: boolean;
  onToggleRead: () => void;
  onManageSavedReplies: () => void;
}) {
  const { data, status, refetch } = useCommentThread(id);
  const reply = useReplyToComment();
  const privateReply = useSendPrivateReply();
  const hide = useHideComment();
  const remove = useDeleteComment();
  const actions: CommentActions = {
    reply: reply.mutateAsync,
    privateReply: privateReply.mutateAsync,
    hide: hide.mutateAsync,
    remove: remove.mutateAsync,
  };
  if (status === "pending") return <ThreadSkeleton />;
  if (status === "error") return <ThreadError onRetry={() => void refetch()} onBack={onBack} />;
  const count = data.comments.length;
  return (
    <>
      <ThreadHeader
        avatar={null}
        title={data.post.caption ? data.post.caption.split("\n")[0]! : "Your post"}
        subtitle={`${count === 1 ? "1 comment" : `${count} comments and replies`} · Comments`}
        onBack={onBack}
        isUnread={isUnread}
        onToggleRead={onToggleRead}
        link={data.post.permalink ? { href: data.post.permalink, label: "Post" } : null}
        labels={<ThreadLabels kind="comments" id={id} item={item} />}
      />
      <CommentThreadView
        postId={id}
        thread={data}
        actions={actions}
        onManageSavedReplies={onManageSavedReplies}
      />
    </>
  );
}

function ApiInbox({ onManageSavedReplies }: { onManageSavedReplies: () => void }) {
  const [params, setParams] = useSearchParams();
  const open = parseOpen(params.get("open"));
  // A deep link names the conversation by id only: once its kind is known it opens like a click.
  const linked = open === null ? params.get("conversation") : null;
  const found = useFindConversation(linked);
  const linkedKind = found.data?.kind;
  useEffect(() => {
    if (!linked || !linkedKind) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("conversation");
        next.set("open", `${linkedKind}:${linked}`);
        return next;
      },
      { replace: true },
    );
  }, [linked, linkedKind, setParams]);
  const [filter, setFilter] = useState<InboxFilter>("all");
  const [labelFilter, setLabelFilter] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const query = useConversations(filter, q, labelFilter);
  const labels = useInboxLabels();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = open ? (items.find((item) => conversationKey(item) === open.key) ?? null) : null;
  const setRead = useSetReadState();
  // Marked unread by hand while open: not marked read again until another is opened.
  const keptUnread = useRef<string | null>(null);

  const selectedTime = selected?.updated_time;
  const selectedUnread = selected?.is_unread ?? false;
  const openKey = open?.key ?? null;
  const markRead = setRead.mutate;
  const isMarking = setRead.isPending;
  useEffect(() => {
    const current = parseOpen(openKey);
    if (!current || !selectedTime) return;
    // Spec §3 seen map: opening a conversation marks it seen, per conversation id.
    markSeen({ [current.id]: selectedTime });
    if (selectedUnread && keptUnread.current !== current.key && !isMarking) {
      markRead({ id: current.id, kind: current.kind, read: true });
    }
  }, [openKey, selectedTime, selectedUnread, isMarking, markRead]);

  function select(item: Conversation) {
    keptUnread.current = null;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("open", conversationKey(item));
      return next;
    });
  }
  function back() {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete("open");
      return next;
    });
  }
  function toggleRead() {
    if (!open) return;
    const read = selectedUnread;
    keptUnread.current = read ? null : open.key;
    setRead.mutate({ id: open.id, kind: open.kind, read });
  }

  const threadProps = {
    onBack: back,
    isUnread: selectedUnread,
    onToggleRead: toggleRead,
    onManageSavedReplies,
  };
  return (
    <InboxLayout
      hasSelection={open !== null}
      list={
        <ConversationList
          items={items}
          filter={filter}
          onFilterChange={setFilter}
          search={search}
          onSearchChange={setSearch}
          selectedKey={open?.key ?? null}
          onSelect={select}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={() => void query.fetchNextPage()}
          status={query.status}
          onRetry={() => void query.refetch()}
          labels={labels.data?.items ?? []}
          labelFilter={labelFilter}
          onLabelFilterChange={setLabelFilter}
        />
      }
      thread={
        open === null ? (
          <NoConversationOpen />
        ) : open.kind === "dm" ? (
          <ApiDmThread key={open.key} id={open.id} item={selected} {...threadProps} />
        ) : (
          <ApiCommentThread key={open.key} id={open.id} item={selected} {...threadProps} />
        )
      }
    />
  );
}

/**
 * The Messages page (issue 15): the unified inbox in 'api' mode, or the labelled sample inbox
 * in 'mock' mode (spec §3/§4 messaging mode, toggled here in the page's header).
 */
export function Inbox({
  headerActions,
  headerStart,
  replacement,
}: {
  headerActions?: ReactNode;
  /** Shown first in the header (the page's tabs). */
  headerStart?: ReactNode;
  /** Shown instead of the conversations (another tab of the page). */
  replacement?: ReactNode;
} = {}) {
  const { mode, setMode } = useMessagingMode();
  const [isSavedOpen, setSavedOpen] = useState(false);
  const [isTimesOpen, setTimesOpen] = useState(false);
  const openSaved = () => setSavedOpen(true);
  return (
    <div className="flex h-[calc(100dvh-4rem)] flex-col">
      <div className="flex min-h-12 shrink-0 flex-wrap items-center gap-x-2 border-b border-slate-200 bg-white px-3 sm:h-12 sm:flex-nowrap sm:px-4">
        {headerStart}
        <div
          hidden={replacement !== undefined}
          role="radiogroup"
          aria-label="Messaging mode"
          className="flex rounded-lg bg-slate-100 p-0.5"
        >
          {(
            [
              ["api", "Instagram"],
              ["mock", "Sample data"],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
              className={cn(
                "h-8 rounded-md px-3 text-xs font-semibold transition-colors",
                mode === value
                  ? "bg-white text-slate-900 shadow-sm"
                  : "text-slate-600 hover:text-slate-900",
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="ml-auto flex items-center gap-1">
          {mode === "api" && replacement === undefined ? headerActions : null}
        </div>
        {mode === "api" && replacement === undefined ? (
          <Button variant="ghost" size="sm" onClick={() => setTimesOpen(true)}>
            <Timer aria-hidden="true" />
            <span className="max-sm:sr-only">Response times</span>
          </Button>
        ) : null}
        {replacement === undefined ? (
          <Button variant="ghost" size="sm" onClick={openSaved}>
            <BookmarkPlus aria-hidden="true" />
            <span className="max-sm:sr-only">Saved replies</span>
          </Button>
        ) : null}
      </div>
      {replacement !== undefined ? (
        replacement
      ) : mode === "api" ? (
        <ApiInbox onManageSavedReplies={openSaved} />
      ) : (
        <>
          <p
            role="note"
            className="flex shrink-0 items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900"
          >
            <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
            Sample inbox for demos: these people and messages are made up, kept in this tab only,
            and nothing is sent to Instagram.
          </p>
          <MockInbox onManageSavedReplies={openSaved} />
        </>
      )}
      <SavedRepliesDialog open={isSavedOpen} onOpenChange={setSavedOpen} />
      <ResponseTimesDialog open={isTimesOpen} onOpenChange={setTimesOpen} />
    </div>
  );
}
