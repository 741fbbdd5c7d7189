import type { InboxLabel } from "@sightline/contracts";
import { MessageCircle, MessagesSquare, Search } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import { cn } from "../../../utils/cn.ts";
import { visibleRange } from "../../../utils/virtual-rows.ts";
import type { Conversation, InboxFilter } from "../api/list-conversations.ts";
import { formatListTime } from "../utils/list-time.ts";
import { useInboxMedia } from "./inbox-media.tsx";
import { LabelChips } from "./label-chips.tsx";

export const inboxFilters: Array<{ value: InboxFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "dm", label: "Direct messages" },
  { value: "comments", label: "Comments" },
  { value: "unread", label: "Unread" },
  { value: "needs_reply", label: "Needs reply" },
];

const ROW_HEIGHT = 80;

export function conversationKey(item: { kind: string; id: string }) {
  return `${item.kind}:${item.id}`;
}

/** Who a list item is about: the person of a DM, or the newest commenter on a post. */
export function conversationTitle(item: Conversation): { title: string; subtitle: string | null } {
  const username = item.person.username ? `@${item.person.username}` : null;
  if (item.person.name) return { title: item.person.name, subtitle: username };
  if (username) return { title: username, subtitle: null };
  return { title: item.kind === "dm" ? "Instagram user" : "Comments on your post", subtitle: null };
}

function previewOf(item: Conversation): string {
  if (item.preview) return item.preview;
  return item.kind === "dm" ? "Sent an attachment" : "Commented";
}

