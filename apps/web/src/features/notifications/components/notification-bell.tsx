import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { Notification } from "@sightline/contracts";
import {
  AtSign,
  Bell,
  ClipboardCheck,
  MessageCircle,
  MessageSquareText,
  MessagesSquare,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { markSeen, useSeenMap } from "../../../lib/seen-timestamps.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { useNotifications } from "../api/list-notifications.ts";
import { unreadCount, unseenNotifications } from "../utils/unseen-notifications.ts";

const entries = {
  message: {
    to: paths.messages,
    icon: MessagesSquare,
    label: (count: number) => (count === 1 ? "1 new message" : `${count} new messages`),
  },
  comment: {
    to: paths.postPerformance,
    icon: MessageCircle,
    label: (count: number) => (count === 1 ? "1 new comment" : `${count} new comments`),
  },
  mention: {
    to: paths.mentions,
    icon: AtSign,
    label: (count: number) => (count === 1 ? "1 new mention" : `${count} new mentions`),
  },
  // Decision 037: reviewers' decisions, and posts that missed their slot waiting for approval.
  approval: {
    to: paths.contentScheduler,
    icon: ClipboardCheck,
    label: (count: number) => (count === 1 ? "1 approval update" : `${count} approval updates`),
  },
  // Decision 042: a member @mentioned you in a comment on a post (a Client reads it on Reviews).
  comment_mention: {
    to: paths.contentScheduler,
    icon: MessageSquareText,
    label: (count: number) =>
      count === 1 ? "You were mentioned in a comment" : `You were mentioned in ${count} comments`,
  },
  // Decision 037 addendum: posts sent to you for approval, still waiting.
  review_request: {
    to: paths.reviews,
    icon: ClipboardCheck,
    label: (count: number) =>
      count === 1 ? "1 post waiting for your approval" : `${count} posts waiting for your approval`,
  },
} as const;

function formatTime(iso: string) {
  return dateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
}

/**
 * Spec §2/§4: the bell, with a purple dot while something is unseen. Opening it shows what was
 * new and marks messages and comments seen; closing it lets the layout refresh notification and
 * conversation data.
 */
export function NotificationBell({ onClosed }: { onClosed: () => void }) {
  const { data: notifications = [] } = useNotifications();
  // A member who does not read the account's posts (a Client) finds them on Reviews.
  const canRead = useCan("read");
  const seen = useSeenMap();
  const unread = unreadCount(notifications, seen);
  // What was new when the popover opened: marking it seen must not empty the open popover.
  const [shown, setShown] = useState<Notification[]>([]);

  function onOpenChange(open: boolean) {
    if (open) {
      const fresh = unseenNotifications(notifications, seen);
      setShown(fresh);
      markSeen(Object.fromEntries(notifications.map((item) => [item.id, item.latestTimestamp])));
    } else {
      onClosed();
    }
  }

  return (
    <DropdownMenu.Root onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        aria-label={unread > 0 ? `Notifications (${unread} new)` : "Notifications"}
        className="relative flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            data-testid="notifications-dot"
            className="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-brand-600 ring-2 ring-white"
          />
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 py-2 text-sm font-semibold text-slate-900">
            Notifications
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {shown.length === 0 ? (
            <p className="px-2.5 py-6 text-center text-sm text-slate-500">No new notifications</p>
          ) : (
            shown.map((item) => {
              const entry = entries[item.type];
              const Icon = entry.icon;
              const to = item.type === "comment_mention" && !canRead ? paths.reviews : entry.to;
              return (
                <DropdownMenu.Item key={item.id} asChild>
                  <Link
                    to={to}
                    className="flex cursor-pointer items-start gap-3 rounded-md px-2.5 py-2 outline-none data-[highlighted]:bg-slate-100"
                  >
                    <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    <span className="min-w-0">
                      <span className="block text-sm font-medium text-slate-900">
                        {entry.label(item.count)}
                      </span>
                      <span className="block text-xs text-slate-500">
                        Latest {formatTime(item.latestTimestamp)}
                      </span>
                    </span>
                  </Link>
                </DropdownMenu.Item>
              );
            })
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
