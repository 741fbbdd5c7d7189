import { useSearchParams } from "react-router";
import { SecretaryQueue } from "../../../features/ai-team/components/secretary-queue.tsx";
import { AutomationsView } from "../../../features/automations/components/automations-view.tsx";
import { Inbox } from "../../../features/inbox/components/inbox.tsx";
import { InboxMediaProvider } from "../../../features/inbox/components/inbox-media.tsx";
import { MessagingModeProvider } from "../../../features/inbox/hooks/use-messaging-mode.tsx";
import { InstagramAvatar } from "../../../features/instagram/components/instagram-avatar.tsx";
import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";
import { avatarAttempt } from "../../../features/instagram/utils/avatar-chain.ts";
import { cn } from "../../../utils/cn.ts";

const inboxMedia = {
  Avatar: InstagramAvatar,
  // Instagram's CDN addresses go through our media proxy (spec §5).
  mediaUrl: (src: string) => avatarAttempt(src, window.location.origin).url,
};

const tabs = [
  ["inbox", "Inbox"],
  ["automations", "Automations"],
] as const;

/**
 * Messages (issue 15): the unified inbox, full-bleed (spec §2: no padding on /messages), behind
 * the Instagram guard; its Automations tab (issue 32) by `?tab=automations`.
 */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "automations" ? "automations" : "inbox";
  const tabStrip = (
    <nav aria-label="Messages" className="flex">
      {tabs.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-current={tab === value ? "page" : undefined}
          onClick={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === "inbox") next.delete("tab");
                else next.set("tab", value);
                return next;
              },
              { replace: false },
            )
          }
          className={cn(
            "h-11 border-b-2 px-2 text-sm font-semibold sm:h-12 sm:px-3",
            tab === value
              ? "border-brand-600 text-slate-900"
              : "border-transparent text-slate-600 hover:text-slate-900",
          )}
        >
          {label}
        </button>
      ))}
    </nav>
  );
  return (
    <InstagramGuard className="px-4 py-10">
      <InboxMediaProvider value={inboxMedia}>
        <MessagingModeProvider>
          <Inbox
            headerStart={tabStrip}
            headerActions={<SecretaryQueue />}
            {...(tab === "automations" ? { replacement: <AutomationsView /> } : {})}
          />
        </MessagingModeProvider>
      </InboxMediaProvider>
    </InstagramGuard>
  );
}