function ConversationRow({
  item,
  isSelected,
  onSelect,
  top,
}: {
  item: Conversation;
  isSelected: boolean;
  onSelect: () => void;
  top: number;
}) {
  const { Avatar } = useInboxMedia();
  const timeZone = useTimeZone();
  const { title, subtitle } = conversationTitle(item);
  // Grey text on the selected row's tint needs one shade darker to keep 4.5:1 (axe).
  const muted = isSelected ? "text-slate-600" : "text-slate-500";
  return (
    <li className="absolute inset-x-0" style={{ top, height: ROW_HEIGHT }}>
      <button
        type="button"
        onClick={onSelect}
        aria-current={isSelected ? "true" : undefined}
        data-testid="conversation-item"
        data-kind={item.kind}
        data-unread={item.is_unread}
        className={cn(
          "flex h-full w-full items-center gap-3 border-b border-slate-100 px-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600",
          isSelected && "bg-brand-50 hover:bg-brand-50",
        )}
      >
        <Avatar
          src={item.person.profile_pic}
          igsid={item.kind === "dm" ? (item.person.id ?? undefined) : undefined}
          username={item.person.username ?? undefined}
          alt={item.person.name ?? item.person.username ?? title}
          size={44}
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span
              className={cn(
                "truncate text-sm text-slate-900",
                item.is_unread ? "font-semibold" : "font-medium",
              )}
            >
              {title}
            </span>
            {subtitle ? (
              <span className={cn("hidden truncate text-xs sm:inline", muted)}>{subtitle}</span>
            ) : null}
            <time
              dateTime={item.updated_time}
              className={cn(
                "ml-auto shrink-0 text-xs",
                item.is_unread ? "font-semibold text-brand-700" : muted,
              )}
            >
              {formatListTime(item.updated_time, new Date(), { timeZone })}
            </time>
          </span>
          <span className="mt-1 flex items-center gap-2">
            {item.kind === "dm" ? (
              <Badge variant="neutral" className="px-1.5 py-0 text-[11px]">
                <MessagesSquare aria-hidden="true" className="size-3" />
                DM
              </Badge>
            ) : (
              <Badge variant="brand" className="px-1.5 py-0 text-[11px]">
                <MessageCircle aria-hidden="true" className="size-3" />
                Comment
              </Badge>
            )}
            <LabelChips labels={item.labels} max={2} />
            <span className={cn("truncate text-sm", item.is_unread ? "text-slate-900" : muted)}>
              {previewOf(item)}
            </span>
            {item.is_unread ? (
              <span
                role="img"
                aria-label="Unread"
                className="ml-auto size-2.5 shrink-0 rounded-full bg-brand-600"
              />
            ) : item.needs_reply ? (
              <span className="ml-auto shrink-0 text-[11px] font-medium text-amber-700">
                Needs reply
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The conversation list: search, the five filters, and a virtualised list (only the rows in
 * view are in the DOM) that asks for the next keyset page as its end comes into view.
 */
export function ConversationList({
  items,
  filter,
  onFilterChange,
  search,
  onSearchChange,
  selectedKey,
  onSelect,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  status,
  onRetry,
  labels = [],
  labelFilter = null,
  onLabelFilterChange,
}: {
  items: Conversation[];
  filter: InboxFilter;
  onFilterChange: (filter: InboxFilter) => void;
  search: string;
  onSearchChange: (search: string) => void;
  selectedKey: string | null;
  onSelect: (item: Conversation) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  status: "pending" | "error" | "success";
  onRetry: () => void;
  /** The workspace's labels, to filter by (none: no label filter). */
  labels?: InboxLabel[];
  labelFilter?: string | null;
  onLabelFilterChange?: (labelId: string | null) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ scrollTop: 0, height: 800 });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () =>
      setViewport({ scrollTop: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const range = visibleRange({
    count: items.length,
    rowHeight: ROW_HEIGHT,
    scrollTop: viewport.scrollTop,
    viewportHeight: viewport.height,
  });

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && range.end >= items.length - 10) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, range.end, items.length, fetchNextPage]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-3 border-b border-slate-200 px-4 py-3">
        <label className="relative block">
          <span className="sr-only">Search conversations</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Search name, username or text"
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
          />
        </label>
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">Show</legend>
          {inboxFilters.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={filter === option.value}
              onClick={() => onFilterChange(option.value)}
              className={cn(
                "h-8 shrink-0 rounded-full px-3 text-xs font-semibold transition-colors",
                filter === option.value
                  ? "bg-slate-900 text-white"
                  : "bg-slate-100 text-slate-700 hover:bg-slate-200",
              )}
            >
              {option.label}
            </button>
          ))}
          {labels.length > 0 && onLabelFilterChange ? (
            <label className="relative">
              <span className="sr-only">Label</span>
              <select
                value={labelFilter ?? ""}
                onChange={(event) => onLabelFilterChange(event.target.value || null)}
                data-testid="label-filter"
                className={cn(
                  "h-8 max-w-40 rounded-full border-0 px-3 text-xs font-semibold",
                  labelFilter
                    ? "bg-slate-900 text-white"
                    : "bg-slate-100 text-slate-700 hover:bg-slate-200",
                )}
              >
                <option value="">Any label</option>
                {labels.map((label) => (
                  <option key={label.id} value={label.id}>
                    {label.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </fieldset>
      </div>
      <div
        ref={scroller}
        onScroll={(event) =>
          setViewport({
            scrollTop: event.currentTarget.scrollTop,
            height: event.currentTarget.clientHeight,
          })
        }
        className="relative min-h-0 flex-1 overflow-y-auto"
      >
        {status === "pending" ? (
          <ul role="status" aria-label="Loading conversations">
            {[0, 1, 2, 3, 4, 5].map((key) => (
              <li key={key} className="flex h-20 items-center gap-3 border-b border-slate-100 px-4">
                <Skeleton as="span" className="size-11 rounded-full bg-slate-200" />
                <span className="flex-1 space-y-2">
                  <Skeleton as="span" className="block h-3 w-1/2 rounded bg-slate-200" />
                  <Skeleton as="span" className="block h-3 w-3/4 rounded" />
                </span>
              </li>
            ))}
          </ul>
        ) : status === "error" ? (
          <QueryError
            variant="inline"
            message="The conversations could not be loaded."
            onRetry={onRetry}
            className="px-6 py-10 text-center"
          />
        ) : items.length === 0 ? (
          <div className="px-6 py-10 text-center text-sm text-slate-600">
            {search ? (
              <p>No conversation matches “{search}”. Try a name, a username or a word.</p>
            ) : filter === "all" ? (
              <p>
                No messages or comments yet. New direct messages and comments on your posts appear
                here as they arrive.
              </p>
            ) : (
              <p>Nothing here right now. Choose All to see every conversation.</p>
            )}
          </div>
        ) : (
          <ul
            aria-label="Conversations"
            data-count={items.length}
            className="relative"
            style={{ height: items.length * ROW_HEIGHT }}
          >
            {items.slice(range.start, range.end).map((item, offset) => {
              const index = range.start + offset;
              return (
                <ConversationRow
                  key={conversationKey(item)}
                  item={item}
                  top={index * ROW_HEIGHT}
                  isSelected={selectedKey === conversationKey(item)}
                  onSelect={() => onSelect(item)}
                />
              );
            })}
          </ul>
        )}
        {isFetchingNextPage ? (
          <p role="status" className="py-3 text-center text-xs text-slate-500">
            Loading more…
          </p>
        ) : null}
      </div>
    </div>
  );
}
